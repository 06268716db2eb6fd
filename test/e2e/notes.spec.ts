import { loadConfig, RpcClient } from '@app/platform';
import { HANDBOOK_CONFLICT_REASON, MAX_HANDBOOK_BYTES, MAX_HANDBOOK_CONTENT, MAX_HANDBOOK_REVISIONS } from '@app/proto';
import { XSS_CASES, unsafeParts } from '../../services/notes/src/handbooks/testing/xss-payloads';
import { createGroup, createToken, eventually, signUp, Stack, startStack, User } from './harness';

// The notes module's handbooks through the gateway, on the real Postgres and NATS: addresses (slugs) that are unique,
// kept across renames and still found by their old value; backlinks kept current on every save, rename and delete of
// either side; revisions with who and when; 409 on a stale edit; the XSS table in the API's answers; full-text search
// with accents typed or not, in pt-BR and en; tags; the counters; and tenancy.

let stack: Stack;
let owner: User;
let db: string;
let auth: Record<string, string>;

beforeAll(async () => {
  stack = await startStack('notes');
  owner = await signUp(stack, { confirm: true, locale: 'en' });
  db = (await createGroup(owner, 'Notes shop')).id;
  auth = { authorization: `Bearer ${await createToken(owner)}`, 'content-type': 'application/json' };
}, 60_000);
afterAll(() => stack?.close());

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, headers = auth): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}
const get = async (id: string, group = db) => (await call('GET', `/${group}/${id}`)).body;
const view = (name: string, query = '', group = db, headers = auth) => call('GET', `/${group}/_design/${name}${query}`, undefined, headers);
const byUri = async (slug: string, group = db) => (await view('handbooks/_view/by_uri', `?key=${encodeURIComponent(JSON.stringify(slug))}`, group)).body.rows;

async function handbook(doc: Json, group = db, headers = auth): Promise<Json> {
  const r = await call('POST', `/${group}`, { klass: 'Handbook', ...doc }, headers);
  expect([r.status, r.body.reason]).toEqual([201, undefined]);
  return r.body.doc;
}
async function save(doc: Json, changes: Json): Promise<Json> {
  const r = await call('PUT', `/${db}/${doc._id}`, { ...doc, ...changes });
  expect([r.status, r.body.reason]).toEqual([200, undefined]);
  return r.body.doc;
}

describe('addresses (uri)', () => {
  it('makes the uri from the title, gives a taken one -2, -3, and refuses a taken or malformed uri (422)', async () => {
    const a = await handbook({ title: 'Troca de Óleo — Motor 2.0' });
    const b = await handbook({ title: 'Troca de oleo: motor 2.0!' });
    const c = await handbook({ title: 'TROCA DE ÓLEO MOTOR 2 0' });
    expect([a.uri, b.uri, c.uri]).toEqual(['troca-de-oleo-motor-2-0', 'troca-de-oleo-motor-2-0-2', 'troca-de-oleo-motor-2-0-3']);
    expect((await call('POST', `/${db}`, { klass: 'Handbook', title: 'X', uri: 'troca-de-oleo-motor-2-0' })).body).toEqual({ error: 'unprocessable_entity', reason: { uri: 'has-already-been-taken' } });
    expect((await call('POST', `/${db}`, { klass: 'Handbook', title: 'X', uri: 'Not A Slug' })).body).toEqual({ error: 'unprocessable_entity', reason: { uri: 'is-not-a-valid-address' } });
    expect((await call('POST', `/${db}`, { klass: 'Handbook', title: '' })).body).toEqual({ error: 'unprocessable_entity', reason: { title: 'cant-be-blank' } });
  });

  it('keeps the uri when the title changes; a new uri keeps the old one in old_uris, found by by_uri and never given to another page', async () => {
    const doc = await handbook({ title: 'Brake pads' });
    const renamed = await save(doc, { title: 'Brake pads and discs' });
    expect(renamed.uri).toBe('brake-pads');
    const moved = await save(renamed, { uri: 'brakes' });
    expect([moved.uri, moved.old_uris]).toEqual(['brakes', ['brake-pads']]);
    expect(await byUri('brake-pads')).toEqual([{ key: 'brake-pads', value: { _id: doc._id, uri: 'brakes' } }]);
    expect(await byUri('brakes')).toEqual([{ key: 'brakes', value: { _id: doc._id, uri: 'brakes' } }]);
    expect(await byUri('no-such-page')).toEqual([]);
    // the old address stays this page's: a new page with that title gets -2, and asking for it is refused
    expect((await handbook({ title: 'Brake pads' })).uri).toBe('brake-pads-2');
    expect((await call('PUT', `/${db}/${moved._id}`, { ...moved, uri: 'troca-de-oleo-motor-2-0' })).body.reason).toEqual({ uri: 'has-already-been-taken' });
    // going back to its old address makes it current again
    const back = await save(moved, { uri: 'brake-pads' });
    expect([back.uri, back.old_uris]).toEqual(['brake-pads', ['brakes']]);
  });
});

describe('fields and value_for', () => {
  it('answers value_for from the fields and refuses a field name given twice', async () => {
    const doc = await handbook({ title: 'Compressor', fields: [{ field_name: 'Torque', field_value: '30 Nm' }, { field_name: 'Oil', field_value: 'SAE 30' }] });
    expect(doc.value_for).toEqual({ Torque: '30 Nm', Oil: 'SAE 30' });
    const dup = await call('POST', `/${db}`, { klass: 'Handbook', title: 'Dup', fields: [{ field_name: 'A', field_value: '1' }, { field_name: 'a', field_value: '2' }] });
    expect(dup.body).toEqual({ error: 'unprocessable_entity', reason: { 'fields.1.field_name': 'has-already-been-taken' } });
  });
});

describe('backlinks (linked_by)', () => {
  it('follow [[slug]] and uri links on save, title and uri changes of either side, and deletes', async () => {
    const target = await handbook({ title: 'Target page' });
    const source = await handbook({ title: 'Source page', content: 'See [[target-page]].' });
    expect((await get(target._id)).linked_by).toEqual([{ _id: source._id, title: 'Source page', uri: 'source-page' }]);

    // a link to its uri path, by id, from another page
    const other = await handbook({ title: 'Another', content: `[by id](/account/${db}/handbooks/${target._id})` });
    expect((await get(target._id)).linked_by.map((l: Json) => l.title)).toEqual(['Another', 'Source page']);

    // the source renamed: the backlink shows its new title and uri
    const src = await save(await get(source._id), { title: 'Source renamed', uri: 'source-renamed' });
    expect((await get(target._id)).linked_by).toEqual([
      { _id: other._id, title: 'Another', uri: 'another' },
      { _id: source._id, title: 'Source renamed', uri: 'source-renamed' },
    ]);

    // the target moved to another uri: [[target-page]] still names it (its old address)
    await save(await get(target._id), { uri: 'target-moved' });
    expect((await get(target._id)).linked_by.map((l: Json) => l._id)).toEqual([other._id, source._id]);

    // the link removed from the source, then the other page deleted
    await save(src, { content: 'no links now' });
    expect((await get(target._id)).linked_by.map((l: Json) => l._id)).toEqual([other._id]);
    const o = await get(other._id);
    expect((await call('DELETE', `/${db}/${other._id}?rev=${o._rev}`)).status).toBe(200);
    expect((await get(target._id)).linked_by).toEqual([]);
  });

  it('a link written before its page exists counts once the page is created', async () => {
    const early = await handbook({ title: 'Early', content: 'Later: [[Future Page]]' });
    const later = await handbook({ title: 'Future Page' });
    expect(later.linked_by).toEqual([{ _id: early._id, title: 'Early', uri: 'early' }]);
  });

  it('a page opened before someone linked to it still saves: only its backlinks changed (same revision)', async () => {
    const page = await handbook({ title: 'Opened in an editor' });
    await handbook({ title: 'Linker', content: '[[opened-in-an-editor]]' });
    const now = await get(page._id);
    expect(now._rev).not.toBe(page._rev);
    expect(now.revision).toBe(page.revision);
    const saved = await call('PUT', `/${db}/${page._id}`, { ...page, content: 'edited' });
    expect(saved.status).toBe(200);
    expect(saved.body.doc.linked_by.map((l: Json) => l.title)).toEqual(['Linker']);
  });
});

describe('revisions and conflicts', () => {
  it('records a revision per content change with who and when, newest first; a save that changes nothing adds none', async () => {
    const v1 = await handbook({ title: 'Rev page', content: 'one', categories: 'a' });
    const v2 = await save(v1, { content: 'two' });
    const v3 = await save(v2, { title: 'Rev page 3', content: 'three' });
    const same = await save(v3, {});
    expect([v1.revision, v2.revision, v3.revision, same.revision]).toEqual([1, 2, 3, 3]);
    const rows = (await view('handbooks/_view/revisions', `?key=${encodeURIComponent(JSON.stringify(v1._id))}`)).body.rows;
    expect(rows.map((r: Json) => [r.key, r.value.title, r.value.content, r.value.updated_by, r.value.updated_by_label])).toEqual([
      [3, 'Rev page 3', 'three', owner.id, 'E2E User'],
      [2, 'Rev page', 'two', owner.id, 'E2E User'],
      [1, 'Rev page', 'one', owner.id, 'E2E User'],
    ]);
    expect(rows[0].value).toMatchObject({ content_type: 'markdown', categories: ['a'], fields: [], updated_at: v3.updated_at });
    expect(MAX_HANDBOOK_REVISIONS).toBe(100);
  });

  it('keeps a revisions answer under its byte budget: older contents left out and marked, each one readable alone', async () => {
    let page = await handbook({ title: 'Big page', content: 'a'.repeat(199_000) });
    for (const c of ['b', 'c', 'd']) page = await save(page, { content: c.repeat(199_000) });
    const key = encodeURIComponent(JSON.stringify(page._id));
    const rows = (await view('handbooks/_view/revisions', `?key=${key}`)).body.rows;
    expect(rows.map((r: Json) => [r.key, r.value.content.length, r.value.content_omitted ?? false])).toEqual([
      [4, 199_000, false],
      [3, 199_000, false],
      [2, 199_000, false],
      [1, 0, true],
    ]);
    const one = (await view('handbooks/_view/revisions', `?key=${key}&revision=1`)).body.rows;
    expect(one.map((r: Json) => [r.key, r.value.content])).toEqual([[1, 'a'.repeat(199_000)]]);
    expect((await view('handbooks/_view/revisions', `?key=${key}&revision=0`)).status).toBe(400);
  });

  it('refuses a save over someone else’s change with 409 and the conflict reason, and a delete with a stale rev', async () => {
    const page = await handbook({ title: 'Contested', content: 'v1' });
    await save(page, { content: 'theirs' });
    const mine = await call('PUT', `/${db}/${page._id}`, { ...page, content: 'mine' });
    expect(mine).toEqual({ status: 409, body: { error: 'conflict', reason: HANDBOOK_CONFLICT_REASON } });
    expect((await get(page._id)).content).toBe('theirs');
    expect((await call('DELETE', `/${db}/${page._id}?rev=${page._rev}`)).body).toEqual({ error: 'conflict', reason: HANDBOOK_CONFLICT_REASON });
  });

  it('refuses a stale save that would undo a colleague’s change of the address; one that keeps it is saved (issue 26 #8)', async () => {
    const page = await handbook({ title: 'Pump manual', content: 'v1' });
    // a colleague moves the page; an editor opened before saves the page with the address it read
    const moved = await save(page, { uri: 'pump-handbook' });
    expect([moved.uri, moved.revision]).toEqual(['pump-handbook', page.revision]);
    const stale = await call('PUT', `/${db}/${page._id}`, { ...page, content: 'mine' });
    expect(stale).toEqual({ status: 409, body: { error: 'conflict', reason: HANDBOOK_CONFLICT_REASON } });
    expect(await get(page._id)).toMatchObject({ uri: 'pump-handbook', content: 'v1' });
    // nor to a third address
    expect((await call('PUT', `/${db}/${page._id}`, { ...page, uri: 'pumps' })).status).toBe(409);
    // the same stale save that leaves the address alone (none sent, or the current one) goes through
    const kept = await call('PUT', `/${db}/${page._id}`, { ...page, uri: undefined, content: 'mine' });
    expect([kept.status, kept.body.doc?.uri, kept.body.doc?.content]).toEqual([200, 'pump-handbook', 'mine']);
    // an address changed by the editor on a page whose _rev moved only by a backlink is still taken
    const other = await handbook({ title: 'Valve manual' });
    await handbook({ title: 'Valve linker', content: '[[valve-manual]]' });
    const renamed = await call('PUT', `/${db}/${other._id}`, { ...other, uri: 'valves' });
    expect([renamed.status, renamed.body.doc?.uri]).toEqual([200, 'valves']);
  });
});

describe('safe rendering', () => {
  it('renders markdown once on save: a table, a code block, a link to another handbook', async () => {
    const doc = await handbook({ title: 'Rendered', content: '| a | b |\n|---|--:|\n| 1 | 2 |\n\n```sh\nrm -rf <x>\n```\n\n[[Target page]]' });
    expect(doc.content_html).toContain('<td style="text-align:right">2</td>');
    expect(doc.content_html).toContain('<pre><code class="language-sh">rm -rf &lt;x&gt;\n</code></pre>');
    expect(doc.content_html).toContain(`<a href="/account/${db}/handbooks/target-page" class="wikilink">Target page</a>`);
    expect(doc.links_to).toEqual(['target-page']);
  });

  it('the preview answers the HTML a save stores, and saves nothing', async () => {
    const content = '# Title\n\n*x* [[Rendered]]';
    const preview = await call('PUT', `/${db}/_design/handbooks/_update/preview/new`, { content, content_type: 'markdown' });
    expect(preview.status).toBe(200);
    const saved = await handbook({ title: 'Preview compare', content });
    expect(preview.body.doc.content_html).toBe(saved.content_html);
    expect((await call('PUT', `/${db}/_design/handbooks/_update/preview/new`, { content: 1 })).body).toEqual({ error: 'unprocessable_entity', reason: { content: expect.any(String) } });
  });

  it.each(XSS_CASES.map((c) => [c.name, c] as const))('XSS %s: nothing that runs survives in the save, the read or the preview', async (_name, c) => {
    const doc = await handbook({ title: `xss ${c.name}`, content: c.content, content_type: c.content_type ?? 'markdown' });
    const read = await get(doc._id);
    const preview = await call('PUT', `/${db}/_design/handbooks/_update/preview/x`, { content: c.content, content_type: c.content_type ?? 'markdown' });
    for (const html of [doc.content_html, read.content_html, preview.body.doc.content_html]) {
      expect(typeof html).toBe('string');
      expect(unsafeParts(html)).toEqual([]);
    }
  });
});

describe('tags', () => {
  it('counts the handbooks per tag (spec §5: comma separated, dashes for spaces)', async () => {
    const g = (await createGroup(owner, 'Tags shop')).id;
    await handbook({ title: 'T1', categories: 'Motor, Troca de Óleo' }, g);
    await handbook({ title: 'T2', categories: ['motor', 'freios'] }, g);
    const t3 = await handbook({ title: 'T3', categories: 'freios' }, g);
    expect(t3.categories).toEqual(['freios']);
    expect((await view('handbooks/_view/tags', '', g)).body.rows).toEqual([
      { key: 'freios', value: 2 },
      { key: 'motor', value: 2 },
      { key: 'troca-de-óleo', value: 1 },
    ]);
    await call('DELETE', `/${g}/${t3._id}?rev=${t3._rev}`);
    expect((await view('handbooks/_view/tags', '', g)).body.rows).toEqual([
      { key: 'freios', value: 1 },
      { key: 'motor', value: 2 },
      { key: 'troca-de-óleo', value: 1 },
    ]);
  });
});

describe('search', () => {
  const search = async (q: string, group: string, headers = auth) => (await view('notes/_view/search', `?q=${encodeURIComponent(JSON.stringify(q))}&limit=10`, group, headers)).body;

  it('pt-BR: finds "manutenção" typed without accents, stemmed in Portuguese, with the match in <mark> and the text escaped', async () => {
    const br = await signUp(stack, { confirm: true, locale: 'pt-BR' });
    const g = (await createGroup(br, 'Oficina')).id;
    const brAuth = { authorization: `Bearer ${await createToken(br)}`, 'content-type': 'application/json' };
    const doc = await handbook({ title: 'Compressor', content: 'Pressão < 8 bar & "seco": fazer a <b>manutenção</b> preventiva dos compressores a cada seis meses.' }, g, brAuth);
    expect(doc.language).toBe('portuguese');
    const found = await search('manutencao compressor', g, brAuth);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0].value).toMatchObject({ _id: doc._id, klass: 'Handbook', title: 'Compressor', uri: 'compressor', updated_at: doc.updated_at });
    const snippet: string = found.rows[0].value.snippet;
    expect(snippet).toContain('Pressão &lt; 8 bar &amp; &quot;seco&quot;');
    expect(snippet).toContain('<mark>manutenção</mark>');
    expect(snippet).toContain('<mark>compressores</mark>');
    // ts_headline leaves tags out of its text; what remains is escaped, and <mark> is the only tag
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    // "preventiva … meses" in the text and "preventivos mês" in the query meet through the Portuguese stemmer
    expect((await search('preventivos mês', g, brAuth)).rows.map((r: Json) => r.value._id)).toEqual([doc._id]);
  });

  it('pt-BR: finds what PostgreSQL’s own portuguese configuration finds for -ção/-ções words, accents still ignored (issue 26 #7)', async () => {
    const br = await signUp(stack, { confirm: true, locale: 'pt-BR' });
    const g = (await createGroup(br, 'Oficina de calibração')).id;
    const brAuth = { authorization: `Bearer ${await createToken(br)}`, 'content-type': 'application/json' };
    const texts = {
      lubrificacao: 'A lubrificação dos rolamentos evita o desgaste.',
      instalacao: 'Instalação elétrica do painel da bomba.',
      calibracao: 'Calibração do manômetro a cada seis meses.',
      manutencao: 'Manutenção corretiva das compressões.',
    };
    const docs: Record<string, Json> = {};
    for (const [key, content] of Object.entries(texts)) docs[key] = await handbook({ title: `Página ${key}`, content }, g, brAuth);
    const found = async (q: string) => (await search(q, g, brAuth)).rows.map((r: Json) => r.value._id).sort();
    // the words of the issue: none of these found their page before
    expect(await found('lubrificar')).toEqual([docs.lubrificacao._id]);
    expect(await found('lubrificado')).toEqual([docs.lubrificacao._id]);
    expect(await found('lubrificações')).toEqual([docs.lubrificacao._id]);
    expect(await found('instalações')).toEqual([docs.instalacao._id]);
    expect(await found('calibrar')).toEqual([docs.calibracao._id]);
    // accents still ignored: the word typed without them, and its other forms
    expect(await found('lubrificacao')).toEqual([docs.lubrificacao._id]);
    expect(await found('manutencao')).toEqual([docs.manutencao._id]);
    expect(await found('calibracao manometro')).toEqual([docs.calibracao._id]);
    // whatever PostgreSQL's `portuguese` finds in these texts, the search finds
    const words = ['lubrificar', 'lubrificado', 'lubrificações', 'lubrificantes', 'instalações', 'instalar', 'instalado', 'calibrar', 'calibrações', 'manutenções', 'compressão', 'elétricos', 'rolamento', 'desgastes'];
    for (const q of words) {
      const { rows } = await stack.pool.query<{ key: string }>(
        `SELECT key FROM json_each_text($1::json) t(key, content) WHERE to_tsvector('portuguese', content) @@ websearch_to_tsquery('portuguese', $2) ORDER BY key`,
        [JSON.stringify(texts), q],
      );
      const expected = rows.map((r) => docs[r.key]._id).sort();
      expect([q, (await found(q)).filter((id: string) => expected.includes(id))]).toEqual([q, expected]);
    }
    // the snippet marks the word as written
    const hit = (await search('lubrificar', g, brAuth)).rows[0].value;
    expect(hit.snippet).toContain('<mark>lubrificação</mark>');
  });

  it('finds codes written in angle brackets, as the page shows them: <E04>, <ENTER> (issue 26 #9)', async () => {
    // another user: an owner has at most 5 free groups
    const coder = await signUp(stack, { confirm: true, locale: 'en' });
    const g = (await createGroup(coder, 'Codes shop')).id;
    const codeAuth = { authorization: `Bearer ${await createToken(coder)}`, 'content-type': 'application/json' };
    const page = await handbook({ title: 'Washer errors', content: 'When the display shows <E04>, hold <ENTER> for 3 s.\n\n| code | meaning |\n|---|---|\n| <F21> | drain |' }, g, codeAuth);
    const fields = await handbook({ title: 'Dryer', fields: [{ field_name: 'Error', field_value: '<H07>' }] }, g, codeAuth);
    const mark = await call('POST', `/${g}`, { klass: 'Bookmark', url: 'https://example.com/e31', title: 'Error <E31> explained', description: 'Press <STOP> twice' }, codeAuth);
    expect(mark.status).toBe(201);
    const ids = async (q: string) => (await search(q, g, codeAuth)).rows.map((r: Json) => r.value._id);
    expect(await ids('E04')).toEqual([page._id]);
    expect(await ids('enter')).toEqual([page._id]);
    expect(await ids('F21')).toEqual([page._id]);
    expect(await ids('H07')).toEqual([fields._id]);
    expect(await ids('E31')).toEqual([mark.body.id]);
    expect(await ids('stop')).toEqual([mark.body.id]);
    const snippet: string = (await search('E04', g, codeAuth)).rows[0].value.snippet;
    expect(snippet).toContain('&lt;<mark>E04</mark>&gt;');
    // a code inside a table cell or in bold is found too: the page's text, not its markdown, is what is searched
    const bold = await handbook({ title: 'Oven', content: 'Code **<C12>** means the door is open.' }, g, codeAuth);
    expect(await ids('C12')).toEqual([bold._id]);
  });

  it('a markdown page\'s snippet is its rendered text: no heading marks, stars or link syntax, the link\'s words kept', async () => {
    const g = (await createGroup(owner, 'Snippet shop')).id;
    const doc = await handbook({ title: 'Oil', content: '## Changing the **oil**\n\nSee [the engine manual](https://example.com/manual) & drain the `sump` first.' }, g);
    const found = await search('manual', g);
    expect(found.rows.map((r: Json) => r.value._id)).toEqual([doc._id]);
    const snippet: string = found.rows[0].value.snippet;
    expect(snippet).toContain('Changing the oil');
    expect(snippet).toContain('See the engine <mark>manual</mark> &amp; drain the sump first.');
    expect(snippet).not.toMatch(/##|\*\*|\]\(|`|https:/);
  });

  it('en: finds "café" as "cafe" and "résumé" as "resume", the title match ranked above a content match', async () => {
    const g = (await createGroup(owner, 'Search shop')).id;
    const inContent = await handbook({ title: 'Morning routine', content: 'Start with a café and read the résumé of yesterday.' }, g);
    const inTitle = await handbook({ title: 'Café machine', content: 'Descale monthly.' }, g);
    const fieldHit = await handbook({ title: 'Supplier', fields: [{ field_name: 'Product', field_value: 'Cafe beans' }] }, g);
    const rows = (await search('cafe', g)).rows;
    expect(rows.map((r: Json) => r.value._id)).toEqual([inTitle._id, fieldHit._id, inContent._id]);
    expect(rows[0].key).toBeGreaterThan(rows[2].key);
    expect((await search('resume', g)).rows.map((r: Json) => r.value._id)).toEqual([inContent._id]);
    // what is saved later is found, what is deleted is not
    const d = await get(inTitle._id, g);
    await call('DELETE', `/${g}/${d._id}?rev=${d._rev}`);
    expect((await search('machine', g)).rows).toEqual([]);
  });

  it('answers nothing for an empty query or stop words only, and 400 for a bad limit', async () => {
    expect((await search('', db)).rows).toEqual([]);
    expect((await search('the', db)).rows).toEqual([]);
    expect((await view('notes/_view/search', '?q="x"&limit=500')).status).toBe(400);
    expect((await view('notes/_view/search', '?q={"a":1}')).status).toBe(400);
  });
});

describe('counters and the change feed', () => {
  it('Handbook is counted for usage (count-by-klass) once its change event arrives', async () => {
    const g = (await createGroup(owner, 'Counted shop')).id;
    await handbook({ title: 'One' }, g);
    await handbook({ title: 'Two' }, g);
    const rows = await eventually(
      () => view('count-by-klass/_view/all', '?group_level=1', g),
      (r) => r.status === 200 && r.body.rows.some((row: Json) => row.key === 'Handbook' && row.value.count === 2),
    );
    expect(rows.body.rows.find((row: Json) => row.key === 'Handbook').value.count).toBe(2);
  });
});

describe('tenancy and permissions', () => {
  it('another group sees none of this group’s handbooks: not by id, by uri, in search or in tags; a stranger gets 403', async () => {
    const page = await handbook({ title: 'Secret procedure', content: 'zebra-unique-word', categories: 'secret' });
    const other = await signUp(stack, { confirm: true });
    const g2 = (await createGroup(other, 'Other shop')).id;
    const otherAuth = { authorization: `Bearer ${await createToken(other)}`, 'content-type': 'application/json' };
    expect((await call('GET', `/${g2}/${page._id}`, undefined, otherAuth)).status).toBe(404);
    expect((await view('handbooks/_view/by_uri', `?key="secret-procedure"`, g2, otherAuth)).body.rows).toEqual([]);
    expect((await view('notes/_view/search', `?q="zebra"`, g2, otherAuth)).body.rows).toEqual([]);
    expect((await view('handbooks/_view/tags', '', g2, otherAuth)).body.rows).toEqual([]);
    expect((await view('handbooks/_view/revisions', `?key="${page._id}"`, g2, otherAuth)).body.rows).toEqual([]);
    expect((await call('PUT', `/${g2}/${page._id}`, { ...page, title: 'taken over' }, otherAuth)).status).toBe(201); // a new page in their own group
    expect((await get(page._id)).title).toBe('Secret procedure');
    expect((await call('GET', `/${db}/${page._id}`, undefined, otherAuth)).status).toBe(403);
    expect((await view('notes/_view/search', `?q="zebra"`, db, otherAuth)).status).toBe(403);
  });

  it('a read-only token reads handbooks but cannot write or preview (403)', async () => {
    const ro = { authorization: `Bearer ${await createToken(owner, ['read'])}`, 'content-type': 'application/json' };
    const page = await handbook({ title: 'Read only' });
    expect((await call('GET', `/${db}/${page._id}`, undefined, ro)).status).toBe(200);
    expect((await call('POST', `/${db}`, { klass: 'Handbook', title: 'nope' }, ro)).status).toBe(403);
    expect((await call('PUT', `/${db}/${page._id}`, { ...page, title: 'nope' }, ro)).status).toBe(403);
    expect((await call('DELETE', `/${db}/${page._id}?rev=${page._rev}`, undefined, ro)).status).toBe(403);
  });
});

describe('pages measured in bytes: a write that could not be read back is refused up front', () => {
  // a group of its own (search, tags and counts elsewhere stay as they are), of a user of its own (five groups each)
  let big: string;
  let bigAuth: Record<string, string>;
  const send = (method: string, path: string, body?: unknown) => call(method, path, body, bigAuth);
  const read = async (id: string) => (await send('GET', `/${big}/${id}`)).body;
  const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const find = async (selector: Json, fields?: string[]) => (await send('POST', `/${big}/_find`, { selector: { klass: 'Handbook', ...selector }, ...(fields ? { fields } : {}), limit: 50 })).body;
  /** 200,000 characters of markdown whose HTML is several times larger (a blockquote each), 50 fields of 2,000 characters */
  const blownUp = (fieldChars: number[]) => ({
    title: 'Quotes',
    content: '> 日本\n\n'.repeat(Math.floor(MAX_HANDBOOK_CONTENT / 7)),
    fields: fieldChars.map((n, i) => ({ field_name: `f${i}`, field_value: '値'.repeat(n) })),
  });

  beforeAll(async () => {
    const writer = await signUp(stack, { confirm: true, locale: 'en' });
    big = (await createGroup(writer, 'Big pages')).id;
    bigAuth = { authorization: `Bearer ${await createToken(writer)}`, 'content-type': 'application/json' };
  });

  it('saves a handbook of 190,000 Japanese characters (1.1 MB stored: more than a bus message) and reads it back on every read path', async () => {
    const content = '日本語の整備手順書です。'.repeat(15_834).slice(0, 190_000);
    const created = await send('POST', `/${big}`, { klass: 'Handbook', title: 'Japanese manual', content });
    expect([created.status, created.body.reason]).toEqual([201, undefined]);
    const id = created.body.id as string;
    expect(bytesOf(created.body.doc)).toBeGreaterThan(1_100_000);
    const doc = await read(id);
    expect([doc.content === content, doc.content_html.length > 190_000]).toEqual([true, true]);
    // the list (fields) and whole documents; the search; the revisions; a backup's export
    expect((await find({}, ['_id', 'title'])).docs).toEqual([{ _id: id, title: 'Japanese manual' }]);
    expect((await find({ _id: id })).docs[0].content === content).toBe(true);
    const hits = (await view('notes/_view/search', '?q="Japanese"', big, bigAuth)).body.rows;
    expect(hits.map((r: Json) => r.value._id)).toEqual([id]);
    const revisions = (await view('handbooks/_view/revisions', `?key=${encodeURIComponent(JSON.stringify(id))}`, big, bigAuth)).body.rows;
    expect(revisions.map((r: Json) => [r.key, r.value.content === content])).toEqual([[1, true]]);
    const rpc = new RpcClient(loadConfig().natsUrl);
    try {
      const page = await rpc.call('notes.backup.export', { account_id: big });
      expect(page.docs.find((d) => d._id === id)?.content === content).toBe(true);
    } finally {
      await rpc.close();
    }
    // and saved again (the fields a client sends: the page's HTML is the service's, and the body at most 1 MiB)
    const saved = await send('PUT', `/${big}/${id}?rev=${doc._rev}`, { title: doc.title, content: `${content.slice(0, 189_990)}更新`, revision: doc.revision });
    expect([saved.status, saved.body.doc?.revision]).toEqual([200, 2]);
  }, 60_000);

  it('refuses a page past MAX_HANDBOOK_BYTES with 413 naming the limit in bytes, storing nothing; one just under it is saved and read back', async () => {
    const over = await send('POST', `/${big}`, { klass: 'Handbook', ...blownUp(Array(50).fill(2000)) });
    const reason = /^This page would take ([0-9]+) bytes once saved \(its text, the HTML made from it and its fields\), more than the ([0-9]+) bytes a page may hold: shorten it or split it into several pages$/;
    expect([over.status, over.body.error, over.body.reason]).toEqual([413, 'payload_too_large', expect.stringMatching(reason)]);
    const [, bytes, max] = reason.exec(over.body.reason)!.map(Number);
    expect([bytes > MAX_HANDBOOK_BYTES, max]).toEqual([true, MAX_HANDBOOK_BYTES]);
    // nothing stored: no page, no address, no revision
    expect((await find({ title: 'Quotes' })).docs).toEqual([]);
    expect((await view('handbooks/_view/by_uri', '?key="quotes"', big, bigAuth)).body.rows).toEqual([]);

    // a field character is 6 bytes stored (the field and value_for): take off just enough to be under the limit
    let cut = Math.ceil((bytes - MAX_HANDBOOK_BYTES) / 6);
    const sizes = Array(50).fill(2000);
    for (let i = 49; cut > 0; i--) {
      const off = Math.min(cut, sizes[i]);
      sizes[i] -= off;
      cut -= off;
    }
    const under = blownUp(sizes);
    const saved = await send('POST', `/${big}`, { klass: 'Handbook', ...under });
    expect([saved.status, saved.body.reason]).toEqual([201, undefined]);
    const doc = await read(saved.body.id);
    expect([doc.content === under.content, doc.fields.map((f: Json) => f.field_value.length)]).toEqual([true, sizes]);
    expect(bytesOf(doc)).toBeLessThanOrEqual(MAX_HANDBOOK_BYTES);
    expect(bytesOf(doc)).toBeGreaterThan(MAX_HANDBOOK_BYTES - 100);
    // two characters more: refused, and the stored page is as it was
    const grown = await send('PUT', `/${big}/${doc._id}`, { ...doc, fields: [...under.fields.slice(0, 49), { field_name: 'f49', field_value: `${under.fields[49].field_value}値値` }] });
    expect([grown.status, grown.body.error]).toEqual([413, 'payload_too_large']);
    expect((await read(doc._id))._rev).toBe(doc._rev);
  }, 60_000);

  it('answers a create sent again with the same _id with the page it stored, never a second copy; another page with that id is 409', async () => {
    const body = { klass: 'Handbook', _id: 'hbk-0123456789abcdef0123', title: 'Sent twice', content: 'once' };
    const first = await send('POST', `/${big}`, body);
    const again = await send('POST', `/${big}`, body);
    expect([first.status, again.status, again.body.id, again.body.rev]).toEqual([201, 201, first.body.id, first.body.rev]);
    expect(first.body.id).toBe(body._id);
    expect((await find({ title: 'Sent twice' })).docs).toHaveLength(1);
    // the same editor's create with what was typed after the lost answer saves over its own first version
    const typed = await send('POST', `/${big}`, { ...body, content: 'once, and more' });
    expect([typed.status, typed.body.id, typed.body.doc.content, typed.body.doc.revision]).toEqual([201, body._id, 'once, and more', 2]);
    expect((await find({ title: 'Sent twice' })).docs).toHaveLength(1);
    // past its first version: 409 (another user's page likewise: isOwnFirstVersion); an id is a group's own
    expect((await send('POST', `/${big}`, { ...body, content: 'again' })).body).toEqual({ error: 'conflict', reason: HANDBOOK_CONFLICT_REASON });
    expect((await call('POST', `/${db}`, body)).status).toBe(201);
    expect((await send('POST', `/${big}`, { ...body, _id: 'hbk-not ok' })).status).toBe(400);
  });
});
