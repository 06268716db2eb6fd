import { Pool } from 'pg';
import type { CallerContext, Doc } from '@app/proto';
import { loadConfig } from '@app/platform';
import { ctxOf, newUser, uniqueId } from '@app/platform/testing/callers';
import { eventually } from '@app/platform/testing/eventually';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';
import type { BookmarkFetcher } from './bookmark-fetcher';
import { BookmarkFetchQueue, SWEEP_AFTER_MS } from './bookmark-fetch-queue';
import { BookmarksRepository } from './bookmarks.repository';

// A bookmark saved while Redis is away is saved: the answer is the stored bookmark, not a 503 that made the client save
// it again (two bookmarks); its page fetch is queued later by the sweep, which finds it pending.

let notes: InProcessService;
const savedRedis = process.env.REDIS_URL;

beforeAll(async () => {
  process.env.REDIS_URL = 'redis://127.0.0.1:1'; // nothing listens there: every queue add fails
  notes = await startInProcess({ name: 'notes_queue_away', service: 'notes', load: async () => (await import('../notes.module')).NotesModule });
}, 60_000);

afterAll(async () => {
  await notes?.close();
  if (savedRedis === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedRedis;
});

describe('bookmarks while Redis is away', () => {
  const db = `acc-${uniqueId()}`;
  const ctx: CallerContext = ctxOf(newUser(), db, { admin: true });
  let id: string;

  it('a save answers the stored bookmark (pending) instead of failing, and stores it once', async () => {
    const reply = (await notes.rpc.call('notes.doc.post', { ctx, doc: { klass: 'Bookmark', url: 'http://127.0.0.1:9/page' } })) as { ok: boolean; id: string; doc?: Doc };
    expect(reply.ok).toBe(true);
    expect(reply.doc).toMatchObject({ fetch_status: 'pending' });
    id = reply.id;
    const found = ((await notes.rpc.call('notes.doc.find', { ctx, query: { selector: { klass: 'Bookmark' } } })) as { docs: Doc[] }).docs;
    expect(found.map((d) => d._id)).toEqual([id]);
  });

  it('the sweep queues a bookmark left pending, once Redis answers', async () => {
    // backdated past the sweep's wait, as a bookmark saved minutes ago
    await notes.pool.query(`UPDATE notes.documents SET updated_at = now() - interval '1 hour' WHERE account_id = $1 AND id = $2`, [db, id]);
    const fetched: string[] = [];
    const fetcher = { run: async (d: string, i: string) => void fetched.push(`${d}/${i}`) } as unknown as BookmarkFetcher;
    const config = { ...loadConfig(), redisUrl: savedRedis || 'redis://127.0.0.1:6379', prefix: `${notes.prefix}_sweep` };
    const pool = new Pool({ connectionString: config.databaseUrl, max: 1 });
    const queue = new BookmarkFetchQueue(fetcher, new BookmarksRepository(pool), config);
    queue.onModuleInit();
    try {
      expect(await queue.sweep()).toBeGreaterThanOrEqual(1);
      await eventually(async () => fetched, (f) => f.includes(`${db}/${id}`), 15_000);
      // a bookmark saved just now is the save's own job, not the sweep's
      await notes.pool.query(`UPDATE notes.documents SET updated_at = now() WHERE account_id = $1 AND id = $2`, [db, id]);
      const mine = (await new BookmarksRepository(pool).pendingFetches(new Date(Date.now() - SWEEP_AFTER_MS), 500)).filter((p) => p.db === db);
      expect(mine).toEqual([]);
    } finally {
      await queue.onApplicationShutdown();
      await pool.end();
    }
  });
});
