import type { CallerContext } from '@app/proto';
import { ctxOf, newUser, uniqueId } from '@app/platform/testing/callers';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';

// Subscriptions stored while Redis is away are stored: the import answers its report (their first fetch is left to the
// scheduler, which finds them due), not a 503 after the caller's deadline that made a second import skip them all as
// already there.

let reader: InProcessService;
const savedRedis = process.env.REDIS_URL;

beforeAll(async () => {
  process.env.REDIS_URL = 'redis://127.0.0.1:1'; // nothing listens there: every queue add fails
  reader = await startInProcess({ name: 'reader_queue_away', service: 'reader', load: async () => (await import('../reader.module')).ReaderModule });
}, 60_000);

afterAll(async () => {
  await reader?.close();
  if (savedRedis === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedis;
});

it('an OPML import while Redis is away answers its report, and its subscriptions are due for the scheduler', async () => {
  const db = `acc-${uniqueId()}`;
  const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
  const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline type="rss" text="A" xmlUrl="https://a.example/feed.xml"/><outline type="rss" text="B" xmlUrl="https://b.example/feed.xml"/></body></opml>`;
  const reply = (await reader.rpc.call('reader.doc.update', { ctx, design: 'reader', handler: 'import_opml', id: 'opml', body: { opml } } as never)) as unknown as { ok: boolean; doc: { subscriptions_created: number } };
  expect(reply).toMatchObject({ ok: true, doc: { subscriptions_created: 2 } });
  const { rows } = await reader.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reader.feed_state WHERE account_id = $1 AND active AND next_check_at <= now()`, [db]);
  expect(rows[0].n).toBe(2);
});
