import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection, RpcClient } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { ScheduledMailSettings } from './scheduled-mail-settings';
import { SummariesRepository } from './summaries.repository';
import { isoWeek, weeklyJobId } from './summary.rules';
import { SCHEDULED_MAIL_RPC, WeeklySummaries } from './weekly-summaries';

// The weekly summary's jobs (BullMQ, Redis, keys under the run's prefix). A job scheduler (SUMMARY_CRON, UTC) adds one
// `due` job per tick whatever the number of copies (every copy upserts the same scheduler; BullMQ makes one job per
// tick). The `due` job pages through the users who want notifications and adds one `user` job each, with the id
// `weekly:<user>:<ISO week>`: a second `due` job of the same week (a retry, a run by hand, another copy) adds none,
// since those jobs are kept for eight days. Every copy works the queue.

export const SUMMARY_QUEUE = 'weekly-summaries';
export const SCHEDULED_MAIL_SETTINGS = Symbol('SCHEDULED_MAIL_SETTINGS');
const SCHEDULER = 'weekly-summary';
/** users listed per query */
const USERS_PAGE = 500;
/** how long finished user jobs are kept, so their ids keep a week's summary from being queued again */
const KEEP_S = 8 * 24 * 3600;
const logger = new Logger('weekly-summary-queue');

export type SummaryJobData = { kind: 'due'; at?: string } | { kind: 'user'; user_id: string; at: string };

@Injectable()
export class SummaryQueue implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private queue?: Queue<SummaryJobData>;
  private worker?: Worker<SummaryJobData>;

  constructor(
    private readonly summaries: WeeklySummaries,
    private readonly repo: SummariesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SCHEDULED_MAIL_SETTINGS) private readonly settings: ScheduledMailSettings,
    @Inject(SCHEDULED_MAIL_RPC) private readonly rpc: RpcClient,
  ) {}

  onModuleInit(): void {
    this.queue = new Queue<SummaryJobData>(SUMMARY_QUEUE, { connection: bullProducerConnection(this.config), prefix: bullPrefix(this.config) });
  }

  /** The worker starts once every module is initialised (the schema migrated); the scheduler follows SUMMARY_SCHEDULE. */
  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.worker = new Worker<SummaryJobData>(SUMMARY_QUEUE, (job) => this.run(job), { ...options, concurrency: this.settings.concurrency });
    this.worker.on('failed', (job, err) => logger.error(`${job?.name} ${job?.id}: ${err.message}`));
    if (this.settings.summaryOn) {
      await this.queue!.upsertJobScheduler(
        SCHEDULER,
        { pattern: this.settings.summaryCron, tz: 'UTC' },
        { name: 'due', data: { kind: 'due' }, opts: { removeOnComplete: true, removeOnFail: true } },
      );
    } else {
      await this.queue!.removeJobScheduler(SCHEDULER);
    }
  }

  /**
   * A run now, as the scheduler makes one (tests, an operator): a `due` job for the moment `at` (its ISO week names the
   * users' jobs). Answers the job's id.
   */
  async runNow(at = new Date()): Promise<string> {
    const job = await this.queue!.add('due', { kind: 'due', at: at.toISOString() }, { removeOnComplete: true, removeOnFail: true });
    return job.id ?? '';
  }

  private async run(job: Job<SummaryJobData>): Promise<unknown> {
    const data = job.data;
    if (data.kind === 'due') {
      // a scheduler's job carries no time: it is for the moment it runs, its tick (not job.timestamp: BullMQ adds the
      // next tick's job when the previous one runs, a week earlier, as a delayed job)
      const at = data.at ? new Date(data.at) : new Date();
      return { queued: await this.queueUsers(at) };
    }
    return { outcome: await this.summaries.send(data.user_id, new Date(data.at)) };
  }

  /** Adds a `user` job per user who wants notifications, a page at a time; answers how many were listed. */
  async queueUsers(at: Date): Promise<number> {
    const week = isoWeek(at);
    let after = '';
    let listed = 0;
    for (;;) {
      const users = await this.repo.recipients(after, USERS_PAGE);
      if (users.length) {
        await this.queue!.addBulk(
          users.map((user_id) => ({
            name: 'user',
            data: { kind: 'user' as const, user_id, at: at.toISOString() },
            opts: {
              jobId: weeklyJobId(user_id, week),
              attempts: 3,
              backoff: { type: 'exponential', delay: 30_000 },
              removeOnComplete: { age: KEEP_S },
              removeOnFail: { age: KEEP_S },
            },
          })),
        );
      }
      listed += users.length;
      if (users.length < USERS_PAGE) return listed;
      after = users[users.length - 1];
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }

  /** After every job of both queues has stopped (the limit notices use the same client). */
  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
