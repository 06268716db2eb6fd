import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { AppConfig, bullConnection, bullPrefix, bullProducerConnection, internalSecret, MailQueue, RpcClient } from '@app/platform';
import type { LoggedChange } from '../changes/change.rules';
import { APP_CONFIG } from '../common/tokens';
import { readRecipient } from '../summaries/mail-recipients';
import { ScheduledMailSettings } from '../summaries/scheduled-mail-settings';
import { SummariesRepository } from '../summaries/summaries.repository';
import { SCHEDULED_MAIL_SETTINGS } from '../summaries/summary-queue';
import { unsubscribeKey, unsubscribeLink, unsubscribeToken } from '../summaries/unsubscribe.rules';
import { SCHEDULED_MAIL_RPC } from '../summaries/weekly-summaries';
import { countedKlass, FreeLimitRepository } from './free-limit.repository';
import { freeLimitJobId, touchesLimit } from './free-limit.rules';

// The Free-plan limit notice (spec §1, §9): after the change consumer commits a batch, the groups whose counted records
// or settings it changed are checked here, off the consumer's path (it only adds their ids to a set). A check that
// finds a Free group at 1,000 records or more sets the group's marker and queues one `notice` job per crossing, id
// `free-limit:<account>:<crossing>`; the job mails each administrator (the mail queue drops a repeat of the same
// crossing and administrator). The marker is cleared when the group drops below the limit or leaves the Free plan.

export const LIMIT_QUEUE = 'free-limit-notices';
const logger = new Logger('free-limit-notices');
/** groups waiting for a check at most; beyond it a change is left to the group's next one (logged) */
const MAX_PENDING = 10_000;
/** how long a notice's job and each administrator's mail are remembered */
const KEEP_S = 30 * 24 * 3600;

interface NoticeJob {
  account_id: string;
  crossing: number;
  records: number;
}

@Injectable()
export class FreeLimitNotices implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private queue?: Queue<NoticeJob>;
  private worker?: Worker<NoticeJob>;
  private readonly pending = new Set<string>();
  private draining: Promise<void> | null = null;
  private stopped = false;
  private readonly key: Buffer;

  constructor(
    private readonly repo: FreeLimitRepository,
    private readonly optOuts: SummariesRepository,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SCHEDULED_MAIL_SETTINGS) private readonly settings: ScheduledMailSettings,
    @Inject(SCHEDULED_MAIL_RPC) private readonly rpc: RpcClient,
  ) {
    this.key = unsubscribeKey(internalSecret());
  }

  onModuleInit(): void {
    this.queue = new Queue<NoticeJob>(LIMIT_QUEUE, { connection: bullProducerConnection(this.config), prefix: bullPrefix(this.config) });
  }

  onApplicationBootstrap(): void {
    const options = { connection: bullConnection(this.config), prefix: bullPrefix(this.config) };
    this.worker = new Worker<NoticeJob>(LIMIT_QUEUE, (job) => this.notify(job), { ...options, concurrency: this.settings.concurrency });
    this.worker.on('failed', (job, err) => logger.error(`${job?.name} ${job?.id}: ${err.message}`));
  }

  /** The change consumer's hook, after a commit: remembers the groups to check and returns at once. */
  changesLogged(logged: LoggedChange[]): void {
    if (this.stopped) return;
    for (const l of logged) {
      if (!touchesLimit(l.klass, countedKlass) || this.pending.has(l.account_id)) continue;
      if (this.pending.size >= MAX_PENDING) {
        logger.warn(`more than ${MAX_PENDING} groups wait for a limit check: ${l.account_id} waits for its next change`);
        continue;
      }
      this.pending.add(l.account_id);
    }
    if (this.pending.size && !this.draining) {
      this.draining = this.drain().finally(() => (this.draining = null));
    }
  }

  /** Checks waiting groups one at a time (a transaction each); a failed check is logged and left to the next change. */
  private async drain(): Promise<void> {
    while (this.pending.size && !this.stopped) {
      const [accountId] = this.pending;
      this.pending.delete(accountId);
      try {
        await this.check(accountId);
      } catch (err) {
        logger.error(`limit check of ${accountId}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  /** Checks one group now; queues its notice when it crossed. Answers what the check did. */
  async check(accountId: string): Promise<'notify' | 'clear' | 'none'> {
    const result = await this.repo.check(accountId);
    if (result.action !== 'notify') return result.action;
    const data: NoticeJob = { account_id: accountId, crossing: result.crossing, records: result.records };
    try {
      await this.queue!.add('notice', data, {
        jobId: freeLimitJobId(accountId, result.crossing),
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: KEEP_S },
        removeOnFail: { age: KEEP_S },
      });
    } catch (err) {
      await this.repo.unmark(accountId, result.crossing).catch(() => undefined);
      throw err;
    }
    return 'notify';
  }

  /** A notice's job: the free-limit mail to each administrator who has not stopped these notices. */
  private async notify(job: Job<NoticeJob>): Promise<{ sent: number }> {
    const { account_id, crossing, records } = job.data;
    const group = await this.repo.administrators(account_id);
    const base = this.config.publicUrl.replace(/\/+$/, '');
    let sent = 0;
    for (const userId of group.admins) {
      if (await this.optOuts.optedOut(userId, 'free-limit')) continue;
      const user = await readRecipient(this.rpc, userId, 'free-limit');
      if (!user) continue;
      await this.mail.send(
        {
          to: user.email,
          template: 'free-limit',
          locale: user.locale,
          vars: { name: user.fullname, group: group.name, count: String(records), link: `${base}/account/${account_id}/billing`, dashboard: `${base}/account/${account_id}` },
          unsubscribe: unsubscribeLink(this.config.publicUrl, unsubscribeToken(this.key, user.id, 'free-limit'), user.locale),
        },
        { oncePer: { key: `${account_id}:${crossing}:${userId}`, seconds: KEEP_S } },
      );
      sent++;
    }
    return { sent };
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.draining?.catch(() => undefined);
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }
}
