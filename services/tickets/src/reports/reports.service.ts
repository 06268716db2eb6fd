import { Inject, Injectable } from '@nestjs/common';
import { CallerContext, CountByKlassRow, MAX_REPORT_CLOSED_TICKETS, REPORT_GROUP_LIMIT, REPORT_VIEWS, REPORTS_DESIGN, TicketReport } from '@app/proto';
import type { RpcClient, ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { RPC_CLIENT } from '../common/tokens';
import { csvFilename, reportCsv } from './report-csv.rules';
import { ReportsRepository } from './reports.repository';
import { assertClosedWithinLimit, assertMayReadReports, doneBy, durations, groupRows, parseReportParams, weekRows } from './reports.rules';

// The `reports` design of the tickets service (GET /{account_id}/_design/reports/_view/{tickets|tickets-csv}): the
// ticket figures from this service's schema, the technicians' names and the record counts from the accounts service
// (the same calls the gateway makes for the members list and the dashboard's counters, with the caller's context).

@Injectable()
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  /** The view handlers, keyed `<design>/<view>` like the ticket views. */
  views(): Record<string, ViewHandler> {
    return {
      [`${REPORTS_DESIGN}/${REPORT_VIEWS.tickets}`]: async (ctx, params) => ({ rows: [{ key: 'tickets', value: await this.ticketReport(ctx, params) }] }),
      [`${REPORTS_DESIGN}/${REPORT_VIEWS.ticketsCsv}`]: async (ctx, params) => {
        const report = await this.ticketReport(ctx, params);
        return {
          rows: [
            { key: 'csv', value: reportCsv(report, ctx.locale) },
            { key: 'filename', value: csvFilename(report) },
          ],
        };
      },
    };
  }

  async ticketReport(ctx: CallerContext, params: Record<string, unknown>): Promise<TicketReport> {
    const db = accountDb(ctx);
    assertMayReadReports(ctx);
    const p = parseReportParams(params);
    const [opened, closed, counts] = await Promise.all([
      this.repo.opened(db, p),
      this.repo.closed(db, p, MAX_REPORT_CLOSED_TICKETS + 1),
      this.counts(ctx),
    ]);
    assertClosedWithinLimit(closed.length, MAX_REPORT_CLOSED_TICKETS);
    const ids = new Set<string>();
    for (const m of [opened.category_id, opened.customer_id]) for (const k of m.keys()) if (k) ids.add(k);
    for (const t of closed) for (const k of [t.category_id, t.customer_id]) if (k) ids.add(k);
    const [names, technicians] = await Promise.all([this.repo.names(db, [...ids]), this.memberNames(ctx)]);
    const weeks = weekRows(p.from, p.to, opened.week, closed);
    const done = closed.filter((t) => t.status === 'done');
    return {
      from: p.from,
      to: p.to,
      tz: p.tz,
      weeks,
      totals: {
        opened: weeks.reduce((n, w) => n + w.opened, 0),
        done: done.length,
        cancelled: closed.length - done.length,
      },
      time_to_done: durations(done.map((t) => t.hours)),
      technicians: groupRows(opened.technical_id, doneBy(closed, 'technical_id'), technicians, REPORT_GROUP_LIMIT),
      categories: groupRows(opened.category_id, doneBy(closed, 'category_id'), names, REPORT_GROUP_LIMIT),
      customers: groupRows(opened.customer_id, doneBy(closed, 'customer_id'), names, p.top),
      counts,
    };
  }

  /** The group's live records per kind: the accounts' count-by-klass view, as the dashboard reads it. */
  private async counts(ctx: CallerContext): Promise<TicketReport['counts']> {
    const { rows } = await this.rpc.call('accounts.doc.view', { ctx, design: 'count-by-klass', view: 'all', params: { group_level: 1 } });
    return (rows as CountByKlassRow[]).flatMap((r) => (r.key === null ? [] : [{ klass: r.key, count: r.value.amount }]));
  }

  /**
   * How the group's memberships name their users, as the caller may see them (a full name, else the label the
   * accounts service gives this caller: addresses are masked for non-administrators).
   */
  private async memberNames(ctx: CallerContext): Promise<Map<string, string>> {
    const { docs } = await this.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'Subscription' }, limit: 1000 } });
    const names = new Map<string, string>();
    for (const s of docs) {
      const user = (s.user ?? {}) as { fullname?: unknown; label?: unknown; email?: unknown };
      const name = [user.fullname, user.label, user.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
      if (typeof s.user_id === 'string' && name) names.set(s.user_id, name);
    }
    return names;
  }
}
