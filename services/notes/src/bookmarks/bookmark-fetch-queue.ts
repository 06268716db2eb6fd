import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { BookmarkFetcher } from './bookmark-fetcher';

// Bookmark pages are fetched by BullMQ jobs (Redis), never in the request that saved the bookmark: a slow site holds
// no request open, and a copy of the service that dies mid-fetch leaves the job to another (a stalled job is retried).

const logger = new Logger('bookmark-fetch-queue');
export const BOOKMARK_FETCH_QUEUE = 'bookmark-fetch';
/** pages fetched at once per copy of the service */
const CONCURRENCY = 4;

interface FetchJob {
  db: string;
  id: string;
}

@Injectable()
export class BookmarkFetchQueue implements OnModuleInit, OnApplicationShutdown {
  private queue?: Queue<FetchJob>;
  private worker?: Worker<FetchJob>;

  constructor(
    private readonly fetcher: BookmarkFetcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.queue = new Queue<FetchJob>(BOOKMARK_FETCH_QUEUE, { ...options, connection: bullProducerConnection(this.config) });
    this.worker = new Worker<FetchJob>(BOOKMARK_FETCH_QUEUE, (job) => this.fetcher.run(job.data.db, job.data.id), { ...options, concurrency: CONCURRENCY });
    this.worker.on('failed', (job, err) => logger.error(`bookmark ${job?.data.id}: ${err.message}`));
  }

  /** Queues a fetch of the bookmark as saved in revision `rev` (one job per revision: a later save queues its own). */
  async enqueue(db: string, id: string, rev: string): Promise<void> {
    await this.enqueueMany(db, [{ id, rev }]);
  }

  async enqueueMany(db: string, docs: Array<{ id: string; rev: string }>): Promise<void> {
    if (!docs.length) return;
    await this.queue!.addBulk(
      docs.map((d) => ({ name: 'fetch', data: { db, id: d.id }, opts: { jobId: `${db}.${d.id}.${d.rev}`, attempts: 2, backoff: { type: 'fixed', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 } })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }
}
