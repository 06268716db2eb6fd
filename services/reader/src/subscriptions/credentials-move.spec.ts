import http from 'http';
import type { AddressInfo } from 'net';
import { Pool } from 'pg';
import type { CallerContext } from '@app/proto';
import { DocumentStore, loadConfig } from '@app/platform';
import { ctxOf, newUser, uniqueId } from '@app/platform/testing/callers';
import { eventually } from '@app/platform/testing/eventually';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';

// Subscriptions written before credentials were kept apart (security issue 25, item 13), with the password in their
// address and in what their fetches stored (items' links and content made absolute against it, entry keys, the fetch
// state), as the previous version left them: the service moves them when it starts, and a restore of an archive made
// then does the same. Nothing of the password stays in a document; the fetcher signs in with the credentials kept
// apart; the entries already stored are known again (no item comes twice).

let reader: InProcessService;
let pool: Pool;
let store: DocumentStore;
let server: http.Server;
let base: string;
const seen: Array<string | null> = [];
const saved = process.env.READER_ALLOW_PRIVATE_URLS;

const SECRET = 's3cret';
const auth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/** `http://user:password@127.0.0.1:port` + path: what the previous version stored */
const withUserinfo = (user: string, password: string, path: string) => base.replace('http://', `http://${user}:${password}@`) + path;

/** Two entries whose key is their link (no guid): their keys quote the address they were made absolute against. */
const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><link>/</link>
<item><title>One</title><link>/old/1</link><pubDate>Thu, 01 Jan 2026 00:00:00 GMT</pubDate></item>
<item><title>Two</title><link>/old/2</link><pubDate>Fri, 02 Jan 2026 00:00:00 GMT</pubDate></item></channel></rss>`;

/** Writes what the previous version stored for a subscription to `url` with its two items fetched, in group `db`. */
async function oldSubscription(db: string, url: string): Promise<{ id: string; items: string[] }> {
  const { FeedStateRepository } = await import('./feed-state.repository');
  const { ReaderRepository } = await import('../items/items.repository');
  const states = new FeedStateRepository(pool);
  const repo = new ReaderRepository(pool);
  const site = url.replace(/\/old\.xml$/, '/');
  return store.inTransaction(async (tx) => {
    const [sub] = await store.createManyWithin(tx, db, 'ReaderSubscription', [{ url, website_url: site, title: null, customize_title: false, reader_label_id: null, active: true, label: url }], 'usr-old');
    // not due: the test asks for the fetch itself
    await states.createWithin(tx, db, [sub._id], true, [{ feed_url: null, feed_title: null, site_url: site, due_at: new Date(Date.now() + 3_600_000).toISOString() }]);
    await tx.query(`UPDATE reader.feed_state SET last_error = $3 WHERE account_id = $1 AND subscription_id = $2`, [db, sub._id, `the server answered 500 at ${url}`]);
    const items = await store.createManyWithin(
      tx,
      db,
      'ReaderItem',
      [1, 2].map((n) => {
        const link = url.replace(/\/old\.xml$/, `/old/${n}`);
        return {
          title: n === 1 ? 'One' : 'Two',
          url: link,
          content: `<p><a href="${link}">Read</a> <img src="${link}.png"></p>`,
          content_type: 'html',
          summary: '',
          point_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
          read: false,
          starred: false,
          reader_subscription_id: sub._id,
          reader_subscription: { _id: sub._id, title: url, label: null },
          // the fetcher's key of an entry without a guid (feed-parse.rules.ts dedupeKey)
          dedupe_key: `l:${link}`,
        };
      }),
      null,
    );
    await repo.claimKeys(tx, items.map((i) => ({ db, subscriptionId: sub._id, key: String(i.dedupe_key) })));
    return { id: sub._id, items: items.map((i) => i._id) };
  });
}

const docsOf = async (db: string) => (await pool.query<{ id: string; rev: string; body: Record<string, any> }>(`SELECT id, rev, body FROM reader.documents WHERE account_id = $1 AND NOT deleted ORDER BY id`, [db])).rows;
const credentialsOf = async (db: string) =>
  (await pool.query(`SELECT subscription_id, origin, username, password FROM reader.feed_credentials WHERE account_id = $1 ORDER BY username`, [db])).rows;

const db = `acc-${uniqueId()}`;
let alice: { id: string; items: string[] };
let bob: { id: string; items: string[] };

beforeAll(async () => {
  process.env.READER_ALLOW_PRIVATE_URLS = '1';
  server = http.createServer((req, res) => {
    seen.push(req.headers.authorization ?? null);
    if (req.headers.authorization !== auth('alice', SECRET) && req.headers.authorization !== auth('bob', `b-${SECRET}`)) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the schema as it is now, then the rows the previous version wrote, then the service starts
  pool = new Pool({ connectionString: loadConfig().databaseUrl, max: 2 });
  const { migrateReader } = await import('../database');
  await migrateReader(pool);
  store = new DocumentStore({ pool, schema: 'reader', service: 'reader' });
  alice = await oldSubscription(db, withUserinfo('alice', SECRET, '/old.xml'));
  // the same address with other credentials: moved, it would be the same address as alice's
  bob = await oldSubscription(db, withUserinfo('bob', `b-${SECRET}`, '/old.xml'));
  reader = await startInProcess({ name: 'reader_credentials_move', service: 'reader', load: async () => (await import('../reader.module')).ReaderModule });
}, 60_000);

afterAll(async () => {
  await reader?.close();
  await pool?.end();
  await new Promise((resolve) => server?.close(resolve));
  if (saved === undefined) delete process.env.READER_ALLOW_PRIVATE_URLS;
  else process.env.READER_ALLOW_PRIVATE_URLS = saved;
});

it('moves the credentials out of the addresses when the service starts: no document holds the password, each new revision', async () => {
  const docs = await docsOf(db);
  expect(JSON.stringify(docs)).not.toContain(SECRET);
  const byId = new Map(docs.map((d) => [d.id, d]));
  expect(byId.get(alice.id)!.body).toMatchObject({ url: `${base}/old.xml`, website_url: `${base}/`, label: `${base}/old.xml` });
  // two addresses that differed only by their credentials are told apart by a fragment no server sees
  expect(byId.get(bob.id)!.body).toMatchObject({ url: `${base}/old.xml#${bob.id}` });
  for (const id of [alice.id, bob.id, ...alice.items, ...bob.items]) expect(byId.get(id)!.rev).toMatch(/^2-/);
  expect(byId.get(alice.items[0])!.body).toMatchObject({ url: `${base}/old/1`, dedupe_key: `l:${base}/old/1`, content: `<p><a href="${base}/old/1">Read</a> <img src="${base}/old/1.png"></p>`, reader_subscription: { title: `${base}/old.xml` } });
  expect(await credentialsOf(db)).toEqual([
    { subscription_id: alice.id, origin: base, username: 'alice', password: SECRET },
    { subscription_id: bob.id, origin: base, username: 'bob', password: `b-${SECRET}` },
  ]);
  const keys = await pool.query(`SELECT key FROM reader.entry_keys WHERE account_id = $1 ORDER BY key`, [db]);
  expect(keys.rows.map((r) => r.key)).toEqual([`l:${base}/old/1`, `l:${base}/old/1`, `l:${base}/old/2`, `l:${base}/old/2`]);
  const states = await pool.query(`SELECT site_url, last_error FROM reader.feed_state WHERE account_id = $1`, [db]);
  expect(JSON.stringify(states.rows)).not.toContain(SECRET);
  // what the API shows
  const ctx: CallerContext = ctxOf(newUser(), db);
  const shown = await reader.rpc.call('reader.doc.get', { ctx, id: alice.id });
  expect(shown).toMatchObject({ url: `${base}/old.xml`, basic_auth_user: 'alice' });
  // nothing left to move: the next start reads an empty index
  const { CredentialsMove } = await import('./credentials-move');
  const { ReaderRepository } = await import('../items/items.repository');
  const { FeedCredentialsRepository } = await import('./feed-credentials.repository');
  expect(await new CredentialsMove(store, new ReaderRepository(pool), new FeedCredentialsRepository(pool)).run()).toBe(0);
});

it('fetches the moved subscription signed in, and knows its entries again (no item twice)', async () => {
  const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
  seen.length = 0;
  await reader.rpc.call('reader.doc.update', { ctx, design: 'reader', handler: 'refresh', id: alice.id });
  const sub = await eventually(async () => (await reader.rpc.call('reader.doc.get', { ctx, id: alice.id })) as Record<string, any>, (s) => !!s.checked_at, 15_000);
  expect(sub).toMatchObject({ error_count: 0, last_error: null });
  expect(seen).toEqual([auth('alice', SECRET)]);
  const items = await reader.rpc.call('reader.doc.find', { ctx, query: { selector: { klass: 'ReaderItem', reader_subscription_id: alice.id }, fields: ['_id', 'url'] } });
  expect(items.docs.map((d) => d._id).sort()).toEqual([...alice.items].sort());
});

it('moves what a restored archive made before brings back, in the restore’s transaction', async () => {
  const { readerRestoreHook } = await import('./restore-hook');
  const { CredentialsMove } = await import('./credentials-move');
  const { ReaderRepository } = await import('../items/items.repository');
  const { FeedStateRepository } = await import('./feed-state.repository');
  const { FeedCredentialsRepository } = await import('./feed-credentials.repository');
  const repo = new ReaderRepository(pool);
  const hook = readerRestoreHook(new FeedStateRepository(pool), repo, new CredentialsMove(store, repo, new FeedCredentialsRepository(pool)));
  const restored = `acc-${uniqueId()}`;
  const url = withUserinfo('carol', `c-${SECRET}`, '/old.xml');
  await store.inTransaction(async (tx) => {
    // as the backup store writes an archived subscription: the body as it was, then the hook
    const [sub] = await store.createManyWithin(tx, restored, 'ReaderSubscription', [{ url, title: null, customize_title: false, reader_label_id: null, active: true, label: url }], null);
    await hook(tx, restored, [sub]);
  });
  const docs = await docsOf(restored);
  expect(JSON.stringify(docs)).not.toContain(SECRET);
  expect(docs[0].body.url).toBe(`${base}/old.xml`);
  expect(await credentialsOf(restored)).toEqual([{ subscription_id: docs[0].id, origin: base, username: 'carol', password: `c-${SECRET}` }]);
});
