import { ChildProcess, spawn } from 'child_process';
import type { CallerContext, ReaderSubscriptionDoc } from '@app/proto';
import { ctxOf, newUser, uniqueId } from '@app/platform/testing/callers';
import { eventually } from '@app/platform/testing/eventually';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';

// Adding a large feed, with the reader service alone in this process (no gateway nor other service: the event loop
// watched is the reader's) and the feed served by another process: the feed is downloaded once, its entries stored from
// that download, read and sanitized a slice at a time (issue 26 #3, #4). The longest wait of the event loop while it is
// added is printed (a figure for docs/benchmarks.md, not an assertion: tests have no timed assertions); what is
// asserted is that reading the downloaded feed offered to give the event loop back (its `pause`, which gives it back
// once SLICE_MS has passed) where a document read in one go never does (a JSON Feed until issue 26's leftovers).

/** Each feed read on subscribe: its characters, the offers to give the loop back, and the turns the loop took. */
const mockReads: Array<{ chars: number; offers: number; turns: number }> = [];
jest.mock('../fetcher/feed-slices', () => {
  const actual = jest.requireActual<typeof import('../fetcher/feed-slices')>('../fetcher/feed-slices');
  return {
    ...actual,
    async readFeedInSlices(body: string, feedUrl: string, pause = actual.loopYielder()) {
      let offers = 0;
      let turns = 0;
      let reading = true;
      const turn = () => {
        if (!reading) return;
        turns++;
        setImmediate(turn);
      };
      setImmediate(turn);
      try {
        return await actual.readFeedInSlices(body, feedUrl, () => (offers++, pause()));
      } finally {
        reading = false;
        mockReads.push({ chars: body.length, offers, turns });
      }
    },
  };
});

let reader: InProcessService;
let feeds: ChildProcess;
let feedsUrl: string;
const saved = process.env.READER_ALLOW_PRIVATE_URLS;

/** How many times the feed server was asked for `path` (it prints each request's path). */
const asked: string[] = [];

beforeAll(async () => {
  process.env.READER_ALLOW_PRIVATE_URLS = '1';
  reader = await startInProcess({ name: 'reader_subscribe', service: 'reader', poolMax: 4, load: async () => (await import('../reader.module')).ReaderModule });
  // 500 entries of 17 kB of HTML: 8.6 MB, with an ETag; built and served by a process of its own
  feeds = spawn(process.execPath, [
    '-e',
    `
    const para = '<p>' + 'Texto longo de um artigo, como os feeds completos trazem. '.repeat(6) + '</p>';
    const items = Array.from({ length: 500 }, (_, i) => '<item><title>Big ' + i + '</title><link>https://big.example/' + i + '</link><guid>big-' + i + '</guid><pubDate>' + new Date(Date.UTC(2026, 0, 1) - i * 60000).toUTCString() + '</pubDate><content:encoded><![CDATA[' + para.repeat(50) + ']]></content:encoded></item>').join('\\n');
    const text = '<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Big</title><link>https://big.example/</link>' + items + '</channel></rss>';
    // 14,000 short entries: 9 MB too, of which the first 500 are read
    const many = '<?xml version="1.0"?><rss version="2.0"><channel><title>Many</title><link>https://many.example/</link>' + Array.from({ length: 14000 }, (_, i) => '<item><title>Many ' + i + '</title><link>https://many.example/' + i + '</link><guid>many-' + i + '</guid><pubDate>' + new Date(Date.UTC(2026, 0, 1) - i * 60000).toUTCString() + '</pubDate><description>' + 'Resumo curto da entrada. '.repeat(20) + '</description></item>').join('\\n') + '</channel></rss>';
    // the same two shapes as JSON Feed (jsonfeed.org), the channel's fields after the items
    const jsonItem = (i, prefix, html) => ({ id: prefix + '-' + i, url: 'https://' + prefix + '.example/' + i, title: prefix + ' ' + i, date_published: new Date(Date.UTC(2026, 0, 1) - i * 60000).toISOString(), content_html: html });
    const bigJson = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: Array.from({ length: 500 }, (_, i) => jsonItem(i, 'bigjson', para.repeat(50))), title: 'Big JSON', home_page_url: 'https://bigjson.example/' });
    const manyJson = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: Array.from({ length: 14000 }, (_, i) => jsonItem(i, 'manyjson', '<p>' + 'Resumo curto da entrada. '.repeat(20) + '</p>')), title: 'Many JSON', home_page_url: 'https://manyjson.example/' });
    // the channel's <ttl> (3 h, past the hour the reader waits by default) after the 14,000 items
    const ttl = many.replace('</channel>', '<ttl>180</ttl></channel>');
    const bodies = { '/many.xml': many, '/big.json': bigJson, '/many.json': manyJson, '/ttl.xml': ttl };
    require('http').createServer((q, s) => {
      console.log(q.url + ' ' + (q.headers['if-none-match'] || '-'));
      if (q.headers['if-none-match'] === '"' + q.url + '-1"') return s.writeHead(304).end();
      s.writeHead(200, { 'content-type': q.url.endsWith('.json') ? 'application/feed+json' : 'application/rss+xml', etag: '"' + q.url + '-1"' }).end(bodies[q.url] || text);
    }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });
    `,
  ]);
  feedsUrl = await new Promise<string>((resolve) => {
    feeds.stdout!.on('data', (b: Buffer) => {
      for (const line of b.toString().split('\n').filter(Boolean)) {
        if (line.startsWith('port ')) resolve(`http://127.0.0.1:${line.slice(5)}`);
        else asked.push(line);
      }
    });
  });
}, 60_000);

afterAll(async () => {
  feeds?.kill();
  await reader?.close();
  if (saved === undefined) delete process.env.READER_ALLOW_PRIVATE_URLS;
  else process.env.READER_ALLOW_PRIVATE_URLS = saved;
});

it.each([
  ['/big.xml', 'Big', '500 entries of 17 kB'],
  ['/many.xml', 'Many', '14,000 entries of 0.6 kB'],
  ['/big.json', 'Big JSON', 'JSON Feed, 500 entries of 17 kB'],
  ['/many.json', 'Many JSON', 'JSON Feed, 14,000 entries of 0.6 kB'],
])('adds a 9 MB feed (%s): downloaded once, its first 500 entries stored from that download, the event loop given back throughout', async (path, title, shape) => {
  asked.length = 0;
  mockReads.length = 0;
  const db = `acc-${uniqueId()}`;
  const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
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
  const reply = await reader.rpc.call('reader.doc.post', { ctx, doc: { klass: 'ReaderSubscription', url: `${feedsUrl}${path}` } });
  const answered = performance.now() - started;
  const sub = await eventually(
    async () => (await reader.rpc.call('reader.doc.get', { ctx, id: reply.id })) as unknown as ReaderSubscriptionDoc,
    (s) => !!s.checked_at,
    30_000,
  );
  const stored = performance.now() - started;
  watching = false;
  process.stdout.write(`reader alone: a 9 MB feed (${shape}) added, answered in ${answered.toFixed(0)} ms, its entries stored after ${stored.toFixed(0)} ms; longest event-loop wait ${longest.toFixed(0)} ms; feed asked ${asked.length} time(s); read offering the loop back ${mockReads.map((r) => r.offers).join(', ')} times, which took ${mockReads.map((r) => r.turns).join(', ')} turn(s) meanwhile\n`);
  // read once, a slice at a time (a JSON Feed was read in one go: no offer)
  expect(mockReads).toEqual([{ chars: expect.any(Number), offers: expect.any(Number), turns: expect.any(Number) }]);
  expect(mockReads[0].chars).toBeGreaterThan(8_000_000);
  expect(mockReads[0].offers).toBeGreaterThan(0);
  const items = await reader.rpc.call('reader.doc.find', { ctx, query: { selector: { klass: 'ReaderItem', reader_subscription_id: reply.id }, fields: ['_id', 'title'], limit: 1000 } });
  expect(items.docs).toHaveLength(500);
  expect(sub).toMatchObject({ title, etag: `"${path}-1"`, error_count: 0 });
  // one download: the discovery's
  expect(asked).toEqual([`${path} -`]);
  // the next fetch asks with its validators and gets a 304
  await reader.rpc.call('reader.doc.update', { ctx, design: 'reader', handler: 'refresh', id: reply.id });
  await eventually(async () => asked.length, (n) => n === 2, 15_000);
  expect(asked[1]).toBe(`${path} "${path}-1"`);
}, 60_000);

it('honours the <ttl> a 9 MB feed writes after its items: the next fetch waits that long (issue 26: it was lost once feeds were read in slices)', async () => {
  const db = `acc-${uniqueId()}`;
  const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
  const reply = await reader.rpc.call('reader.doc.post', { ctx, doc: { klass: 'ReaderSubscription', url: `${feedsUrl}/ttl.xml` } });
  const sub = await eventually(
    async () => (await reader.rpc.call('reader.doc.get', { ctx, id: reply.id })) as unknown as ReaderSubscriptionDoc,
    (s) => !!s.checked_at,
    30_000,
  );
  expect(sub).toMatchObject({ title: 'Many', error_count: 0 });
  expect(Date.parse(sub.next_check_at!) - Date.parse(sub.checked_at!)).toBe(180 * 60_000);
}, 60_000);
