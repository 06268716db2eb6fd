import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection, queueAddWithin } from '@app/platform';
import { readerSettings } from '../common/reader-settings';
import { APP_CONFIG } from '../common/tokens';
import { ItemRetention } from '../items/item-retention';
import { FeedCredentialsRepository } from '../subscriptions/feed-credentials.repository';
import { FeedStateRepository } from '../subscriptions/feed-state.repository';
import { FeedRefresher } from './feed-refresher';
import { FeedWriter } from './feed-writer';

// The fetcher's jobs (BullMQ, Redis, keys under the run's prefix): a job scheduler adds a `due` job every
// READER_SCHEDULER_EVERY_S seconds, which queues a `feed` job for each active subscription whose next_check_at has
// come; "refresh now" queues them directly. A feed's job id is its group and subscription, so a feed is queued once
// however often it is asked for, and its job is removed when it ends (it may be queued again). Every copy of the
// service works the queue, READER_FETCH_CONCURRENCY feeds at once each; READER_FETCHER=off leaves a copy out. A second
// scheduler removes old read items once a day (ItemRetention), and the credentials whose subscription is no more (a
// restore over a group tombstones its documents without their hooks): a feed's password never outlives it by a day.

const logger = new Logger('reader-fetch-queue');
export const READER_FETCH_QUEUE = 'reader-fetch';
const DUE_SCHEDULER = 'reader-due';
/** once a day, the removal of old read items (ItemRetention), run by one copy */
const RETENTION_SCHEDULER = 'reader-retention';
/** feeds queued per scheduler run at most (the rest are due at the next run) */
const DUE_BATCH = 10_000;

interface FeedJob {
  db: string;
  id: string;
  force?: boolean;
}

type Data = FeedJob | Record<string, never>;

export function feedJobId(db: string, id: string): string {
  return `feed/${db}/${id}`;
}

@Injectable()
export class FetchQueue implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private queue?: Queue<Data>;
  private worker?: Worker<Data>;
  private closing = false;

  constructor(
    private readonly refresher: FeedRefresher,
    private readonly writer: FeedWriter,
    private readonly states: FeedStateRepository,
    private readonly retention: ItemRetention,
    private readonly credentials: FeedCredentialsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue = new Queue<Data>(READER_FETCH_QUEUE, { connection: bullProducerConnection(this.config), prefix: bullPrefix(this.config) });
    // Redis away: each command fails on its own (a request answers 503); the connection's errors are logged here
    this.queue.on('error', (err) => logger.warn(`queue: ${err.message}`));
  }

  /** The worker starts once every module is initialised (the schema migrated). */
  async onApplicationBootstrap(): Promise<void> {
    const settings = readerSettings();
    if (!settings.fetcherOn) return;
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.worker = new Worker<Data>(READER_FETCH_QUEUE, (job) => this.run(job), { ...options, concurrency: settings.fetchConcurrency });
    this.worker.on('failed', (job, err) => logger.error(`${job?.name} ${job?.id}: ${err.message}`));
    this.worker.on('error', (err) => logger.warn(`worker: ${err.message}`));
    // not awaited: BullMQ holds its commands until Redis's first connect, so a reader started while Redis was away
    // never finished starting (nor answered anything); the schedulers are set once Redis answers
    void this.setSchedulers(settings.schedulerEveryS * 1000);
  }

  /** The two repeating jobs, set (idempotently) as soon as Redis takes them; retried every 5 s until then. */
  private async setSchedulers(dueEveryMs: number): Promise<void> {
    while (!this.closing) {
      try {
        await this.queue!.upsertJobScheduler(DUE_SCHEDULER, { every: dueEveryMs }, { name: 'due', opts: { removeOnComplete: true, removeOnFail: true } });
        await this.queue!.upsertJobScheduler(RETENTION_SCHEDULER, { every: 86_400_000 }, { name: 'retention', opts: { removeOnComplete: true, removeOnFail: true } });
        return;
      } catch (err) {
        logger.warn(`the fetch schedulers are not set yet (retried in 5 s): ${err instanceof Error ? err.message : String(err)}`);
        await new Promise((r) => setTimeout(r, 5000).unref());
      }
    }
  }

  private async run(job: Job<Data>): Promise<unknown> {
    if (job.name === 'due') return { queued: await this.queueDue() };
    if (job.name === 'retention') return { credentials: await this.credentials.forgetOrphans(), removed: await this.retention.sweep(readerSettings().keepReadDays) };
    const { db, id, force } = job.data as FeedJob;
    return this.refresher.refresh(db, id, force === true);
  }

  /** Queues every active subscription that is due (the scheduler's job). */
  async queueDue(): Promise<number> {
    const due = await this.states.due(DUE_BATCH);
    await this.enqueue(due, false);
    return due.length;
  }

  /** Queues feeds to fetch; one already queued or running is not queued twice. */
  async enqueue(feeds: Array<{ db: string; id: string }>, force: boolean): Promise<void> {
    for (let i = 0; i < feeds.length; i += 1000) {
      await this.queue!.addBulk(
        feeds.slice(i, i + 1000).map(({ db, id }) => ({
          name: 'feed',
          data: { db, id, force },
          opts: { jobId: feedJobId(db, id), removeOnComplete: true, removeOnFail: true },
        })),
      );
    }
  }

  /**
   * A new subscription's first fetch, queued now if the queue takes it within a few seconds; else left to the scheduler
   * (the subscription is due from its creation), so a save is never refused once stored (Redis away: the answer was a
   * 503 after the caller's deadline, and saving again was refused as a duplicate address).
   */
  async enqueueOrLeaveToSchedule(feeds: Array<{ db: string; id: string }>): Promise<void> {
    const failed = await queueAddWithin(this.enqueue(feeds, false));
    if (failed) logger.warn(`${feeds.length} first fetch(es) left to the scheduler: ${failed.message}`);
  }

  /** Before the pool closes: the running fetches end, and what they handed over is written. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.worker?.close().catch(() => undefined);
    await this.writer.idle();
    await this.queue?.close().catch(() => undefined);
  }
}
