import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection, queueAddWithin } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { BookmarkFetcher } from './bookmark-fetcher';
import { BookmarksRepository } from './bookmarks.repository';

// Bookmark pages are fetched by BullMQ jobs (Redis), never in the request that saved the bookmark: a slow site holds
// no request open, and a copy of the service that dies mid-fetch leaves the job to another (a stalled job is retried).
// A save whose job can't be queued (Redis away) is still a save: the bookmark is stored as `pending` and the answer is
// the stored bookmark (a 503 made clients save it again, twice); a sweep queues pending bookmarks nobody queued.

const logger = new Logger('bookmark-fetch-queue');
export const BOOKMARK_FETCH_QUEUE = 'bookmark-fetch';
/** pages fetched at once per copy of the service */
const CONCURRENCY = 4;
/** how often the sweep looks for pending bookmarks, and how long a bookmark waits before the sweep queues it */
export const SWEEP_EVERY_MS = 60_000;
export const SWEEP_AFTER_MS = 120_000;
/** bookmarks one sweep queues at most (a job already queued under the same id is not queued twice) */
const SWEEP_BATCH = 500;

interface FetchJob {
  db: string;
  id: string;
}

@Injectable()
export class BookmarkFetchQueue implements OnModuleInit, OnApplicationShutdown {
  private queue?: Queue<FetchJob>;
  private worker?: Worker<FetchJob>;
  private sweeper?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly fetcher: BookmarkFetcher,
    private readonly bookmarks: BookmarksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.queue = new Queue<FetchJob>(BOOKMARK_FETCH_QUEUE, { ...options, connection: bullProducerConnection(this.config) });
    this.worker = new Worker<FetchJob>(BOOKMARK_FETCH_QUEUE, (job) => this.fetcher.run(job.data.db, job.data.id), { ...options, concurrency: CONCURRENCY });
    this.worker.on('failed', (job, err) => logger.error(`bookmark ${job?.data.id}: ${err.message}`));
    // Redis away: the connections' errors are logged (BullMQ reconnects by itself); a request's add fails on its own
    this.queue.on('error', (err) => logger.warn(`queue: ${err.message}`));
    this.worker.on('error', (err) => logger.warn(`worker: ${err.message}`));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** Queues the bookmarks still pending since SWEEP_AFTER_MS ago; returns how many it handed to the queue. */
  async sweep(now = Date.now()): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      const pending = await this.bookmarks.pendingFetches(new Date(now - SWEEP_AFTER_MS), SWEEP_BATCH);
      const byDb = new Map<string, Array<{ id: string; rev: string }>>();
      for (const p of pending) byDb.set(p.db, [...(byDb.get(p.db) ?? []), { id: p.id, rev: p.rev }]);
      let queued = 0;
      for (const [db, docs] of byDb) if (await this.enqueueMany(db, docs)) queued += docs.length;
      return queued;
    } catch (err) {
      logger.warn(`sweep: ${err instanceof Error ? err.message : String(err)}`);
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Queues a fetch of the bookmark as saved in revision `rev` (one job per revision: a later save queues its own).
   * Never throws: false when the queue could not take it (the sweep queues it later).
   */
  async enqueue(db: string, id: string, rev: string): Promise<boolean> {
    return this.enqueueMany(db, [{ id, rev }]);
  }

  async enqueueMany(db: string, docs: Array<{ id: string; rev: string }>): Promise<boolean> {
    if (!docs.length) return true;
    const failed = await queueAddWithin(
      this.queue!.addBulk(
        docs.map((d) => ({ name: 'fetch', data: { db, id: d.id }, opts: { jobId: `${db}.${d.id}.${d.rev}`, attempts: 2, backoff: { type: 'fixed', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 } })),
      ),
    );
    if (failed) logger.warn(`${docs.length} bookmark fetch(es) of ${db} left to the sweep: ${failed.message}`);
    return !failed;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }
}
