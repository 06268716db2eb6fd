import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { READ_FILTERS, READER_ITEM_LIST_FIELDS, READER_PAGE_SIZE, readerItemSelector, STAR_FILTERS } from '@app/proto';
import { createGroup, createToken, signUp, sleep, Stack, startStack, switchModuleOn } from './harness';
import { FeedServer, rss } from './fixtures/reader-feeds';

// The reader module through the gateway: labels, subscriptions (their feed found when they are added) and items (read
// only but for the status handlers of spec §7), the feed's filters and pages of 10 (spec §4, §7, §9), unread counts,
// mark all read, OPML import and export, and what another group can't see or change. The feeds are served on loopback
// by the test (READER_ALLOW_PRIVATE_URLS=1).

let stack: Stack;
let feeds: FeedServer;
let db: string;
let token: string;

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, bearer = token): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}
const post = (doc: Json, on = db) => call('POST', `/${on}`, doc);
const get = async (id: string, on = db, bearer = token) => (await call('GET', `/${on}/${id}`, undefined, bearer)).body;
const find = async (query: Json, on = db) => {
  const r = await call('POST', `/${on}/_find`, query);
  expect(r.status).toBe(200);
  return r.body.docs as Json[];
};
const status = (handler: string, id: string, on = db, bearer = token) => call('PUT', `/${on}/_design/status/_update/${handler}/${id}`, undefined, bearer);
const update = (handler: string, id: string, body?: unknown, on = db) => call('PUT', `/${on}/_design/reader/_update/${handler}/${id}`, body);
const view = async (name: string, on = db) => (await call('GET', `/${on}/_design/reader/_view/${name}`)).body;

/** 25 dated items, newest "Item 25" first in the feed. */
const dated = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    title: `${prefix} ${n - i}`,
    link: `https://example.com/${prefix.toLowerCase()}/${n - i}`,
    guid: `${prefix}-${n - i}`,
    date: new Date(Date.UTC(2026, 0, 1 + (n - i))).toUTCString(),
    description: `About ${prefix} ${n - i}`,
    content: `<p>Body of <b>${prefix} ${n - i}</b></p>`,
  }));

async function subscribe(path: string, extra: Json = {}, on = db): Promise<Json> {
  const r = await post({ klass: 'ReaderSubscription', url: `${feeds.url}${path}`, ...extra }, on);
  expect([r.status, r.body.reason]).toEqual([201, undefined]);
  return r.body.doc;
}

/** Waits for the first fetch of a subscription (checked_at set). */
async function fetched(id: string, on = db, bearer = token): Promise<Json> {
  return until(async () => {
    const doc = await get(id, on, bearer);
    if (!doc.checked_at) throw new Error(`${id} not fetched yet`);
    return doc;
  });
}

/** Runs `check` until it stops throwing (the fetcher works in the background). */
async function until<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await sleep(50);
    }
  }
}

beforeAll(async () => {
  feeds = await new FeedServer().start();
  stack = await startStack('reader', { READER_ALLOW_PRIVATE_URLS: '1' });
  const owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Reader shop')).id;
  // the reader is off for a new group (exoreader): switched on as an administrator does
  await switchModuleOn(owner, db);
  token = await createToken(owner);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await feeds?.close();
});

describe('labels', () => {
  it('creates a label whose label is its name, and refuses a blank one and a name the group has in any case (422)', async () => {
    const r = await post({ klass: 'ReaderLabel', name: 'Tech' });
    expect(r.status).toBe(201);
    expect(r.body.doc).toMatchObject({ klass: 'ReaderLabel', name: 'Tech', label: 'Tech', kind: 'label' });
    expect((await post({ klass: 'ReaderLabel', name: '  ' })).body).toEqual({ error: 'unprocessable_entity', reason: { name: 'cant-be-blank' } });
    expect((await post({ klass: 'ReaderLabel', name: 'tech' })).body).toEqual({ error: 'unprocessable_entity', reason: { name: 'has-already-been-taken' } });
    const renamed = await call('PUT', `/${db}/${r.body.id}`, { ...r.body.doc, name: 'Technology' });
    expect(renamed.body.doc).toMatchObject({ name: 'Technology', label: 'Technology' });
    // its own name again (another case) is not "taken"
    expect((await call('PUT', `/${db}/${r.body.id}`, { ...renamed.body.doc, name: 'TECHNOLOGY' })).status).toBe(200);
  });
});

describe('subscriptions', () => {
  it('takes the title and site from the feed, fetches it at once, and shows the fetch state', async () => {
    feeds.feed('/news.xml', () => rss('Daily News', dated('News', 3), { link: 'https://news.example.com/' }));
    const sub = await subscribe('/news.xml');
    expect(sub).toMatchObject({ url: `${feeds.url}/news.xml`, title: 'Daily News', label: 'Daily News', website_url: 'https://news.example.com/', customize_title: false, active: true, reader_label_id: null, error_count: 0 });
    const done = await fetched(sub._id);
    expect(done).toMatchObject({ error_count: 0, last_error: null });
    expect(done.etag).toMatch(/^"/);
    const items = await find({ selector: { klass: 'ReaderItem', reader_subscription_id: sub._id }, sort: [{ point_at: 'desc' }] });
    expect(items.map((i) => i.title)).toEqual(['News 3', 'News 2', 'News 1']);
    expect(items[0]).toMatchObject({ read: false, starred: false, content_type: 'html', url: 'https://example.com/news/3', reader_subscription: { _id: sub._id, title: 'Daily News', label: null } });
  });

  it('refuses what is not an http(s) address, a page with no feed, an address that fails, and one the group has (422 on url)', async () => {
    for (const url of ['ftp://example.com/feed', 'not an address', '']) {
      const r = await post({ klass: 'ReaderSubscription', url });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.reason)).toEqual(['url']);
    }
    feeds.on('/plain.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>x</title></head><body>no feed</body></html>'));
    expect((await post({ klass: 'ReaderSubscription', url: `${feeds.url}/plain.html` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'has-no-feed' } });
    expect((await post({ klass: 'ReaderSubscription', url: `${feeds.url}/missing.xml` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'was-not-found-there' } });
    feeds.feed('/twice.xml', () => rss('Twice', dated('Twice', 1)));
    await subscribe('/twice.xml');
    expect((await post({ klass: 'ReaderSubscription', url: `${feeds.url}/twice.xml` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'has-already-been-taken' } });
    expect((await post({ klass: 'ReaderSubscription', url: `${feeds.url}/twice.xml`, reader_label_id: 'rlb-nothere' })).body.reason).toEqual({ reader_label_id: 'must-exist' });
  });

  it('says what failed when an address cannot be fetched: an error status, a refused connection, a host nobody knows (issue 28)', async () => {
    feeds.on('/broken.xml', (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('oops'));
    expect((await post({ klass: 'ReaderSubscription', url: `${feeds.url}/broken.xml` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'answered-with-an-error' } });
    // a port nothing listens on: a server closed at once leaves its port free
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await post({ klass: 'ReaderSubscription', url: `http://127.0.0.1:${port}/feed.xml` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'refused-the-connection' } });
    // .invalid never resolves (RFC 6761)
    expect((await post({ klass: 'ReaderSubscription', url: 'http://no-such-host.invalid/feed.xml' })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'has-no-such-host' } });
  });

  it('finds the feed a site’s page names and keeps the page as website_url', async () => {
    feeds.feed('/blog/feed.atom', () => rss('The Blog', dated('Blog', 2)));
    feeds.on('/blog/', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><link rel="alternate" type="application/rss+xml" title="Feed" href="feed.atom"></head><body>Hi</body></html>'),
    );
    const sub = await subscribe('/blog/');
    expect(sub).toMatchObject({ url: `${feeds.url}/blog/feed.atom`, website_url: `${feeds.url}/blog/`, title: 'The Blog' });
  });

  it('keeps a customised title, shows the feed’s otherwise, and an edit made before a fetch does not meet a 409', async () => {
    feeds.feed('/custom.xml', () => rss('Feed Title', dated('Custom', 1)));
    const sub = await subscribe('/custom.xml', { title: 'Mine', customize_title: true });
    expect(sub.title).toBe('Mine');
    await fetched(sub._id);
    // the fetcher ran after the document was read: the same revision still saves
    const refreshed = await update('refresh', sub._id);
    expect(refreshed.body.doc).toEqual({ queued: 1 });
    // the download of the subscribing (its first fetch, issue 26 #4) and the refresh
    await until(async () => expect(feeds.seen("/custom.xml").length).toBeGreaterThanOrEqual(2));
    const edit = await call('PUT', `/${db}/${sub._id}`, { ...sub, customize_title: false, title: 'Ignored' });
    expect(edit.status).toBe(200);
    expect(edit.body.doc.title).toBe('Feed Title');
    const stale = await call('PUT', `/${db}/${sub._id}`, { ...sub, title: 'Late' });
    expect(stale.body).toEqual({ error: 'conflict', reason: 'Record updated by someone else, please refresh' });
  });

  it('deleting a label leaves its subscriptions unlabelled; deleting a subscription deletes its items', async () => {
    const label = (await post({ klass: 'ReaderLabel', name: 'Doomed' })).body.doc;
    feeds.feed('/labelled.xml', () => rss('Labelled', dated('Labelled', 2)));
    const sub = await subscribe('/labelled.xml', { reader_label_id: label._id });
    await fetched(sub._id);
    const items = await find({ selector: { klass: 'ReaderItem', reader_subscription_id: sub._id } });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ reader_label_id: label._id, reader_subscription: { label: 'Doomed' } });
    expect((await call('DELETE', `/${db}/${label._id}?rev=${label._rev}`)).status).toBe(200);
    const after = await get(sub._id);
    expect(after.reader_label_id).toBeNull();
    expect((await find({ selector: { klass: 'ReaderItem', reader_subscription_id: sub._id } }))[0]).toMatchObject({ reader_label_id: null, reader_subscription: { label: null } });
    expect((await call('DELETE', `/${db}/${sub._id}?rev=${after._rev}`)).status).toBe(200);
    expect(await find({ selector: { klass: 'ReaderItem', reader_subscription_id: sub._id } })).toEqual([]);
    expect((await call('GET', `/${db}/${items[0]._id}`)).status).toBe(404);
    // subscribed again, the feed's entries are new to it
    const again = await subscribe('/labelled.xml');
    await fetched(again._id);
    expect(await find({ selector: { klass: 'ReaderItem', reader_subscription_id: again._id } })).toHaveLength(2);
  });
});

describe('items', () => {
  let sub: Json;
  let labelled: Json;
  let label: Json;
  beforeAll(async () => {
    feeds.feed('/page.xml', () => rss('Paged', dated('Item', 25)));
    label = (await post({ klass: 'ReaderLabel', name: 'Paging' })).body.doc;
    sub = await subscribe('/page.xml');
    feeds.feed('/other.xml', () => rss('Other', dated('Other', 4)));
    labelled = await subscribe('/other.xml', { reader_label_id: label._id });
    await fetched(sub._id);
    await fetched(labelled._id);
  });

  const page = async (read: (typeof READ_FILTERS)[number], star: (typeof STAR_FILTERS)[number], skip: number, subscriptionId?: string | null, labelId?: string | null) =>
    find({ selector: readerItemSelector(read, star, subscriptionId, labelId), fields: [...READER_ITEM_LIST_FIELDS], sort: [{ point_at: 'desc' }], limit: READER_PAGE_SIZE, skip });

  it('are written by the fetcher only: create, edit and delete are refused with 405', async () => {
    const [item] = await page('all', 'all', 0, sub._id);
    const full = await get(item._id);
    expect((await post({ klass: 'ReaderItem', title: 'forged' })).status).toBe(405);
    expect((await call('PUT', `/${db}/${item._id}`, { ...full, read: true })).body).toEqual({ error: 'method_not_allowed', reason: expect.stringMatching(/status handlers/) });
    expect((await call('DELETE', `/${db}/${item._id}?rev=${full._rev}`)).status).toBe(405);
  });

  it('a list leaves the content out; GET gives the sanitized content and its type', async () => {
    const [item] = await page('all', 'all', 0, sub._id);
    expect(item).not.toHaveProperty('content');
    expect(item).toMatchObject({ title: 'Item 25', summary: 'About Item 25', content_type: 'html', point_at: '2026-01-26T00:00:00.000Z' });
    const full = (await call('GET', `/${db}/${item._id}?fields=${encodeURIComponent(JSON.stringify(['content', 'content_type']))}`)).body;
    expect(full).toEqual({ _id: item._id, content: '<p>Body of <b>Item 25</b></p>', content_type: 'html' });
  });

  it('pages 25 items by 10, newest first, and filters by read, starred, subscription and label', async () => {
    const pages = [await page('all', 'all', 0, sub._id), await page('all', 'all', 10, sub._id), await page('all', 'all', 20, sub._id)];
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat().map((i) => i.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Item ${25 - i}`));
    const [first, second, third] = pages[0];
    expect((await status('read', first._id)).body.doc).toMatchObject({ read: true, starred: false });
    expect((await status('star', second._id)).body.doc).toMatchObject({ read: false, starred: true });
    expect((await status('star', third._id)).status).toBe(200);
    expect((await status('read', third._id)).status).toBe(200);
    const titles = (docs: Json[]) => docs.map((d) => d.title);
    expect(titles(await page('read', 'all', 0, sub._id))).toEqual(['Item 25', 'Item 23']);
    expect(titles(await page('unread', 'all', 0, sub._id))).toEqual(['Item 24', ...Array.from({ length: 9 }, (_, i) => `Item ${22 - i}`)]);
    expect(titles(await page('all', 'starred', 0, sub._id))).toEqual(['Item 24', 'Item 23']);
    expect(titles(await page('read', 'starred', 0, sub._id))).toEqual(['Item 23']);
    expect((await page('unread', 'unstarred', 20, sub._id)).length).toBe(2);
    expect(titles(await page('all', 'all', 0, null, label._id))).toEqual(['Other 4', 'Other 3', 'Other 2', 'Other 1']);
    const ofLabel = await page('unread', 'all', 0, null, label._id);
    expect(ofLabel.map((i) => i.reader_subscription)).toEqual(Array(4).fill({ _id: labelled._id, title: 'Other', label: 'Paging' }));
  });

  it('status handlers are idempotent: the same toggle again changes nothing (same revision)', async () => {
    const [item] = await page('all', 'all', 5, sub._id);
    const once = await status('star', item._id);
    const twice = await status('star', item._id);
    expect(twice.body.rev).toBe(once.body.rev);
    expect((await status('unstar', item._id)).body.doc.starred).toBe(false);
    const again = await status('unstar', item._id);
    expect(again.body.doc.starred).toBe(false);
    expect((await status('read', 'rit-nothere')).status).toBe(404);
    expect((await status('read', sub._id)).status).toBe(404);
    expect((await call('PUT', `/${db}/_design/status/_update/toggle/${item._id}`)).status).toBe(404);
  });

  it('counts unread items per subscription, and marks all read by subscription, label and all', async () => {
    const unread = async () => Object.fromEntries(((await view('unread')).rows as Json[]).map((r) => [r.key, r.value]));
    const before = await unread();
    expect(before[labelled._id]).toBe(4);
    expect(before[sub._id]).toBe((await page('unread', 'all', 0, sub._id)).length + (await page('unread', 'all', 10, sub._id)).length + (await page('unread', 'all', 20, sub._id)).length);
    expect((await update('mark_all_read', label._id)).body.doc).toEqual({ marked: 4 });
    expect((await unread())[labelled._id]).toBeUndefined();
    expect((await update('mark_all_read', sub._id)).body.doc.marked).toBe(before[sub._id]);
    const [readItem] = await page('read', 'all', 0, sub._id);
    expect(readItem).toMatchObject({ read: true });
    expect((await update('mark_all_read', 'all')).status).toBe(200);
    expect(await unread()).toEqual({});
    expect((await update('mark_all_read', 'rsb-nothere')).status).toBe(404);
  });
});

describe('OPML', () => {
  const opml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>Mine</title></head><body>${body}</body></opml>`;

  it('imports feeds with their folders and categories as labels, skips repeats, and exports them back', async () => {
    const doc = opml(`
      <outline text="Tech" title="Tech">
        <outline type="rss" text="A feed" xmlUrl="${feeds.url}/opml-a.xml" htmlUrl="https://a.example/"/>
        <outline type="rss" text="B feed" xmlUrl="${feeds.url}/opml-b.xml"/>
      </outline>
      <outline type="rss" text="C feed" xmlUrl="${feeds.url}/opml-c.xml" category="/News/World"/>
      <outline type="rss" text="A again" xmlUrl="${feeds.url}/opml-a.xml"/>
      <outline type="rss" text="bad" xmlUrl="javascript:alert(1)"/>
      <outline type="rss" text="tech too" xmlUrl="${feeds.url}/opml-d.xml" category="tech"/>`);
    const r = await update('import_opml', 'opml', { opml: doc });
    expect([r.status, r.body.doc]).toEqual([200, { subscriptions_created: 4, subscriptions_skipped: 2, labels_created: 2 }]);
    const again = await update('import_opml', 'opml', { opml: doc });
    expect(again.body.doc).toEqual({ subscriptions_created: 0, subscriptions_skipped: 6, labels_created: 0 });
    const subs = await find({ selector: { klass: 'ReaderSubscription', url: { $regex: 'opml-' } }, limit: 100 });
    const labels = Object.fromEntries((await find({ selector: { klass: 'ReaderLabel' }, limit: 100 })).map((l) => [l._id, l.name]));
    expect(Object.fromEntries(subs.map((s) => [s.url.replace(feeds.url, ''), labels[s.reader_label_id] ?? null]))).toEqual({
      '/opml-a.xml': 'Tech',
      '/opml-b.xml': 'Tech',
      '/opml-c.xml': 'News/World',
      '/opml-d.xml': 'Tech',
    });
    const exported = (await view('opml')).rows[0];
    expect(exported.key).toBe('opml');
    const xml = String(exported.value);
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain(`<outline text="Tech" title="Tech">`);
    expect(xml).toContain(`xmlUrl="${feeds.url}/opml-a.xml"`);
    expect(xml).toContain('htmlUrl="https://a.example/"');
  });

  it('round trip: what one group exports another imports to the same subscriptions and labels', async () => {
    const owner = await signUp(stack, { confirm: true });
    const other = (await createGroup(owner, 'Round trip')).id;
    await switchModuleOn(owner, other);
    const otherToken = await createToken(owner);
    const xml = String((await view('opml')).rows[0].value);
    const imported = await call('PUT', `/${other}/_design/reader/_update/import_opml/opml`, { opml: xml }, otherToken);
    expect(imported.status).toBe(200);
    const mine = await find({ selector: { klass: 'ReaderSubscription' }, limit: 1000 });
    expect(imported.body.doc.subscriptions_created).toBe(mine.length);
    const back = String((await call('GET', `/${other}/_design/reader/_view/opml`, undefined, otherToken)).body.rows[0].value);
    const outlines = (x: string) => [...x.matchAll(/<outline[^>]*xmlUrl="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(outlines(back)).toEqual(outlines(xml));
    const folders = (x: string) => [...x.matchAll(/<outline text="([^"]+)" title="[^"]+">/g)].map((m) => m[1]).sort();
    expect(folders(back)).toEqual(folders(xml));
  });

  it('refuses a malformed document (400 with the reason), one declaring entities, a missing one, and one too large (413)', async () => {
    const bad = await update('import_opml', 'opml', { opml: '<opml><body><outline' });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toMatch(/OPML/);
    expect((await update('import_opml', 'opml', { opml: 'just text' })).status).toBe(400);
    const lol = await update('import_opml', 'opml', { opml: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${opml('<outline text="&a;"/>')}` });
    expect([lol.status, lol.body.reason]).toEqual([400, 'The OPML document declares XML entities, which are refused']);
    expect((await update('import_opml', 'opml', {})).body).toEqual({ error: 'bad_request', reason: 'Send the OPML document as {"opml": "<opml …>"}' });
    const huge = opml(`<outline text="x" xmlUrl="https://x.example/${'a'.repeat(600 * 1024)}"/>`);
    expect((await update('import_opml', 'opml', { opml: huge })).status).toBe(413);
    expect((await update('import_opml', 'other', { opml: opml('') })).status).toBe(404);
  });
});

describe('tenancy', () => {
  it('another group can’t read, list or toggle this group’s items, nor refresh its feeds', async () => {
    feeds.feed('/private.xml', () => rss('Private', dated('Private', 2)));
    const sub = await subscribe('/private.xml');
    await fetched(sub._id);
    const [item] = await find({ selector: { klass: 'ReaderItem', reader_subscription_id: sub._id } });
    const stranger = await signUp(stack, { confirm: true });
    const theirs = (await createGroup(stranger, 'Elsewhere')).id;
    await switchModuleOn(stranger, theirs);
    const strangerToken = await createToken(stranger);
    // not a member of this group: refused by the gateway
    expect((await call('GET', `/${db}/${item._id}`, undefined, strangerToken)).status).toBe(403);
    expect((await call('POST', `/${db}/_find`, { selector: { klass: 'ReaderItem' } }, strangerToken)).status).toBe(403);
    expect((await status('read', item._id, db, strangerToken)).status).toBe(403);
    // through their own group the item does not exist
    expect((await call('GET', `/${theirs}/${item._id}`, undefined, strangerToken)).status).toBe(404);
    expect((await status('read', item._id, theirs, strangerToken)).status).toBe(404);
    expect((await call('PUT', `/${theirs}/_design/reader/_update/refresh/${sub._id}`, undefined, strangerToken)).status).toBe(404);
    expect((await call('POST', `/${theirs}/_find`, { selector: { klass: 'ReaderItem' } }, strangerToken)).body.docs).toEqual([]);
    expect((await get(item._id)).read).toBe(false);
  });

  it('a read-only token reads but can’t toggle', async () => {
    const owner = await signUp(stack, { confirm: true });
    const group = (await createGroup(owner, 'Read only')).id;
    await switchModuleOn(owner, group);
    const writer = await createToken(owner);
    const reader = await createToken(owner, ['read']);
    feeds.feed('/ro.xml', () => rss('RO', dated('RO', 1)));
    const r = await call('POST', `/${group}`, { klass: 'ReaderSubscription', url: `${feeds.url}/ro.xml` }, writer);
    const sub = r.body.doc;
    await fetched(sub._id, group, writer);
    const [item] = (await call('POST', `/${group}/_find`, { selector: { klass: 'ReaderItem' } }, reader)).body.docs;
    expect((await status('read', item._id, group, reader)).status).toBe(403);
    expect((await status('read', item._id, group, writer)).status).toBe(200);
  });
});
