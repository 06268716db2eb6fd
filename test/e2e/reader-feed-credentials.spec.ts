import type http from 'node:http';
import { createGroup, createToken, eventually, signUp, Stack, startStack, switchModuleOn, User } from './harness';
import { FeedServer } from './fixtures/reader-feeds';

// A feed behind HTTP Basic, subscribed as `http://user:password@host/feed` (security issue 25, item 13): the reader
// signs in with those credentials when it fetches, and keeps them out of everything a member reads. No document
// (`_find`, GET, `_changes`), OPML export, Google Reader answer (subscription list, streams, Atom, the OPML file) holds
// the password, for the owner, a read-only token or a plain member; the subscription only says whom it signs in as.
// Every address this test types carries a password with "s3cret" in it: the word must appear in no answer.

let stack: Stack;
let site: FeedServer;
let elsewhere: FeedServer;
let owner: User;
let member: User;
let db: string;
let token: string;
let readToken: string;
let other: User;
let otherDb: string;

const SECRET = 's3cret';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/** the userinfo of an address on the site: `http://user:password@127.0.0.1:port` */
const signedIn = (user: string, password: string, path: string) => site.url.replace('http://', `http://${user}:${password}@`) + path;

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, bearer = token): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: Json = {};
  try {
    json = text ? (JSON.parse(text) as Json) : {};
  } catch {
    /* XML and text answers */
  }
  return { status: res.status, body: json, text };
}
const greader = (path: string, opts: { method?: 'GET' | 'POST'; form?: Array<[string, string]>; auth?: string; on?: string } = {}) =>
  fetch(`${stack.url}/greader/${opts.on ?? db}${path}`, {
    method: opts.method ?? 'GET',
    headers: { authorization: `GoogleLogin auth=${opts.auth ?? token}`, ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
  });

/**
 * A feed at `path` that answers only to `user:password` (401 with the challenge otherwise): no channel title (a
 * subscription is then named by its address) and relative links (made absolute against the address fetched).
 */
function privateFeed(path: string, user: string, password: string, name: string): void {
  site.on(path, (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.headers.authorization !== basic(user, password)) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="members"', 'content-type': 'text/plain' }).end('sign in');
      return;
    }
    const items = [1, 2, 3]
      .map(
        (n) =>
          `<item><title>${name} ${n}</title><link>/${name}/${n}</link><guid isPermaLink="false">${name}-${n}</guid><pubDate>${new Date(Date.UTC(2026, 0, n)).toUTCString()}</pubDate>` +
          `<description>&lt;p&gt;See &lt;a href="/${name}/${n}"&gt;the post&lt;/a&gt; &lt;img src="/${name}/${n}.png" width="200" height="100"&gt;&lt;/p&gt;</description></item>`,
      )
      .join('');
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><link>/</link>${items}</channel></rss>`);
  });
}

/** The Authorization headers the site saw on a path. */
const authorizations = (server: FeedServer, path: string) => server.seen(path).map((r) => r.headers.authorization ?? null);

async function items(subscriptionId: string, bearer = token): Promise<Json[]> {
  const r = await call('POST', `/${db}/_find`, { selector: { klass: 'ReaderItem', reader_subscription_id: subscriptionId }, limit: 100 }, bearer);
  expect(r.status).toBe(200);
  return r.body.docs as Json[];
}

beforeAll(async () => {
  site = await new FeedServer().start();
  elsewhere = await new FeedServer().start();
  stack = await startStack('reader_credentials', { READER_ALLOW_PRIVATE_URLS: '1' });
  owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Members-only feeds')).id;
  await switchModuleOn(owner, db);
  token = await createToken(owner);
  readToken = await createToken(owner, ['read']);
  // a plain member (no administrator), signed in with a session
  member = await signUp(stack, { confirm: true });
  const invited = await owner.browser.post(`/${db}`, { klass: 'Subscription', email: member.email });
  expect(invited.status).toBe(201);
  expect((await member.browser.put(`/${db}/_design/status/_update/accept/${invited.body.id}`)).status).toBe(200);
  other = await signUp(stack, { confirm: true });
  otherDb = (await createGroup(other, 'Another group')).id;
  await switchModuleOn(other, otherDb);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
  await elsewhere?.close();
});

describe('a feed behind HTTP Basic, subscribed with the password in its address', () => {
  let sub: Json;

  it('is fetched signed in, and its document keeps the address without the password, saying whom it signs in as', async () => {
    privateFeed('/private.xml', 'alice', SECRET, 'private');
    const r = await call('POST', `/${db}`, { klass: 'ReaderSubscription', url: signedIn('alice', SECRET, '/private.xml') });
    expect([r.status, r.body.reason]).toEqual([201, undefined]);
    sub = r.body.doc;
    expect(sub).toMatchObject({ url: `${site.url}/private.xml`, basic_auth_user: 'alice', title: `${site.url}/private.xml`, website_url: `${site.url}/` });
    // the items came (the fetch signed in), their relative links made absolute against the address without its password
    const got = await eventually(() => items(sub._id), (docs) => docs.length === 3, 15_000);
    expect(got.map((i) => i.url).sort()).toEqual([1, 2, 3].map((n) => `${site.url}/private/${n}`));
    expect(authorizations(site, '/private.xml').length).toBeGreaterThan(0);
    expect(authorizations(site, '/private.xml').every((a) => a === basic('alice', SECRET))).toBe(true);
    // the credentials are kept, out of the document
    const { rows } = await stack.pool.query(`SELECT username, password, origin FROM reader.feed_credentials WHERE account_id = $1 AND subscription_id = $2`, [db, sub._id]);
    expect(rows).toEqual([{ username: 'alice', password: SECRET, origin: site.url }]);
  });

  it('shows the password in no answer: documents, the change feed, OPML, Google Reader lists, streams, Atom and the OPML file; owner, read-only token and plain member alike', async () => {
    // the change feed has logged the subscription (labelled by its address: the feed has no title) and its items
    await eventually(
      () => call('GET', `/${db}/_changes?include_docs=true`),
      (r) => r.status === 200 && (r.body.results as Json[]).some((c) => c.id === sub._id),
      15_000,
    );
    const streamIds = [`feed/${sub._id}`, `feed/${sub.url}`, `feed/${signedIn('alice', SECRET, '/private.xml')}`];
    const seen: Array<[string, string]> = [];
    const keep = (what: string, status: number, text: string) => {
      expect([what, status]).toEqual([what, 200]);
      seen.push([what, text]);
    };
    // the owner's token, a read-only token: the document API and Google Reader
    for (const [who, bearer] of [
      ['owner', token],
      ['read-only', readToken],
    ] as const) {
      for (const [what, method, path, body] of [
        ['find subscriptions', 'POST', `/${db}/_find`, { selector: { klass: 'ReaderSubscription' } }],
        ['find items', 'POST', `/${db}/_find`, { selector: { klass: 'ReaderItem' }, limit: 100 }],
        ['get subscription', 'GET', `/${db}/${sub._id}`, undefined],
        ['changes', 'GET', `/${db}/_changes?include_docs=true`, undefined],
        ['changes (no docs)', 'GET', `/${db}/_changes`, undefined],
        ['opml view', 'GET', `/${db}/_design/reader/_view/opml`, undefined],
      ] as const) {
        const r = await call(method, path, body, bearer);
        keep(`${who}: ${what}`, r.status, r.text);
      }
      for (const got of (await items(sub._id, bearer)).map((i) => i._id)) {
        const r = await call('GET', `/${db}/${got}`, undefined, bearer);
        keep(`${who}: item`, r.status, r.text);
      }
      for (const path of [
        '/reader/api/0/subscription/list?output=json',
        '/reader/api/0/unread-count?output=json',
        '/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=100',
        ...streamIds.map((s) => `/reader/api/0/stream/contents/${encodeURIComponent(s)}?n=100`),
        ...streamIds.map((s) => `/reader/atom/${encodeURIComponent(s)}?n=100`),
        '/reader/atom/user/-/state/com.google/reading-list',
        '/subscriptions.opml',
        '/reader/subscriptions/export',
      ]) {
        const res = await greader(path, { auth: bearer });
        keep(`${who}: greader ${path}`, res.status, await res.text());
      }
      const ids = await greader('/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=100', { auth: bearer });
      const refs = ((await ids.json()) as Json).itemRefs as Array<{ id: string }>;
      const contents = await greader('/reader/api/0/stream/items/contents', { auth: bearer, method: 'POST', form: refs.map((ref) => ['i', ref.id]) });
      keep(`${who}: greader items/contents`, contents.status, await contents.text());
    }
    // a plain member of the group, signed in
    for (const [what, res] of [
      ['member: find subscriptions', await member.browser.post(`/${db}/_find`, { selector: { klass: 'ReaderSubscription' } })],
      ['member: find items', await member.browser.post(`/${db}/_find`, { selector: { klass: 'ReaderItem' }, limit: 100 })],
      ['member: get subscription', await member.browser.get(`/${db}/${sub._id}`)],
      ['member: changes', await member.browser.get(`/${db}/_changes?include_docs=true`)],
      ['member: opml view', await member.browser.get(`/${db}/_design/reader/_view/opml`)],
    ] as const) {
      keep(what, res.status, res.text);
    }

    for (const [what, text] of seen) {
      // not vacuous: each answer names the feed or its items (by address or id)
      expect([what, text.includes(sub._id) || text.includes(site.url) || text.includes(site.url.replace(/\//g, '\\/'))]).toEqual([what, true]);
      expect([what, text.includes(SECRET), text.includes(Buffer.from(`alice:${SECRET}`).toString('base64'))]).toEqual([what, false, false]);
    }
    // what a member sees instead: whom the feed signs in as
    expect((await member.browser.get(`/${db}/${sub._id}`)).body).toMatchObject({ url: `${site.url}/private.xml`, basic_auth_user: 'alice' });
  });

  it('sends the credentials to the origin they were typed for only: a redirect elsewhere goes without them', async () => {
    elsewhere.feed('/landing.xml', () => `<?xml version="1.0"?><rss version="2.0"><channel><title>Landing</title><link>${elsewhere.url}/</link><item><title>Landed</title><guid>landed</guid></item></channel></rss>`);
    site.on('/moved.xml', (_req, res) => res.writeHead(302, { location: `${elsewhere.url}/landing.xml` }).end());
    const r = await call('POST', `/${db}`, { klass: 'ReaderSubscription', url: signedIn('alice', SECRET, '/moved.xml') });
    expect([r.status, r.body.doc?.url]).toEqual([201, `${site.url}/moved.xml`]);
    expect(authorizations(site, '/moved.xml')).toEqual([basic('alice', SECRET)]);
    expect(authorizations(elsewhere, '/landing.xml').length).toBeGreaterThan(0);
    expect(authorizations(elsewhere, '/landing.xml').every((a) => a === null)).toBe(true);
    expect(r.text).not.toContain(SECRET);
  });

  it('keeps each group to its own credentials: another group naming the same address without the password, or with another, gets nothing', async () => {
    const bare = await call('POST', `/${otherDb}`, { klass: 'ReaderSubscription', url: `${site.url}/private.xml` }, await createToken(other));
    expect(bare.body).toEqual({ error: 'unprocessable_entity', reason: { url: 'answered-with-an-error' } });
    const wrong = await call('POST', `/${otherDb}`, { klass: 'ReaderSubscription', url: signedIn('alice', 'not-the-password', '/private.xml') }, await createToken(other));
    expect(wrong.body).toEqual({ error: 'unprocessable_entity', reason: { url: 'answered-with-an-error' } });
    // the same address in the same group is the same subscription, whoever it signs in as
    expect((await call('POST', `/${db}`, { klass: 'ReaderSubscription', url: signedIn('bob', 'other-s3cret', '/private.xml') })).body).toEqual({
      error: 'unprocessable_entity',
      reason: { url: 'has-already-been-taken' },
    });
  });
});

describe('every door that takes an address moves the password out of it', () => {
  it('Google Reader quickadd and subscription/edit: fetched signed in, answered and listed without it', async () => {
    privateFeed('/quick.xml', 'carol', 'q-s3cret-q', 'quick');
    privateFeed('/edited.xml', 'dave', 'e-s3cret-e', 'edited');
    const added = await greader('/reader/api/0/subscription/quickadd', { method: 'POST', form: [['quickadd', signedIn('carol', 'q-s3cret-q', '/quick.xml')]] });
    const answer = await added.text();
    expect(added.status).toBe(200);
    expect(JSON.parse(answer)).toMatchObject({ numResults: 1, query: `${site.url}/quick.xml`, streamId: expect.stringMatching(/^feed\/rsb-/) });
    expect(answer).not.toContain(SECRET);
    const edit = await greader('/reader/api/0/subscription/edit', { method: 'POST', form: [['ac', 'subscribe'], ['s', `feed/${signedIn('dave', 'e-s3cret-e', '/edited.xml')}`], ['t', 'Edited']] });
    expect([edit.status, await edit.text()]).toEqual([200, 'OK']);
    const list = await greader('/reader/api/0/subscription/list?output=json');
    const text = await list.text();
    expect(text).not.toContain(SECRET);
    const subs = (JSON.parse(text) as { subscriptions: Json[] }).subscriptions;
    expect(subs.map((s) => s.url)).toEqual(expect.arrayContaining([`${site.url}/quick.xml`, `${site.url}/edited.xml`]));
    // both fetched signed in
    await eventually(
      async () => [authorizations(site, '/quick.xml'), authorizations(site, '/edited.xml')],
      ([quick, edited]) => quick.includes(basic('carol', 'q-s3cret-q')) && edited.includes(basic('dave', 'e-s3cret-e')),
      15_000,
    );
    const quickId = subs.find((s) => s.url === `${site.url}/quick.xml`)!.id.slice('feed/'.length);
    await eventually(() => items(quickId), (docs) => docs.length === 3, 15_000);
  });

  it('an OPML import: the feed is fetched signed in, and the export (web and subscriptions.opml) has no password', async () => {
    privateFeed('/imported.xml', 'erin', 'o-s3cret-o', 'imported');
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="Members" title="Members"><outline type="rss" text="Imported" xmlUrl="${signedIn('erin', 'o-s3cret-o', '/imported.xml')}" htmlUrl="${signedIn('erin', 'o-s3cret-o', '/')}"/></outline></body></opml>`;
    const r = await call('PUT', `/${db}/_design/reader/_update/import_opml/opml`, { opml });
    expect([r.status, r.body.doc?.subscriptions_created]).toEqual([200, 1]);
    expect(r.text).not.toContain(SECRET);
    const found = await call('POST', `/${db}/_find`, { selector: { klass: 'ReaderSubscription', url: `${site.url}/imported.xml` } });
    expect(found.body.docs).toEqual([expect.objectContaining({ url: `${site.url}/imported.xml`, website_url: `${site.url}/`, basic_auth_user: 'erin' })]);
    await eventually(() => items(found.body.docs[0]._id), (docs) => docs.length === 3, 15_000);
    expect(authorizations(site, '/imported.xml')).toContain(basic('erin', 'o-s3cret-o'));
    const view = await call('GET', `/${db}/_design/reader/_view/opml`);
    expect(view.text).toContain(`${site.url}/imported.xml`);
    expect(view.text).not.toContain(SECRET);
    const file = await greader('/subscriptions.opml', { auth: readToken });
    const xml = await file.text();
    expect(xml).toContain(`xmlUrl="${site.url}/imported.xml"`);
    expect(xml).not.toContain(SECRET);
  });
});

describe('the credentials follow the subscription', () => {
  it('an edit that keeps the address keeps them; a new password replaces them; basic_auth_user null forgets them; deleting the subscription deletes them', async () => {
    privateFeed('/kept.xml', 'frank', 'k-s3cret-k', 'kept');
    const created = await call('POST', `/${db}`, { klass: 'ReaderSubscription', url: signedIn('frank', 'k-s3cret-k', '/kept.xml') });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const stored = async () => (await stack.pool.query(`SELECT username, password FROM reader.feed_credentials WHERE account_id = $1 AND subscription_id = $2`, [db, id])).rows;

    // renamed as the web does (the document as read, sent back): still signs in
    const doc = (await call('GET', `/${db}/${id}`)).body;
    const renamed = await call('PUT', `/${db}/${id}`, { ...doc, title: 'Kept', customize_title: true });
    expect([renamed.status, renamed.body.doc?.basic_auth_user, renamed.body.doc?.url]).toEqual([200, 'frank', `${site.url}/kept.xml`]);
    expect(await stored()).toEqual([{ username: 'frank', password: 'k-s3cret-k' }]);
    const before = authorizations(site, '/kept.xml').length;
    expect((await call('PUT', `/${db}/_design/reader/_update/refresh/${id}`)).status).toBe(200);
    await eventually(async () => authorizations(site, '/kept.xml'), (seen) => seen.length > before, 15_000);
    expect(authorizations(site, '/kept.xml').slice(before).every((a) => a === basic('frank', 'k-s3cret-k'))).toBe(true);

    // a wrong password typed in the address is refused (the feed answers 401), and the stored one stays
    const wrong = await call('PUT', `/${db}/${id}`, { ...renamed.body.doc, url: signedIn('frank', 'wrong-s3cret', '/kept.xml') });
    expect(wrong.body).toEqual({ error: 'unprocessable_entity', reason: { url: 'answered-with-an-error' } });
    expect(await stored()).toEqual([{ username: 'frank', password: 'k-s3cret-k' }]);

    const forgotten = await call('PUT', `/${db}/${id}`, { ...renamed.body.doc, basic_auth_user: null });
    expect([forgotten.status, forgotten.body.doc?.basic_auth_user ?? null]).toEqual([200, null]);
    expect(await stored()).toEqual([]);

    // deleting a subscription deletes its credentials
    privateFeed('/gone.xml', 'gina', 'g-s3cret-g', 'gone');
    const gone = await call('POST', `/${db}`, { klass: 'ReaderSubscription', url: signedIn('gina', 'g-s3cret-g', '/gone.xml') });
    expect(gone.status).toBe(201);
    expect((await stack.pool.query(`SELECT 1 FROM reader.feed_credentials WHERE account_id = $1 AND subscription_id = $2`, [db, gone.body.id])).rowCount).toBe(1);
    expect((await call('DELETE', `/${db}/${gone.body.id}?rev=${gone.body.rev}`)).status).toBe(200);
    expect((await stack.pool.query(`SELECT 1 FROM reader.feed_credentials WHERE account_id = $1 AND subscription_id = $2`, [db, gone.body.id])).rowCount).toBe(0);
  });
});
