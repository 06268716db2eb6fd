import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig, internalSecret, MailQueue, RpcClient } from '@app/platform';
import { CallerContext, REPORT_VIEWS, REPORTS_DESIGN, TicketReport } from '@app/proto';
import { APP_CONFIG } from '../common/tokens';
import { MailRecipient, readRecipient } from './mail-recipients';
import { SummariesRepository } from './summaries.repository';
import { closedTickets, GroupActivity, isoWeek, summaryGroups, summaryPeriod } from './summary.rules';
import { unsubscribeKey, unsubscribeLink, unsubscribeToken } from './unsubscribe.rules';

// One user's weekly summary (spec §1, §9): for each of the user's groups that want notifications, the last 30 days'
// tickets opened and closed (the tickets service's report, asked over NATS) and records created per kind (the change
// log), mailed in the user's language; nothing when nothing happened. The mail queue drops a second mail of the same
// user and week (its dedup key), so a retried or repeated job cannot send twice.

export const SCHEDULED_MAIL_RPC = Symbol('SCHEDULED_MAIL_RPC');
const logger = new Logger('weekly-summary');

/** Groups one summary covers at most (by id): a mail stays readable and a job bounded. */
export const MAX_SUMMARY_GROUPS = 50;
/** A group's ticket figures are asked once per day and run for all its members (several users share a group). */
const FIGURES_TTL_MS = 10 * 60_000;
const FIGURES_CACHED = 1000;
/** The mail queue remembers a sent summary this long (longer than a week: a late retry still finds it). */
const SENT_MEMORY_S = 8 * 24 * 3600;

export type SummaryOutcome = 'sent' | 'quiet' | 'unknown-user' | 'unconfirmed' | 'no-groups';

@Injectable()
export class WeeklySummaries {
  private readonly key: Buffer;
  private readonly figures = new Map<string, { at: number; value: Promise<{ opened: number; closed: number }> }>();

  constructor(
    private readonly repo: SummariesRepository,
    private readonly mail: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SCHEDULED_MAIL_RPC) private readonly rpc: RpcClient,
  ) {
    this.key = unsubscribeKey(internalSecret());
  }

  /** Gathers and queues the summary of `userId` for the run at `at`; tells what it did. */
  async send(userId: string, at: Date): Promise<SummaryOutcome> {
    const groups = await this.repo.notifyingGroups(userId, MAX_SUMMARY_GROUPS);
    if (!groups.length) return 'no-groups'; // switched off since the run listed the user
    const period = summaryPeriod(at);
    const activity: GroupActivity[] = [];
    for (const g of groups) {
      const [tickets, created] = await Promise.all([this.ticketFigures(g.id, userId, period.from, period.to), this.repo.created(g.id, period.since)]);
      activity.push({ id: g.id, name: g.name, ...tickets, created });
    }
    const shown = summaryGroups(activity, (id) => this.url(`/account/${id}`));
    if (!shown.length) return 'quiet';
    const user = await readRecipient(this.rpc, userId, 'weekly-summary');
    if (!user) return 'unknown-user';
    if (!user.confirmed) return 'unconfirmed';
    await this.queue(user, period, JSON.stringify(shown), isoWeek(at));
    return 'sent';
  }

  private async queue(user: MailRecipient, period: { from: string; to: string }, groups: string, week: string): Promise<void> {
    await this.mail.send(
      {
        to: user.email,
        template: 'weekly-summary',
        locale: user.locale,
        vars: { name: user.fullname, from: period.from, to: period.to, groups, settings: this.url('/user/profile') },
        unsubscribe: unsubscribeLink(this.config.publicUrl, unsubscribeToken(this.key, user.id, 'weekly-summary'), user.locale),
      },
      { oncePer: { key: `${user.id}:${week}`, seconds: SENT_MEMORY_S } },
    );
  }

  /**
   * Tickets opened and closed (done or cancelled) in the period, from the tickets service's report of the group, asked
   * for the recipient as a member who may read these totals (decisions.md: the summary shows any member the counts).
   */
  private ticketFigures(accountId: string, userId: string, from: string, to: string): Promise<{ opened: number; closed: number }> {
    const key = `${accountId}|${from}|${to}`;
    const now = Date.now();
    const hit = this.figures.get(key);
    if (hit && now - hit.at < FIGURES_TTL_MS) return hit.value;
    const ctx: CallerContext = {
      user_id: userId,
      db: accountId,
      roles: [userId, 'user', accountId],
      admin: false,
      report_view: true,
      token: null,
      request_id: `weekly-summary-${accountId}`,
    };
    const value = this.rpc
      .call('tickets.doc.view', { ctx, design: REPORTS_DESIGN, view: REPORT_VIEWS.tickets, params: { from, to, tz: 'UTC', top: 1 } }, { timeoutMs: 60_000 })
      .then(({ rows }) => {
        const report = rows[0]?.value as TicketReport | undefined;
        if (!report?.totals) throw new Error(`the tickets report of ${accountId} has no totals`);
        return { opened: report.totals.opened, closed: closedTickets(report.totals) };
      });
    value.catch((err: Error) => {
      this.figures.delete(key);
      logger.warn(`tickets report of ${accountId}: ${err.message}`);
    });
    if (this.figures.size >= FIGURES_CACHED) this.figures.clear();
    this.figures.set(key, { at: now, value });
    return value;
  }

  private url(path: string): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}${path}`;
  }
}
