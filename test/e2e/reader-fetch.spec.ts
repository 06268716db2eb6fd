import http from 'node:http';
import { createGroup, createToken, eventually, signUp, sleep, Stack, startStack, switchModuleOn } from './harness';
import { atom, FeedItem, FeedServer, rss } from './fixtures/reader-feeds';

// The reader's fetcher through the product: subscriptions made through the gateway, refreshed by the BullMQ worker of
// the reader service against feeds served on loopback by the test. What a polite fetcher does (conditional requests,
// backoff and its reset, Retry-After, Cache-Control and TTL, a few requests at once per host), what it stores (each
// entry once, dates, absolute links, sanitized content, the feed behind a page), and hostile feeds: each one bounded
// in time or size, counted as an error of that feed, and the service still answering.

const INTERVAL_S = 600;
const TIMEOUT_MS = 3000;

let stack: Stack;
let feeds: FeedServer;
let db: string;
let token: string;

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, on = db): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}/${on}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}
const get = async (id: string, on = db) => (await call('GET', `/${id}`, undefined, on)).body;
const items = async (subscriptionId: string, on = db) =>
  (await call('POST', '/_find', { selector: { klass: 'ReaderItem', reader_subscription_id: subscriptionId }, sort: [{ point_at: 'desc' }], limit: 100 }, on)).body.docs as Json[];

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

async function subscribe(url: string, on = db): Promise<Json> {
  const r = await call('POST', '', { klass: 'ReaderSubscription', url }, on);
  expect([r.status, r.body.reason]).toEqual([201, undefined]);
  return checked(r.body.id, null, on);
}

/** Waits until a subscription's checked_at is set and differs from `before`. */
function checked(id: string, before: string | null, on = db): Promise<Json> {
  return until(async () => {
    const doc = await get(id, on);
    if (!doc.checked_at || doc.checked_at === before) throw new Error(`${id} not fetched again yet`);
    return doc;
  });
}

/** "Refresh now" and wait for that fetch. */
async function refresh(sub: Json, on = db): Promise<Json> {
  const before = (await get(sub._id, on)).checked_at;
  const r = await call('PUT', `/_design/reader/_update/refresh/${sub._id}`, undefined, on);
  expect(r.body.doc).toEqual({ queued: 1 });
  return checked(sub._id, before, on);
}

/** Subscriptions made through an OPML import: nothing is fetched before they exist. */
async function imported(paths: string[]): Promise<Json[]> {
  const outlines = paths.map((p) => `<outline type="rss" text="${p}" xmlUrl="${feeds.url}${p}"/>`).join('');
  const r = await call('PUT', '/_design/reader/_update/import_opml/opml', { opml: `<opml version="2.0"><body>${outlines}</body></opml>` });
  expect(r.body.doc.subscriptions_created).toBe(paths.length);
  const subs = (await call('POST', '/_find', { selector: { klass: 'ReaderSubscription', url: { $in: paths.map((p) => `${feeds.url}${p}`) } }, limit: 100 })).body.docs as Json[];
  return paths.map((p) => subs.find((s) => s.url === `${feeds.url}${p}`)!);
}

const seconds = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 1000;

beforeAll(async () => {
  feeds = await new FeedServer().start();
  stack = await startStack('reader_fetch', {
    READER_ALLOW_PRIVATE_URLS: '1',
    READER_REFRESH_INTERVAL_S: String(INTERVAL_S),
    READER_FETCH_TIMEOUT_MS: String(TIMEOUT_MS),
    READER_PER_HOST_CONCURRENCY: '2',
    // the scheduler looks for due feeds every second
    READER_SCHEDULER_EVERY_S: '1',
  });
  const owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Fetch shop')).id;
  await switchModuleOn(owner, db);
  token = await createToken(owner);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await feeds?.close();
});

describe('conditional requests', () => {
  it('the second refresh sends If-None-Match and If-Modified-Since, gets 304 and stores nothing new', async () => {
    feeds.feed('/cond.xml', () => rss('Cond', [{ title: 'a', guid: 'a' }, { title: 'b', guid: 'b' }, { title: 'c', guid: 'c' }]));
    const sub = await subscribe(`${feeds.url}/cond.xml`);
    expect(await items(sub._id)).toHaveLength(3);
    const first = feeds.seen('/cond.xml').at(-1)!;
    expect(first.headers['if-none-match']).toBeUndefined();
    const again = await refresh(sub);
    const second = feeds.seen('/cond.xml').at(-1)!;
    expect(second.headers['if-none-match']).toBe(sub.etag);
    expect(second.headers['if-modified-since']).toBe(sub.last_modified);
    expect(again).toMatchObject({ etag: sub.etag, last_modified: sub.last_modified, error_count: 0 });
    expect(Date.parse(again.checked_at)).toBeGreaterThan(Date.parse(sub.checked_at));
    expect(await items(sub._id)).toHaveLength(3);
  });

  it('subscribing downloads the feed once: its entries come from that download and the next fetch is conditional (issue 26 #4)', async () => {
    feeds.feed('/once.xml', () => rss('Once', [{ title: 'a', guid: 'a' }, { title: 'b', guid: 'b' }, { title: 'c', guid: 'c' }]));
    const sub = await subscribe(`${feeds.url}/once.xml`);
    expect(await items(sub._id)).toHaveLength(3);
    expect(sub).toMatchObject({ etag: expect.any(String), last_modified: expect.any(String), error_count: 0, title: 'Once' });
    // the scheduler looks every second: the new feed is not due, its next check is the refresh interval away
    await sleep(2500);
    expect(feeds.seen('/once.xml')).toHaveLength(1);
    expect(seconds(sub.next_check_at, sub.checked_at)).toBeGreaterThan(INTERVAL_S - 5);
    await refresh(sub);
    const asked = feeds.seen('/once.xml');
    expect(asked).toHaveLength(2);
    expect([asked[1].headers['if-none-match'], asked[1].headers['if-modified-since']]).toEqual([sub.etag, sub.last_modified]);
    // through a site's page: the page and the feed once each
    feeds.feed('/once-site/feed.xml', () => rss('Once site', [{ title: 'p', guid: 'p' }]));
    feeds.on('/once-site/', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><link rel="alternate" type="application/rss+xml" href="feed.xml"></head></html>'));
    const viaPage = await subscribe(`${feeds.url}/once-site/`);
    expect([viaPage.url, (await items(viaPage._id)).length]).toEqual([`${feeds.url}/once-site/feed.xml`, 1]);
    await sleep(1500);
    expect([feeds.seen('/once-site/').length, feeds.seen('/once-site/feed.xml').length]).toEqual([1, 1]);
  });

  it('adds a 9 MB feed with its 500 entries, read a slice at a time, downloaded once (issue 26 #3)', async () => {
    const body = `<p>${'Texto longo de um artigo, como os feeds completos trazem. '.repeat(6)}</p>`.repeat(50);
    const text = rss('Big', Array.from({ length: 500 }, (_, i) => ({ title: `Big ${i}`, guid: `big-${i}`, date: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toUTCString(), content: body })));
    feeds.feed('/big9.xml', () => text);
    // the longest the event loop of this process (the gateway and every service of the stack) was held while adding it
    let longest = 0;
    let last = performance.now();
    let watching = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (watching) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const started = performance.now();
    const r = await call('POST', '', { klass: 'ReaderSubscription', url: `${feeds.url}/big9.xml` });
    const answered = performance.now() - started;
    expect([r.status, r.body.doc?.title]).toEqual([201, 'Big']);
    const sub = await checked(r.body.id, null);
    watching = false;
    const stored = (await call('POST', '/_find', { selector: { klass: 'ReaderItem', reader_subscription_id: sub._id }, fields: ['_id'], limit: 1000 })).body.docs;
    expect(stored).toHaveLength(500);
    expect(feeds.seen('/big9.xml')).toHaveLength(1);
    const size = Buffer.byteLength(text);
    process.stdout.write(`a ${(size / 1024 / 1024).toFixed(1)} MB feed added: answered in ${answered.toFixed(0)} ms, entries stored ${(performance.now() - started).toFixed(0)} ms after; the longest event-loop wait meanwhile ${longest.toFixed(0)} ms\n`);
  }, 60_000);

  it('a feed with only Last-Modified is asked with If-Modified-Since alone', async () => {
    feeds.feed('/lm.xml', () => rss('LM', [{ title: 'x', guid: 'x' }]), { etag: false, lastModified: 'Tue, 03 Feb 2026 10:00:00 GMT' });
    const sub = await subscribe(`${feeds.url}/lm.xml`);
    expect(sub).toMatchObject({ etag: null, last_modified: 'Tue, 03 Feb 2026 10:00:00 GMT' });
    await refresh(sub);
    const last = feeds.seen('/lm.xml').at(-1)!;
    expect([last.headers['if-none-match'], last.headers['if-modified-since']]).toEqual([undefined, 'Tue, 03 Feb 2026 10:00:00 GMT']);
    expect(await items(sub._id)).toHaveLength(1);
  });
});

describe('what is stored', () => {
  it('each entry once: by guid, else link, else title and date; new entries are added', async () => {
    let entries: FeedItem[] = [
      { title: 'By guid', guid: 'g-1', date: 'Mon, 05 Jan 2026 00:00:00 GMT' },
      { title: 'By link', link: 'https://dedupe.example/2', date: 'Sun, 04 Jan 2026 00:00:00 GMT' },
      { title: 'By hash', date: 'Sat, 03 Jan 2026 00:00:00 GMT' },
    ];
    feeds.feed('/dedupe.xml', () => rss('Dedupe', entries));
    const sub = await subscribe(`${feeds.url}/dedupe.xml`);
    expect((await items(sub._id)).map((i) => i.title)).toEqual(['By guid', 'By link', 'By hash']);
    // the same entries again (one retitled), in another order, and a new one
    entries = [{ title: 'New one', guid: 'g-4', date: 'Tue, 06 Jan 2026 00:00:00 GMT' }, entries[2], entries[1], { ...entries[0], title: 'By guid, retitled' }];
    await refresh(sub);
    expect((await items(sub._id)).map((i) => i.title)).toEqual(['New one', 'By guid', 'By link', 'By hash']);
  });

  it('old read items go (READER_KEEP_READ_DAYS): read and unstarred older than the limit are removed, unread, starred and recent ones stay, and a removed entry still listed by its feed does not come back', async () => {
    const entries: FeedItem[] = [
      { title: 'Old read', guid: 'r-1', date: 'Mon, 05 Jan 2026 00:00:00 GMT' },
      { title: 'Old unread', guid: 'r-2', date: 'Sun, 04 Jan 2026 00:00:00 GMT' },
      { title: 'Old starred', guid: 'r-3', date: 'Sat, 03 Jan 2026 00:00:00 GMT' },
      { title: 'Recent read', guid: 'r-4', date: new Date().toUTCString() },
    ];
    feeds.feed('/retention.xml', () => rss('Retention', entries));
    const sub = await subscribe(`${feeds.url}/retention.xml`);
    const byTitle = Object.fromEntries((await items(sub._id)).map((i) => [i.title, i._id]));
    for (const title of ['Old read', 'Old starred', 'Recent read']) expect((await call('PUT', `/_design/status/_update/read/${byTitle[title]}`)).status).toBe(200);
    expect((await call('PUT', `/_design/status/_update/star/${byTitle['Old starred']}`)).status).toBe(200);

    const { DocumentStore } = await import('@app/platform');
    const { ItemRetention } = await import('../../services/reader/src/items/item-retention');
    const { ReaderRepository } = await import('../../services/reader/src/items/items.repository');
    const { READER_SCHEMA } = await import('../../services/reader/src/reader.schema');
    const retention = new ItemRetention(new ReaderRepository(stack.pool), new DocumentStore({ pool: stack.pool, schema: READER_SCHEMA, service: 'reader' }));
    // items of January 2026 are older than 60 days by the sweep's clock of 2026-06-01
    expect(await retention.sweep(60, new Date('2026-06-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await items(sub._id)).map((i) => i.title).sort()).toEqual(['Old starred', 'Old unread', 'Recent read']);
    expect((await call('GET', `/${byTitle['Old read']}`)).status).toBe(404);
    expect(await retention.sweep(0, new Date('2026-06-01T00:00:00Z'))).toBe(0); // 0 keeps everything

    await refresh(sub);
    expect((await items(sub._id)).map((i) => i.title).sort()).toEqual(['Old starred', 'Old unread', 'Recent read']);
  });

  it('an entry without a date gets the fetch time; relative links and images become absolute', async () => {
    feeds.feed('/relative.xml', () =>
      atom('Relative', [{ id: 'urn:r1', title: 'No date here', href: 'posts/1.html', html: '<p><a href="../about">about</a> <img src="img/pic.png" alt="pic"></p>' }], `${feeds.url}/blog/`).replace(
        /<updated>2026-01-01T00:00:00Z<\/updated>(?=<content)/,
        '',
      ),
    );
    const before = Date.now();
    const sub = await subscribe(`${feeds.url}/relative.xml`);
    const [item] = await items(sub._id);
    expect(item.url).toBe(`${feeds.url}/blog/posts/1.html`);
    expect(Date.parse(item.point_at)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(item.point_at)).toBeLessThanOrEqual(Date.parse(sub.checked_at) + 5);
    const full = await get(item._id);
    expect(full.content).toBe(`<p><a href="${feeds.url}/blog/about" target="_blank" rel="noopener noreferrer">about</a> <img src="${feeds.url}/blog/posts/img/pic.png" alt="pic" loading="lazy" /></p>`);
  });

  it('sanitizes content: no script, style, event attribute, foreign iframe or tracking pixel; a YouTube embed stays', async () => {
    const hostile =
      '<p onmouseover="steal()" style="position:fixed">Read me<script>steal()</script><style>body{display:none}</style></p>' +
      '<iframe src="https://evil.example/frame"></iframe><iframe src="https://www.youtube.com/embed/abc123"></iframe>' +
      '<img src="https://track.example/p.gif" width="1" height="1"><a href="javascript:steal()">click</a>';
    feeds.feed('/dirty.xml', () => rss('Dirty', [{ title: '<b>Bold</b> title', guid: 'd1', content: hostile, description: '<p>Sum<script>x</script>mary</p>' }]));
    const sub = await subscribe(`${feeds.url}/dirty.xml`);
    const [item] = await items(sub._id);
    expect([item.title, item.summary]).toEqual(['Bold title', 'Summary']);
    expect((await get(item._id)).content).toBe(
      '<p>Read me</p><iframe src="https://www.youtube.com/embed/abc123"></iframe><a target="_blank" rel="noopener noreferrer">click</a>',
    );
  });

  it('an address that is a page (from an OPML file) is followed to the feed it names, kept as feed_url', async () => {
    feeds.feed('/site/feed.json', () => JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'JSON Site', items: [{ id: 'j1', content_html: '<p>hi</p>', title: 'From JSON' }] }), { type: 'application/feed+json' });
    feeds.on('/site/', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><link rel="alternate" type="application/feed+json" href="feed.json"></head><body></body></html>'));
    const [sub] = await imported(['/site/']);
    const done = await checked(sub._id, null);
    expect(done).toMatchObject({ error_count: 0, feed_url: `${feeds.url}/site/feed.json`, title: 'JSON Site' });
    expect((await items(sub._id)).map((i) => i.title)).toEqual(['From JSON']);
    // the next refresh asks the feed itself, conditionally
    const pages = feeds.seen('/site/').length;
    await refresh(done);
    expect(feeds.seen('/site/').length).toBe(pages);
    expect(feeds.seen('/site/feed.json').at(-1)!.headers['if-none-match']).toBe(done.etag);
  });
});

describe('schedule', () => {
  it('the scheduler fetches an active feed once its next check has come, conditionally, and leaves an inactive one', async () => {
    let version = 1;
    feeds.feed('/due.xml', () => rss('Due', Array.from({ length: version }, (_, i) => ({ title: `d${i}`, guid: `d${i}` }))));
    feeds.feed('/paused.xml', () => rss('Paused', [{ title: 'p', guid: 'p' }]));
    const sub = await subscribe(`${feeds.url}/due.xml`);
    const paused = await subscribe(`${feeds.url}/paused.xml`);
    expect((await call('PUT', `/${paused._id}`, { ...paused, active: false })).status).toBe(200);
    const asked = { due: feeds.seen('/due.xml').length, paused: feeds.seen('/paused.xml').length };
    // nothing happens before the next check (the interval is 10 minutes)
    await sleep(2500);
    expect(feeds.seen('/due.xml').length).toBe(asked.due);
    version = 2;
    await stack.pool.query(`UPDATE reader.feed_state SET next_check_at = now() - interval '1 second' WHERE subscription_id = ANY($1)`, [[sub._id, paused._id]]);
    const again = await checked(sub._id, sub.checked_at);
    expect(feeds.seen('/due.xml').at(-1)!.headers['if-none-match']).toBe(sub.etag);
    expect(again.error_count).toBe(0);
    expect((await items(sub._id)).map((i) => i.title)).toEqual(['d1', 'd0']);
    await sleep(1500);
    expect(feeds.seen('/paused.xml').length).toBe(asked.paused);
  });

  it('counts failures with exponential backoff (interval × 2^(n−1)) and resets on success', async () => {
    let failing = false;
    feeds.on('/flaky.xml', (_req, res) => (failing ? res.writeHead(500).end('oops') : res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Flaky', [{ title: 'f', guid: 'f' }]))));
    const sub = await subscribe(`${feeds.url}/flaky.xml`);
    expect(Math.round(seconds(sub.next_check_at, sub.checked_at))).toBe(INTERVAL_S);
    failing = true;
    const once = await refresh(sub);
    expect(once).toMatchObject({ error_count: 1, last_error: 'the server answered 500' });
    expect(Math.round(seconds(once.next_check_at, once.checked_at))).toBe(INTERVAL_S);
    const twice = await refresh(sub);
    expect(twice.error_count).toBe(2);
    expect(Math.round(seconds(twice.next_check_at, twice.checked_at))).toBe(2 * INTERVAL_S);
    const thrice = await refresh(sub);
    expect(Math.round(seconds(thrice.next_check_at, thrice.checked_at))).toBe(4 * INTERVAL_S);
    failing = false;
    const healed = await refresh(sub);
    expect(healed).toMatchObject({ error_count: 0, last_error: null });
    expect(Math.round(seconds(healed.next_check_at, healed.checked_at))).toBe(INTERVAL_S);
  });

  it('honours Cache-Control max-age and the RSS ttl when they ask for longer than the interval', async () => {
    feeds.feed('/cached.xml', () => rss('Cached', [{ title: 'c', guid: 'c' }]), { headers: { 'cache-control': 'public, max-age=7200' } });
    feeds.feed('/ttl.xml', () => rss('TTL', [{ title: 't', guid: 't' }], { ttl: 240 }));
    const cached = await subscribe(`${feeds.url}/cached.xml`);
    expect(Math.round(seconds(cached.next_check_at, cached.checked_at))).toBe(7200);
    const ttl = await subscribe(`${feeds.url}/ttl.xml`);
    expect(Math.round(seconds(ttl.next_check_at, ttl.checked_at))).toBe(240 * 60);
  });

  it('429 with Retry-After: counted, and no request at all before then, not even a refresh now', async () => {
    let limited = false;
    feeds.on('/limited.xml', (_req, res) =>
      limited ? res.writeHead(429, { 'retry-after': '3600' }).end() : res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('Limited', [{ title: 'l', guid: 'l' }])),
    );
    const sub = await subscribe(`${feeds.url}/limited.xml`);
    limited = true;
    const hit = await refresh(sub);
    expect(hit).toMatchObject({ error_count: 1, last_error: 'the server answered 429' });
    expect(Math.round(seconds(hit.blocked_until, hit.checked_at))).toBe(3600);
    expect(Math.round(seconds(hit.next_check_at, hit.checked_at))).toBe(3600);
    const asked = feeds.seen('/limited.xml').length;
    expect((await call('PUT', `/_design/reader/_update/refresh/${sub._id}`)).body.doc).toEqual({ queued: 1 });
    await sleep(1500);
    expect(feeds.seen('/limited.xml').length).toBe(asked);
    expect((await get(sub._id)).checked_at).toBe(hit.checked_at);
  });

  it('asks one host at most 2 at a time when many of its feeds are refreshed at once ("refresh all")', async () => {
    const owner = await signUp(stack, { confirm: true });
    const group = (await createGroup(owner, 'Busy host')).id;
    await switchModuleOn(owner, group);
    const saved = token;
    token = await createToken(owner);
    try {
      let running = 0;
      let most = 0;
      const slow = (n: number) =>
        feeds.on(`/busy/${n}.xml`, (_req, res) => {
          running++;
          most = Math.max(most, running);
          setTimeout(() => {
            running--;
            res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(`Busy ${n}`, [{ title: `b${n}`, guid: `b${n}` }]));
          }, 150);
        });
      const subs: Json[] = [];
      for (let n = 0; n < 6; n++) {
        slow(n);
        subs.push(await subscribe(`${feeds.url}/busy/${n}.xml`, group));
      }
      most = 0;
      const stamps = await Promise.all(subs.map(async (s) => (await get(s._id, group)).checked_at as string));
      const r = await call('PUT', '/_design/reader/_update/refresh/all', undefined, group);
      expect(r.body.doc).toEqual({ queued: 6 });
      await Promise.all(subs.map((s, i) => checked(s._id, stamps[i], group)));
      expect(most).toBe(2);
    } finally {
      token = saved;
    }
  });
});

describe('hostile feeds: bounded, counted as an error of the feed, nothing crashes', () => {
  it('malformed XML, a 50 MB body, a redirect loop, one byte a second and a billion-laughs entity', async () => {
    feeds.on('/bad/malformed.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel><title>x</title><item><title>a</item></channel>'));
    let sent = 0;
    feeds.on('/bad/huge.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      res.write('<rss version="2.0"><channel><title>');
      pump();
    });
    feeds.on('/bad/loop.xml', (_req, res) => res.writeHead(302, { location: '/bad/loop.xml?again' }).end());
    let trickling: http.ServerResponse | null = null;
    feeds.on('/bad/slow.xml', (_req, res) => {
      trickling = res;
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const body = rss('Slow', [{ title: 's', guid: 's' }]);
      let i = 0;
      const timer = setInterval(() => (i < body.length && !res.destroyed ? res.write(body[i++]) : clearInterval(timer)), 1000);
      res.on('close', () => clearInterval(timer));
    });
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`).join('')}]><rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>`;
    feeds.on('/bad/laughs.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(laughs));

    const subs = await imported(['/bad/malformed.xml', '/bad/huge.xml', '/bad/loop.xml', '/bad/slow.xml', '/bad/laughs.xml']);
    const done = await Promise.all(subs.map((s) => checked(s._id, null)));
    const byPath: Record<string, Json> = Object.fromEntries(done.map((d) => [d.url.replace(feeds.url, ''), d]));
    expect(Object.values(byPath).map((d) => d.error_count)).toEqual([1, 1, 1, 1, 1]);
    expect(byPath['/bad/malformed.xml'].last_error).toMatch(/^the feed could not be read/);
    expect(byPath['/bad/huge.xml'].last_error).toBe('refused: the response is larger than 10485760 bytes');
    expect(byPath['/bad/loop.xml'].last_error).toBe('refused: more than 5 redirects');
    expect(byPath['/bad/slow.xml'].last_error).toMatch(/^no answer in time/);
    expect(byPath['/bad/laughs.xml'].last_error).toBe('the feed declares XML entities, which are refused');
    // bounded: the big body was cut off (past 10 MB read; the sockets' buffers on loopback hold a few MB more), the loop
    // after 6 requests, the trickle at the deadline (its feed, a byte a second, would take minutes: "no answer in time"
    // above, and the fetcher hung up on it before its end)
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    // (six requests a fetch: under heavy load a fetch job whose lock lapsed is run again by the queue, by design, and
    // CI once saw the loop fetched twice, 12 requests; each fetch still stopped at 6)
    const loops = feeds.seen('/bad/loop.xml').length;
    expect(loops).toBeGreaterThanOrEqual(6);
    expect(loops % 6).toBe(0);
    await eventually(async () => trickling!.destroyed, (hungUp) => hungUp); // its socket closed by the fetcher
    for (const s of subs) expect(await items(s._id)).toEqual([]);
    // the service still answers, and the next failure counts on
    expect((await call('POST', '/_find', { selector: { klass: 'ReaderLabel' } })).status).toBe(200);
    expect((await refresh(byPath['/bad/laughs.xml'])).error_count).toBe(2);
  }, 60_000);

  it('a feed on a private address is refused while READER_ALLOW_PRIVATE_URLS is off, and nothing is sent to it', async () => {
    feeds.feed('/private.xml', () => rss('Private', [{ title: 'p', guid: 'p' }]));
    process.env.READER_ALLOW_PRIVATE_URLS = '0';
    try {
      expect((await call('POST', '', { klass: 'ReaderSubscription', url: `${feeds.url}/private.xml` })).body).toEqual({ error: 'unprocessable_entity', reason: { url: 'is-a-private-address' } });
      const [sub] = await imported(['/private.xml']);
      const done = await checked(sub._id, null);
      expect(done.error_count).toBe(1);
      expect(done.last_error).toMatch(/^refused: .*private address.*READER_ALLOW_PRIVATE_URLS=1/);
      expect(feeds.seen('/private.xml')).toHaveLength(0);
      expect(await items(sub._id)).toEqual([]);
    } finally {
      process.env.READER_ALLOW_PRIVATE_URLS = '1';
    }
  });
});
