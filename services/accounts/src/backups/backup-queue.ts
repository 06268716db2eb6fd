import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection, RpcClient } from '@app/platform';
import { BackupDoc } from '@app/proto';
import { APP_CONFIG } from '../common/tokens';
import { BACKUP_RPC, BACKUP_SETTINGS, BackupRunner, RestoreJob } from './backup-runner';
import { BackupSettings } from './backup-settings';
import { isDue } from './backup.rules';
import { BackupsRepository } from './backups.repository';

// The backups' jobs (BullMQ, Redis, keys under the run's prefix): a job scheduler adds a `due` job every
// BACKUP_SCHEDULER_EVERY_S seconds, which makes a queued Backup record and a `backup` job for each group due by its
// plan (isDue: free 30 days, pro 7, corp 1); an administrator's "back up now" and a restore queue theirs directly. A job
// is tried once: a failed backup is recorded as failed and the next schedule tries again. Every copy of the service
// works the queue, BACKUP_CONCURRENCY jobs at once.

const logger = new Logger('backup-queue');
export const BACKUP_QUEUE = 'backups';
const DUE_SCHEDULER = 'backups-due';
/** groups read per query while looking for due ones */
const DUE_PAGE = 500;

export type BackupJobData =
  | { kind: 'due'; accounts?: string[] }
  | { kind: 'backup'; account_id: string; backup_id: string }
  | { kind: 'combined'; user_id: string; backup_id: string }
  | ({ kind: 'restore' } & RestoreJob);

@Injectable()
export class BackupQueue implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private queue?: Queue<BackupJobData>;
  private worker?: Worker<BackupJobData>;

  constructor(
    private readonly runner: BackupRunner,
    private readonly records: BackupsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BACKUP_SETTINGS) private readonly settings: BackupSettings,
    @Inject(BACKUP_RPC) private readonly rpc: RpcClient,
  ) {}

  onModuleInit(): void {
    this.queue = new Queue<BackupJobData>(BACKUP_QUEUE, { connection: bullProducerConnection(this.config), prefix: bullPrefix(this.config) });
  }

  /** The worker starts once every module is initialised (the schema migrated) and the other services answer. */
  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.worker = new Worker<BackupJobData>(BACKUP_QUEUE, (job) => this.run(job), { ...options, concurrency: this.settings.concurrency });
    this.worker.on('failed', (job, err) => logger.error(`${job?.name} ${job?.id}: ${err.message}`));
    if (this.settings.scheduleOn) {
      await this.queue!.upsertJobScheduler(DUE_SCHEDULER, { every: this.settings.schedulerEveryS * 1000 }, { name: 'due', data: { kind: 'due' }, opts: { removeOnComplete: true, removeOnFail: true } });
    } else {
      await this.queue!.removeJobScheduler(DUE_SCHEDULER);
    }
  }

  private async run(job: Job<BackupJobData>): Promise<unknown> {
    const data = job.data;
    switch (data.kind) {
      case 'due':
        return { queued: await this.queueDue(data.accounts ?? null) };
      case 'backup':
        return this.runner.backup(data.account_id, data.backup_id);
      case 'combined':
        return this.runner.combined(data.user_id, data.backup_id);
      case 'restore':
        return this.runner.restore(data);
    }
  }

  /** Queues a scheduled backup of every group that is due (or of those of `only`); returns how many. */
  async queueDue(only: string[] | null, now = new Date()): Promise<number> {
    let after = '';
    let queued = 0;
    for (;;) {
      const groups = await this.records.groupsWithLastBackup(after, DUE_PAGE, only);
      for (const g of groups) {
        if (!isDue(g.plan, g.last, now)) continue;
        const account = await this.records.account(g.id);
        const record = await this.records.create<BackupDoc>(g.id, 'Backup', newRecord('scheduled', typeof account?.name === 'string' ? account.name : ''), null);
        await this.add({ kind: 'backup', account_id: g.id, backup_id: record._id });
        queued++;
      }
      if (groups.length < DUE_PAGE) return queued;
      after = groups[groups.length - 1].id;
    }
  }

  /** Queues a job; its id is its record's, so a record is worked once however often it is asked for. */
  async add(data: Exclude<BackupJobData, { kind: 'due' }>): Promise<void> {
    const id = data.kind === 'restore' ? data.restore_id : data.backup_id;
    await this.queue!.add(data.kind, data, { jobId: id, removeOnComplete: true, removeOnFail: true, attempts: 1 });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}

/** A new Backup record's fields. */
export function newRecord(kind: BackupDoc['kind'], name: string): Record<string, unknown> {
  return { kind, status: 'queued', name, size: null, counts: {}, error: null, finished_at: null };
}
