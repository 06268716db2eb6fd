// The shops of bench/shop-day, set up by the fastest route that still gives what the day needs: people, groups,
// memberships, module switches, wallets, rules, subscriptions and folders through the product's API (the rules of each
// live in the services), the tickets already on the boards by SQL in the shape the tickets service stores (as
// bench/tickets seeds them), and the feeds served from loopback by a fixture in this process.
import http from 'node:http';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import type { Person } from './shop-people';
import { switchModuleOn, waitUntil } from './stack';

// ---- mail -----------------------------------------------------------------------------------------------------------

export interface MailSink {
  /** the first mail to `to` whose decoded text matches `match`; its text */
  waitFor(to: string, match: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** An SMTP server on `port` keeping every mail, decoded (quoted-printable and base64 parts) for the links in it. */
export function startMailSink(port: number): Promise<MailSink> {
  const mails = new Map<string, string[]>();
  const decode = (raw: string) => {
    const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const b64 = (raw.match(/^[A-Za-z0-9+/=]{40,}$/gm) ?? []).map((l) => Buffer.from(l, 'base64').toString('utf8')).join('');
    return `${qp}\n${b64}`;
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = decode(Buffer.concat(chunks).toString('utf8'));
        for (const r of session.envelope.rcptTo) mails.set(r.address.toLowerCase(), [...(mails.get(r.address.toLowerCase()) ?? []), text]);
        cb();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(port, '127.0.0.1', () =>
      resolve({
        waitFor: (to, match) => waitUntil(`mail to ${to}`, async () => mails.get(to.toLowerCase())?.find((m) => match.test(m)), 60_000, 100),
        close: () => new Promise<void>((r) => smtp.close(() => r())),
      }),
    );
  });
}

// ---- feeds ----------------------------------------------------------------------------------------------------------

export interface FeedServer {
  url(shop: number, feed: number): string;
  requests: number;
  close(): Promise<void>;
}

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

/** Feed `name`: `items` entries of about 1 kB of HTML each, the newest a few minutes old. */
function feedXml(name: string, items: number): string {
  const now = Date.now();
  const entries = Array.from({ length: items }, (_, i) => {
    const date = new Date(now - (i + 1) * 17 * 60_000).toUTCString();
    return (
      `<item><title>${name} — notícia ${i}: ${LOREM.slice(0, 40)}</title><link>https://${name}.example/posts/${i}</link><guid isPermaLink="false">${name}-${i}</guid>` +
      `<pubDate>${date}</pubDate><description>${LOREM.slice(0, 200)}</description>` +
      `<content:encoded><![CDATA[<p>${LOREM.repeat(4)}</p><p><a href="/posts/${i}/more">Leia mais</a></p>]]></content:encoded></item>`
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${name}</title><link>https://${name}.example/</link><description>Shop-day feed</description>${entries.join('')}</channel></rss>`;
}

/**
 * Every shop's feeds from `hosts` loopback addresses (127.0.0.2 …) on `port`, with an ETag (a later fetch is a 304), as
 * feeds spread over sites are: the fetcher's per-host limit applies as it would.
 */
export async function startFeedServer(port: number, hosts: number, items: number): Promise<FeedServer> {
  const bodies = new Map<string, Buffer>();
  const state = { requests: 0 };
  const handler: http.RequestListener = (req, res) => {
    state.requests++;
    const m = /^\/feeds\/(s\d+f\d+)\.xml$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    let body = bodies.get(m[1]);
    if (!body) bodies.set(m[1], (body = Buffer.from(feedXml(m[1], items))));
    const etag = `"${m[1]}-v1"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', 'content-length': body.length, etag }).end(body);
  };
  const servers: http.Server[] = [];
  for (let h = 0; h < hosts; h++) {
    const server = http.createServer({ keepAlive: true }, handler);
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, `127.0.0.${h + 2}`, resolve));
    servers.push(server);
  }
  return {
    url: (shop, feed) => `http://127.0.0.${((shop * 7 + feed) % hosts) + 2}:${port}/feeds/s${shop}f${feed}.xml`,
    get requests() {
      return state.requests;
    },
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

// ---- people and shops -----------------------------------------------------------------------------------------------

const PASSWORD = 'shop-day-password-1';
const JSON_HEADERS = { 'content-type': 'application/json' };

export interface SignedIn {
  userId: string;
  email: string;
  cookies: Record<string, string>;
}

const cookieHeader = (s: SignedIn) => ({ cookie: Object.entries(s.cookies).map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': decodeURIComponent(s.cookies['XSRF-TOKEN']) });
const headersOf = (s: SignedIn) => ({ ...JSON_HEADERS, ...cookieHeader(s) });

async function call(base: string, s: SignedIn | null, method: string, path: string, body?: unknown, ok = [200, 201]): Promise<Record<string, unknown>> {
  // while the services come up, a 503 is asked again; so is a 500, which a PostgreSQL shared with other work answers
  // when all its connections are taken ("too many clients already", refused before anything is written)
  const res = await waitUntil(`${method} ${path}`, async () => {
    const r = await fetch(`${base}${path}`, { method, headers: s ? headersOf(s) : JSON_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
    return r.status === 503 || r.status === 500 ? undefined : r;
  });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** `send` again while it answers 500 or 503 (see `call`), for a minute at most. */
export function retried(send: () => Promise<Response>): Promise<Response> {
  return waitUntil('a setup call', async () => {
    const r = await send();
    return r.status === 503 || r.status === 500 ? undefined : r;
  });
}

/** Registers `email`, confirms it through the mailed link and signs in, as a person does. */
export async function registerPerson(base: string, mail: MailSink, email: string, fullname: string): Promise<SignedIn> {
  // 409: an attempt that answered 500 had registered the address after all
  await call(base, null, 'POST', '/_users', { email, fullname, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'pt-BR' }, [201, 409]);
  const text = await mail.waitFor(email, /\/user\/confirm\//);
  const token = decodeURIComponent(/\/user\/confirm\/([A-Za-z0-9_%.~-]+)/.exec(text)![1]);
  await call(base, null, 'POST', `/_users/_confirm/${encodeURIComponent(token)}`, {});
  const login = await fetch(`${base}/_session`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ username: email, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
  const userId = ((await login.json()) as { name: string }).name;
  const cookies: Record<string, string> = {};
  for (const c of login.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    cookies[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { userId, email, cookies };
}

/** Runs `work` on every element, `concurrency` at a time. */
export async function inPool<T, R>(xs: T[], concurrency: number, work: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, xs.length) }, async () => {
      while (next < xs.length) {
        const i = next++;
        out[i] = await work(xs[i], i);
      }
    }),
  );
  return out;
}

export interface Shop {
  index: number;
  account: string;
  owner: SignedIn;
  members: SignedIn[];
  wallet: string;
  photos: string;
  archive: string;
}

const RULES = [
  { target: 'outgo', field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'padaria', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'comida' },
  { target: 'outgo', field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'peças', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'estoque' },
];

/**
 * A shop: its owner's group with the finance, disk and reader modules switched on, `members` more people invited and
 * accepted, a wallet and two mapping rules, `feeds` subscriptions (an OPML import, which queues their first fetch),
 * two folders (photos, listed by the disk screen; an archive) with `files` files in the photos.
 */
export async function setUpShop(base: string, mail: MailSink, run: string, index: number, members: number, feeds: FeedServer, feedCount: number, files: number): Promise<Shop> {
  const email = (n: number) => `${run}-s${index}-p${n}@example.com`;
  const owner = await registerPerson(base, mail, email(0), `Dono ${index}`);
  const account = String((await call(base, owner, 'POST', '/accounts', { name: `Oficina ${index}` })).id);
  const ownerHeaders = headersOf(owner);
  for (const flag of ['budget', 'rdisk', 'exoreader']) await switchModuleOn(base, account, ownerHeaders, flag);
  const people: SignedIn[] = [];
  for (let n = 1; n <= members; n++) {
    const person = await registerPerson(base, mail, email(n), `Técnico ${index}.${n}`);
    const sub = String((await call(base, owner, 'POST', `/${account}`, { klass: 'Subscription', email: person.email })).id);
    await call(base, person, 'PUT', `/${account}/_design/status/_update/accept/${sub}`);
    people.push(person);
  }
  const wallet = String((await call(base, owner, 'POST', `/${account}`, { klass: 'Wallet', name: 'Conta da oficina', currency: 'BRL', start_balance: 0 })).id);
  for (const [order, rule] of RULES.entries()) await call(base, owner, 'POST', `/${account}`, { klass: 'Mapping', order, ...rule });
  const outlines = Array.from({ length: feedCount }, (_, f) => `<outline type="rss" text="Feed ${f}" xmlUrl="${feeds.url(index, f)}"/>`).join('');
  const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>shop</title></head><body><outline text="Fornecedores">${outlines}</outline></body></opml>`;
  const report = (await call(base, owner, 'PUT', `/${account}/_design/reader/_update/import_opml/opml`, { opml })).doc as { subscriptions_created?: number } | undefined;
  if (report?.subscriptions_created !== feedCount) throw new Error(`shop ${index}: OPML import ${JSON.stringify(report)}`);
  const folder = async (name: string) => String((await call(base, owner, 'POST', `/${account}`, { klass: 'CloudFile', kind: 'dir', name, dir_id: null })).id);
  const photos = await folder('Fotos');
  const archive = await folder('Arquivo');
  for (let f = 0; f < files; f++) {
    const res = await retried(() =>
      fetch(`${base}/files/${account}/content?name=${encodeURIComponent(`entrada-${f}.jpg`)}&dir_id=${photos}`, {
        method: 'PUT',
        headers: { ...cookieHeader(owner), 'content-type': 'image/jpeg' },
        // bytes of its own (the disk keeps blobs by their SHA-256)
        body: new Uint8Array(Buffer.concat([Buffer.from(`${run} shop ${index} file ${f}\n`), Buffer.alloc(20_000 + f * 1000, f)])),
      }),
    );
    if (res.status !== 201) throw new Error(`shop ${index}: file upload ${res.status} ${await res.text()}`);
  }
  return { index, account, owner, members: people, wallet, photos, archive };
}

/** The people of a shop as the people processes take them. */
export function peopleOf(shop: Shop, uploadFolder: 'photos' | 'archive' = 'photos'): Person[] {
  return [shop.owner, ...shop.members].map((s, i) => ({
    shop: shop.index,
    index: i,
    account: shop.account,
    cookies: { ...s.cookies },
    wallet: shop.wallet,
    listFolder: shop.photos,
    uploadFolder: uploadFolder === 'photos' ? shop.photos : shop.archive,
  }));
}

// ---- tickets --------------------------------------------------------------------------------------------------------

const DEVICES = ['Notebook', 'Impressora', 'Geladeira', 'Celular', 'Monitor', 'Roteador', 'Tablet', 'Máquina de lavar', 'Micro-ondas', 'Desktop', 'Televisão', 'Ar-condicionado'];
const PROBLEMS = ['não liga', 'tela quebrada', 'faz barulho', 'esquenta muito', 'sem sinal', 'bateria viciada', 'não carrega', 'desliga sozinho', 'vazando água', 'travando'];
const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * `perShop` tickets in each shop, numbered 1.., as the tickets service stores them (server fields included: number,
 * label, search, status_events): a working shop's board, open 20 %, block 5 %, doing 15 %, review 10 %, done 45 %,
 * cancel 5 %. One statement for all shops; the change feed does not see them (the day does not read it).
 */
export async function seedTickets(db: Client, shops: Array<{ account: string; userId: string }>, perShop: number): Promise<void> {
  await db.query(
    `INSERT INTO tickets.documents (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
     SELECT account_id, id, 'Ticket', rev, false, body, at::timestamptz, at::timestamptz, length(body::text)
     FROM (
       SELECT t.account_id, t.id, t.rev, t.at, jsonb_build_object(
           '_id', t.id, '_rev', t.rev, 'klass', 'Ticket', 'created_at', t.at, 'updated_at', t.at, 'created_by', t.user_id,
           'number', t.i, 'title', t.title, 'content', t.title || '. Segundo o cliente, às vezes.', 'problem', null, 'status', t.status,
           'priority', (ARRAY['low','medium','high'])[1 + t.i % 3], 'ticket_kind', 'chore', 'customer_id', null, 'customer_name', 'Cliente ' || (t.i % 97),
           'equipment_identifier', 'EQ-' || lpad((t.i * 13 % 5000)::text, 5, '0'), 'technical_id', CASE WHEN t.i % 4 = 0 THEN t.user_id END,
           'checklist', '[]'::jsonb, 'label', '#' || t.i || ' ' || t.title,
           'status_events', jsonb_build_array(jsonb_build_object('status', t.status, 'from', null, 'user_id', t.user_id, 'user_label', 'Dono', 'at', t.at)),
           'search', lower(concat_ws(E'\\n', t.i::text, t.title, 'Cliente ' || (t.i % 97)))) AS body
       FROM (
         SELECT s.account_id, s.user_id, i, 'tkt-sd' || lpad(s.n::text, 3, '0') || lpad(i::text, 6, '0') AS id, '1-' || md5(s.account_id || i) AS rev,
                to_char(now() - (${perShop} - i) * interval '37 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
                (${sqlArray(DEVICES)})[1 + i % ${DEVICES.length}] || ' ' || (${sqlArray(PROBLEMS)})[1 + (i / ${DEVICES.length}) % ${PROBLEMS.length}] AS title,
                CASE WHEN r < 20 THEN 'open' WHEN r < 25 THEN 'block' WHEN r < 40 THEN 'doing' WHEN r < 50 THEN 'review' WHEN r < 95 THEN 'done' ELSE 'cancel' END AS status
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(account_id, user_id, n), generate_series(1, ${perShop}) AS i, LATERAL (SELECT (i * 37) % 100 AS r) x
       ) t
     ) rows`,
    [shops.map((s) => s.account), shops.map((s) => s.userId)],
  );
  await db.query(`INSERT INTO tickets.number_counters (account_id, kind, last) SELECT a, 'Ticket', $2 FROM unnest($1::text[]) AS a`, [shops.map((s) => s.account), perShop]);
  await db.query('ANALYZE tickets.documents');
}
