import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGroup, createToken, eventually, signUp, sleep, Stack, startStack, User } from './harness';

// Bookmarks through the gateway, on the real Postgres, NATS and Redis (the fetch is a BullMQ job of the notes
// service): the page's title, description and Open Graph image read in its charset; the fetch's bounds (a slow server,
// a huge page, a redirect loop, a private address refused unless NOTES_ALLOW_PRIVATE_URLS=1); duplicates by normalized
// URL; a Netscape bookmarks file imported and exported, and the export imported again into another group.

let stack: Stack;
let owner: User;
let db: string;
let auth: Record<string, string>;
let site: http.Server;
let base: string;
/** what /changing answers as its title (a refetch test changes it) */
let changingTitle = 'First title';
const openSockets = new Set<import('node:net').Socket>();

function page(title: string, extra = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${extra}</head><body><p>body</p></body></html>`;
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/page':
      case '/page/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          page(
            'Troca de óleo &amp; filtros',
            '<meta name="description" content="Passo a passo da troca"><meta property="og:title" content="OG title"><meta property="og:image" content="/cover.png">',
          ),
        );
        return;
      case '/og-only':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><head><meta property="og:title" content="Only Open Graph"><meta property="og:description" content="OG description"></head></html>');
        return;
      case '/latin1':
        res.writeHead(200, { 'content-type': 'text/html' }); // the charset only in the page
        res.end(Buffer.from(page('Manutenção preventiva', '<meta charset="iso-8859-1">').replace('<title>', '<meta charset="iso-8859-1"><title>'), 'latin1'));
        return;
      case '/changing':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page(changingTitle));
        return;
      case '/slow':
        // headers at once, then nothing: only the whole-fetch deadline (5 s) ends it
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        return;
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' }); // no length announced: cut off while it streams
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          res.end();
        };
        pump();
        return;
      }
      case '/loop':
        res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
        res.end();
        return;
      case '/hops': {
        const n = Number(url.searchParams.get('n') ?? 0);
        res.writeHead(301, { location: n >= 4 ? '/page' : `/hops?n=${n + 1}` });
        res.end();
        return;
      }
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.4');
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end(page('Not found'));
    }
  });
  site.on('connection', (s) => {
    openSockets.add(s);
    s.on('close', () => openSockets.delete(s));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  stack = await startStack('notes-bookmarks', { NOTES_ALLOW_PRIVATE_URLS: '1' });
  owner = await signUp(stack, { confirm: true, locale: 'pt-BR' });
  db = (await createGroup(owner, 'Bookmarks shop')).id;
  auth = { authorization: `Bearer ${await createToken(owner)}`, 'content-type': 'application/json' };
}, 60_000);
afterAll(async () => {
  await stack?.close();
  for (const s of openSockets) s.destroy();
  await new Promise((r) => site?.close(r));
});

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, group = db): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}/${group}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}
const get = async (id: string, group = db) => (await call('GET', `/${id}`, undefined, group)).body;
async function bookmark(doc: Json, group = db): Promise<Json> {
  const r = await call('POST', '', { klass: 'Bookmark', ...doc }, group);
  expect([r.status, r.body.reason]).toEqual([201, undefined]);
  return r.body.doc;
}
/** the bookmark once its fetch has ended (done or failed) */
const fetched = (id: string, group = db, timeoutMs = 15_000) => eventually(() => get(id, group), (d) => d.fetch_status !== 'pending', timeoutMs);

describe('fetching the page', () => {
  it('fills an empty title and description from <title> and the meta description, and keeps og:image resolved', async () => {
    const b = await bookmark({ url: `${base}/page`, tag_names: 'Motor, Óleo' });
    expect(b).toMatchObject({ fetch_status: 'pending', title: null, tag_names: ['motor', 'óleo'], language: 'portuguese', label: `${base}/page` });
    const done = await fetched(b._id);
    expect(done).toMatchObject({
      fetch_status: 'done',
      fetch_error: null,
      title: 'Troca de óleo & filtros',
      description: 'Passo a passo da troca',
      page_title: 'Troca de óleo & filtros',
      image_url: `${base}/cover.png`,
      label: 'Troca de óleo & filtros',
    });
    expect(typeof done.fetched_at).toBe('string');
  });

  it('reads Open Graph when the page has no <title>, a Latin-1 page in its charset, and keeps a title the person typed', async () => {
    const og = await fetched((await bookmark({ url: `${base}/og-only` }))._id);
    expect([og.title, og.description]).toEqual(['Only Open Graph', 'OG description']);
    const latin = await fetched((await bookmark({ url: `${base}/latin1` }))._id);
    expect(latin.title).toBe('Manutenção preventiva');
    const typed = await fetched((await bookmark({ url: `${base}/page?x=typed`, title: 'Mine' }))._id);
    expect([typed.title, typed.page_title, typed.description]).toEqual(['Mine', 'Troca de óleo & filtros', 'Passo a passo da troca']);
  });

  it('follows up to 5 redirects; a PDF is done with no title; a 404 is failed with its status', async () => {
    expect((await fetched((await bookmark({ url: `${base}/hops` }))._id)).title).toBe('Troca de óleo & filtros');
    expect(await fetched((await bookmark({ url: `${base}/pdf` }))._id)).toMatchObject({ fetch_status: 'done', title: null, label: `${base}/pdf` });
    expect(await fetched((await bookmark({ url: `${base}/missing` }))._id)).toMatchObject({ fetch_status: 'failed', fetch_error: 'http_404', title: null });
  });

  it('gives up a redirect loop (too_many_redirects) and a page over 2 MB (too_large)', async () => {
    expect(await fetched((await bookmark({ url: `${base}/loop` }))._id)).toMatchObject({ fetch_status: 'failed', fetch_error: 'too_many_redirects' });
    expect(await fetched((await bookmark({ url: `${base}/huge` }))._id)).toMatchObject({ fetch_status: 'failed', fetch_error: 'too_large' });
  });

  it('gives up a server that never finishes after 5 s (timeout)', async () => {
    const b = await bookmark({ url: `${base}/slow` });
    const started = Date.now();
    const done = await fetched(b._id, db, 15_000);
    expect(done).toMatchObject({ fetch_status: 'failed', fetch_error: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
  }, 30_000);

  it('refuses loopback and private addresses unless NOTES_ALLOW_PRIVATE_URLS=1', async () => {
    process.env.NOTES_ALLOW_PRIVATE_URLS = '0';
    try {
      for (const url of [`${base}/page`, 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data']) {
        expect(await fetched((await bookmark({ url }))._id)).toMatchObject({ fetch_status: 'failed', fetch_error: 'private_address', title: null });
      }
    } finally {
      process.env.NOTES_ALLOW_PRIVATE_URLS = '1';
    }
  });

  it('refetch reads the page again: a title still equal to what the page said follows it, one the person changed stays', async () => {
    changingTitle = 'First title';
    const follows = await fetched((await bookmark({ url: `${base}/changing?a=1` }))._id);
    const kept = await fetched((await bookmark({ url: `${base}/changing?b=1` }))._id);
    const edited = await call('PUT', `/${kept._id}`, { ...kept, title: 'My own title' });
    expect(edited.status).toBe(200);
    changingTitle = 'Second title';
    for (const id of [follows._id, kept._id]) {
      const r = await call('PUT', `/_design/bookmarks/_update/refetch/${id}`);
      expect([r.status, r.body.doc.fetch_status]).toEqual([200, 'pending']);
    }
    await sleep(50);
    expect((await fetched(follows._id)).title).toBe('Second title');
    expect(await fetched(kept._id)).toMatchObject({ title: 'My own title', page_title: 'Second title' });
    expect((await call('PUT', `/_design/bookmarks/_update/refetch/hbk-nothing`)).status).toBe(404);
  });

  it('refuses what is no web address (422) and changing the URL fetches again', async () => {
    expect((await call('POST', '', { klass: 'Bookmark', url: 'javascript:alert(1)' })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'is-not-a-web-address' } });
    expect((await call('POST', '', { klass: 'Bookmark', url: 'ftp://example.com/x' })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'is-not-a-web-address' } });
    const b = await fetched((await bookmark({ url: `${base}/og-only?moved=1` }))._id);
    const moved = await call('PUT', `/${b._id}`, { ...b, url: `${base}/latin1?moved=1`, title: '' });
    expect(moved.body.doc).toMatchObject({ fetch_status: 'pending', page_title: null });
    expect((await fetched(b._id)).title).toBe('Manutenção preventiva');
  });
});

describe('duplicates', () => {
  it('flags a bookmark of a page the group has already (normalized URL), and points at the next one when the first goes', async () => {
    const g = (await createGroup(owner, 'Dup shop')).id;
    const first = await bookmark({ url: `${base}/page?doc=1&utm_source=news` }, g);
    const second = await bookmark({ url: `${base.replace('http:', 'https:')}/page/?doc=1#top` }, g);
    const third = await bookmark({ url: `${base}/page?fbclid=x&doc=1` }, g);
    const other = await bookmark({ url: `${base}/page?doc=2` }, g);
    expect([first.duplicate_of, second.duplicate_of, third.duplicate_of, other.duplicate_of]).toEqual([null, first._id, first._id, null]);
    expect(second.normalized_url).toBe(first.normalized_url);
    const f = await get(first._id, g);
    expect((await call('DELETE', `/${first._id}?rev=${f._rev}`, undefined, g)).status).toBe(200);
    expect([(await get(second._id, g)).duplicate_of, (await get(third._id, g)).duplicate_of]).toEqual([null, second._id]);
  });
});

describe('Netscape bookmarks files', () => {
  const file = (entries: string) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 PERSONAL_TOOLBAR_FOLDER="true">Barra de favoritos</H3>
    <DL><p>
${entries}
    </DL><p>
</DL><p>`;

  it('imports what a browser exports (folders as tags, ADD_DATE kept), skips duplicates and non-web links, exports it back, and the export imports into another group unchanged', async () => {
    const g = (await createGroup(owner, 'Import shop')).id;
    await bookmark({ url: 'https://already.example/here' }, g);
    const html = file(`
        <DT><A HREF="https://catalogo.example/pecas" ADD_DATE="1700000000">Catálogo de peças &amp; motores</A>
        <DD>Fornecedor principal
        <DT><H3>Fornecedores</H3>
        <DL><p>
            <DT><A HREF="https://fornecedor.example/" ADD_DATE="1700000100" TAGS="Urgente">Fornecedor A</A>
            <DT><A HREF="${base}/page?from=import" ADD_DATE="1700000200">${base}/page?from=import</A>
        </DL><p>
        <DT><A HREF="https://catalogo.example/pecas/?utm_campaign=x">Same catalogue again</A>
        <DT><A HREF="https://www.already.example/here/">Already here</A>
        <DT><A HREF="javascript:void(0)">bookmarklet</A>`);
    const imported = await call('PUT', '/_design/bookmarks/_update/import/netscape', { html }, g);
    expect([imported.status, imported.body.doc]).toEqual([200, { created: 3, duplicates: 2, invalid: 1 }]);

    const all = (await call('POST', '/_find', { selector: { klass: 'Bookmark' }, sort: [{ added_at: 'asc' }], limit: 50 }, g)).body.docs;
    const imp = all.filter((d: Json) => d.url !== 'https://already.example/here');
    expect(imp.map((d: Json) => [d.url, d.title, d.description, d.tag_names, d.added_at]).slice(0, 2)).toEqual([
      ['https://catalogo.example/pecas', 'Catálogo de peças & motores', 'Fornecedor principal', [], '2023-11-14T22:13:20.000Z'],
      ['https://fornecedor.example/', 'Fornecedor A', null, ['fornecedores', 'urgente'], '2023-11-14T22:15:00.000Z'],
    ]);
    // the third came without a title (its link text is its address): the background fetch, quick on loopback, may
    // already have given it the page's
    expect([imp[2].url, imp[2].tag_names, imp[2].added_at]).toEqual([`${base}/page?from=import`, ['fornecedores'], '2023-11-14T22:16:40.000Z']);
    expect([null, 'Troca de óleo & filtros']).toContain(imp[2].title);
    // the one without a title is fetched; the others came with theirs
    expect((await fetched(imp[2]._id, g)).title).toBe('Troca de óleo & filtros');
    expect(imp[0].fetch_status).toBe('done');

    const exported = (await call('GET', '/_design/bookmarks/_view/export', undefined, g)).body.rows;
    expect(exported.map((r: Json) => r.key)).toEqual(['html', 'count', 'total']);
    expect([exported[1].value, exported[2].value]).toEqual([4, 4]);
    const out: string = exported[0].value;
    expect(out.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(out).toContain('<DT><A HREF="https://catalogo.example/pecas" ADD_DATE="1700000000">Catálogo de peças &amp; motores</A>');
    expect(out).toContain('<DD>Fornecedor principal');
    expect(out).toContain('TAGS="fornecedores,urgente"');

    // round trip: the exported file imported into an empty group gives the same bookmarks
    const g2 = (await createGroup(owner, 'Round trip shop')).id;
    const again = await call('PUT', '/_design/bookmarks/_update/import/netscape', { html: out }, g2);
    expect(again.body.doc).toEqual({ created: 4, duplicates: 0, invalid: 0 });
    // ADD_DATE is in whole seconds, as browsers write it
    const shape = (docs: Json[]) => docs.map((d) => [d.url, d.title, d.description, d.tag_names, String(d.added_at).replace(/\.\d+Z$/, 'Z')]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const after = await eventually(
      async () => (await call('POST', '/_find', { selector: { klass: 'Bookmark' }, limit: 50 }, g2)).body.docs as Json[],
      (docs) => docs.every((d) => d.fetch_status !== 'pending'),
    );
    const before = (await call('POST', '/_find', { selector: { klass: 'Bookmark' }, limit: 50 }, g)).body.docs;
    expect(shape(after)).toEqual(shape(before));
    // importing the same file twice creates nothing new
    expect((await call('PUT', '/_design/bookmarks/_update/import/netscape', { html: out }, g2)).body.doc).toEqual({ created: 0, duplicates: 4, invalid: 0 });
  });

  it('keeps a skipped bookmarklet’s description off the link before it, and LAST_MODIFIED on import and export (issue 26 #10)', async () => {
    // another user: an owner has at most 5 free groups
    const shaarli = await signUp(stack, { confirm: true, locale: 'en' });
    const g = (await createGroup(shaarli, 'Shaarli shop')).id;
    const headers = { authorization: `Bearer ${await createToken(shaarli)}`, 'content-type': 'application/json' };
    const put = (path: string, body: unknown) => fetch(`${stack.url}/${g}${path}`, { method: 'PUT', headers, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    const html = file(`
        <DT><A HREF="https://manual.example/" ADD_DATE="1600000000" LAST_MODIFIED="1650000000" PRIVATE="0" TAGS="docs">Manual</A>
        <DT><A HREF="javascript:(function(){location='https://share.example/?u='+location})()" ADD_DATE="1600000100">Share</A>
        <DD>Bookmarklet: shares the page you are on
        <DT><A HREF="https://plain.example/" ADD_DATE="1600000200">Plain</A>`);
    const imported = await put('/_design/bookmarks/_update/import/netscape', { html });
    expect(imported.body.doc).toEqual({ created: 2, duplicates: 0, invalid: 1 });
    const docs = (await fetch(`${stack.url}/${g}/_find`, { method: 'POST', headers, body: JSON.stringify({ selector: { klass: 'Bookmark' }, sort: [{ added_at: 'asc' }] }) }).then((r) => r.json() as Promise<Json>)).docs as Json[];
    expect(docs.map((d) => [d.url, d.description, d.modified_at])).toEqual([
      ['https://manual.example/', null, '2022-04-15T05:20:00.000Z'],
      ['https://plain.example/', null, null],
    ]);
    const out: string = (await fetch(`${stack.url}/${g}/_design/bookmarks/_view/export`, { headers }).then((r) => r.json() as Promise<Json>)).rows[0].value;
    expect(out).toContain('<DT><A HREF="https://manual.example/" ADD_DATE="1600000000" LAST_MODIFIED="1650000000" TAGS="docs">Manual</A>');
    expect(out).toContain('<DT><A HREF="https://plain.example/" ADD_DATE="1600000200">Plain</A>');
    expect(out).not.toContain('Bookmarklet');
    // a person's edit moves it; the export says when
    const manual = docs[0];
    const edited = await put(`/${manual._id}?rev=${manual._rev}`, { ...manual, title: 'Manual (2nd ed.)' });
    expect(edited.status).toBe(200);
    expect(Date.parse(edited.body.doc.modified_at)).toBeGreaterThan(Date.now() - 60_000);
    const again: string = (await fetch(`${stack.url}/${g}/_design/bookmarks/_view/export`, { headers }).then((r) => r.json() as Promise<Json>)).rows[0].value;
    expect(again).toContain(`LAST_MODIFIED="${Math.floor(Date.parse(edited.body.doc.modified_at) / 1000)}"`);
  });

  it('imports a real browser export of 10,000 bookmarks sent as the file itself (icons dropped), and refuses one past its bound (issue 26 #11)', async () => {
    const chrome = await signUp(stack, { confirm: true, locale: 'pt-BR' });
    const g = (await createGroup(chrome, 'Big export shop')).id;
    const headers = { authorization: `Bearer ${await createToken(chrome)}` };
    // what Chrome writes: nested folders, a data: URL icon on every bookmark (most of the bytes), a few bookmarklets
    const icon = (i: number) => `data:image/png;base64,${Buffer.alloc(1500 + (i % 900), i % 251).toString('base64')}`;
    const folder = (name: string, from: number, to: number) =>
      `        <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000500">${name}</H3>\n        <DL><p>\n` +
      Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return `            <DT><A HREF="https://site${i}.example/page/${i}?ref=bar" ADD_DATE="${1600000000 + i}" ICON="${icon(i)}">Página ${i} — manutenção &amp; peças</A>\n`;
      }).join('') +
      `            <DT><A HREF="javascript:void(document.title)" ADD_DATE="1600000000">bookmarklet ${name}</A>\n        </DL><p>\n`;
    const file = Buffer.from(
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n' +
        '    <DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Barra de favoritos</H3>\n    <DL><p>\n' +
        Array.from({ length: 10 }, (_, f) => folder(`Pasta ${f + 1}`, f * 1000, (f + 1) * 1000)).join('') +
        '    </DL><p>\n</DL><p>\n',
    );
    expect(file.length).toBeGreaterThan(20 * 1024 * 1024);
    // the JSON form cannot carry it (that was the only way before)
    const json = await fetch(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ html: file.toString() }) });
    expect(json.status).toBe(413);
    await json.arrayBuffer();
    const started = Date.now();
    // with a progress id, the import says how far it is while it runs
    const progressId = `e2e-${Date.now()}`;
    const progress = async (id = progressId) => (await fetch(`${stack.url}/${g}/_design/bookmarks/_view/import_progress?key=${encodeURIComponent(JSON.stringify(id))}`, { headers }).then((r) => r.json() as Promise<Json>)).rows as Json[];
    const seen: Array<{ total: number; done: number }> = [];
    let importing = true;
    const watching = (async () => {
      while (importing) {
        const [row] = await progress();
        if (row && JSON.stringify(row.value) !== JSON.stringify(seen[seen.length - 1])) seen.push(row.value);
        await sleep(50);
      }
    })();
    const sent = await fetch(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape?progress=${progressId}`, { method: 'PUT', headers: { ...headers, 'content-type': 'text/html' }, body: file });
    const took = Date.now() - started;
    importing = false;
    await watching;
    expect([sent.status, await sent.json()]).toEqual([200, { ok: true, id: 'netscape', rev: '', doc: { created: 10_000, duplicates: 0, invalid: 10 } }]);
    process.stdout.write(`10,000 bookmarks (${(file.length / 1024 / 1024).toFixed(1)} MB with icons) imported in ${took} ms; progress seen: ${JSON.stringify(seen)}\n`);
    // the counts only grow, some were seen part-way, and the last one is all of them
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.some((p) => p.total === 10_000 && p.done > 0 && p.done < 10_000)).toBe(true);
    expect(seen.every((p, i) => i === 0 || (p.done >= seen[i - 1].done && p.total >= seen[i - 1].total))).toBe(true);
    expect((await progress())[0].value).toEqual({ total: 10_000, done: 10_000 });
    expect(await progress('never-started-1')).toEqual([]);
    const page = (await fetch(`${stack.url}/${g}/_design/bookmarks/_view/export`, { headers }).then((r) => r.json() as Promise<Json>)).rows as Json[];
    expect(page.find((r) => r.key === 'total')?.value).toBe(10_000);
    expect(page[0].value).toContain('<DT><A HREF="https://site0.example/page/0?ref=bar" ADD_DATE="1600000000" TAGS="pasta-1">Página 0 — manutenção &amp; peças</A>');
    expect(page[0].value).not.toContain('ICON');
    // sent again: every one a duplicate
    const again = await fetch(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape`, { method: 'POST', headers: { ...headers, 'content-type': 'text/html' }, body: file });
    expect(((await again.json()) as Json).doc).toEqual({ created: 0, duplicates: 10_000, invalid: 10 });
    // past the bound: refused before it is read; an empty file is blank
    const huge = await new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const req = http.request(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape`, { method: 'PUT', headers: { ...headers, 'content-type': 'text/html', 'content-length': 65 * 1024 * 1024 } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('<DL>');
    });
    expect(huge).toEqual({ status: 413, body: { error: 'payload_too_large', reason: 'A bookmarks file can have at most 64 MB (and 16 MB without its icons)' } });
    const empty = await fetch(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape`, { method: 'PUT', headers: { ...headers, 'content-type': 'text/html' }, body: '' });
    expect([empty.status, await empty.json()]).toEqual([422, { error: 'unprocessable_entity', reason: { html: 'cant-be-blank' } }]);
    // another group's member cannot send one here
    const stranger = await fetch(`${stack.url}/${g}/_design/bookmarks/_update/import/netscape`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/html' }, body: '<DL></DL>' });
    expect(stranger.status).toBe(403);
  }, 120_000);

  it('refuses an import without html (422) and pages a large export with skip', async () => {
    expect((await call('PUT', '/_design/bookmarks/_update/import/netscape', { html: 12 })).body).toEqual({ error: 'unprocessable_entity', reason: { html: expect.any(String) } });
    expect((await call('PUT', '/_design/bookmarks/_update/import/netscape', {})).status).toBe(422);
    const rows = (await call('GET', '/_design/bookmarks/_view/export?skip=1000000')).body.rows;
    expect(rows[1].value).toBe(0);
    expect((await call('GET', '/_design/bookmarks/_view/export?skip=-1')).status).toBe(400);
  });
});

describe('search', () => {
  // one group for both (an owner has at most 5 free groups); their words don't meet
  let g: string;
  beforeAll(async () => {
    g = (await createGroup(owner, 'Search shop')).id;
  });

  it('a page named by the word still comes first when the word is in more pages than are ranked (320 descriptions, then one title)', async () => {
    const entries = Array.from({ length: 320 }, (_, i) => `<DT><A HREF="https://broad.example/p${i}" ADD_DATE="${1700000000 + i}">Page ${i}</A>\n<DD>notes about zirconium alloys, part ${i}`).join('\n');
    const imported = await call('PUT', '/_design/bookmarks/_update/import/netscape', { html: `<DL><p>\n${entries}\n</DL>` }, g);
    expect(imported.body.doc).toEqual({ created: 320, duplicates: 0, invalid: 0 });
    const titled = await bookmark({ url: 'https://broad.example/zirconium', title: 'Zirconium' }, g);
    const rows = (await call('GET', `/_design/notes/_view/search?q=${encodeURIComponent('"zirconium"')}&limit=10`, undefined, g)).body.rows;
    expect(rows).toHaveLength(10);
    expect(rows[0].value._id).toBe(titled._id);
    expect(rows[1].value.snippet).toContain('<mark>zirconium</mark>');
  });

  it('finds bookmarks by title, tags and description, accents ignored, with the bookmark’s URL as uri', async () => {
    const b = await bookmark({ url: 'https://pecas.example/catalogo', title: 'Catálogo de Peças', description: 'Fornecedor de compressores', tag_names: 'refrigeração' }, g);
    for (const q of ['catalogo', 'pecas', 'refrigeracao', 'compressor']) {
      const rows = (await call('GET', `/_design/notes/_view/search?q=${encodeURIComponent(JSON.stringify(q))}`, undefined, g)).body.rows;
      expect(rows.map((r: Json) => [r.value._id, r.value.klass, r.value.uri])).toEqual([[b._id, 'Bookmark', 'https://pecas.example/catalogo']]);
    }
  });
});
