import { isKlass, KLASSES, SummaryGroup } from '@app/proto';

// The weekly summary's rules without I/O (spec §1, §9: the last 30 days).

/** Days a summary covers, today (UTC) included. */
export const SUMMARY_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** The ISO 8601 week of a moment (UTC), e.g. 2026-W48: a summary's job is named by it, so a week sends one. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7; // Monday 1 … Sunday 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of its week decides the year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The period of a summary made at `at`: the 30 UTC days ending with that day, and the instant it starts. */
export function summaryPeriod(at: Date): { from: string; to: string; since: Date } {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const start = today - (SUMMARY_DAYS - 1) * DAY_MS;
  return { from: ymd(start), to: ymd(today), since: new Date(start) };
}

/** `weekly:<user>:<ISO week>`: the job id of a user's summary (BullMQ allows a colon only in ids of three parts). */
export function weeklyJobId(userId: string, week: string): string {
  return `weekly:${userId}:${week}`;
}

/** What a group did in the period, as gathered: tickets opened and closed, first revisions per klass. */
export interface GroupActivity {
  id: string;
  name: string;
  opened: number;
  closed: number;
  created: Array<{ klass: string; count: number }>;
}

/**
 * The records a summary lists: the kinds counted as records (the Free-plan count, spec §3 Counter), without the group
 * itself (its Account record), most created first.
 */
export function recordsCreated(created: GroupActivity['created']): SummaryGroup['records'] {
  return created
    .filter((c) => c.count > 0 && c.klass !== 'Account' && isKlass(c.klass) && KLASSES[c.klass].counted)
    .sort((a, b) => b.count - a.count || a.klass.localeCompare(b.klass))
    .map(({ klass, count }) => ({ klass, count }));
}

/**
 * The groups a user's summary shows: those where something happened (a ticket opened or closed, a record created),
 * in the order given. Empty means no mail: a quiet month sends nothing.
 */
export function summaryGroups(groups: GroupActivity[], dashboard: (id: string) => string): SummaryGroup[] {
  return groups.flatMap((g) => {
    const records = recordsCreated(g.created);
    if (g.opened === 0 && g.closed === 0 && records.length === 0) return [];
    return [{ name: g.name, link: dashboard(g.id), opened: g.opened, closed: g.closed, records }];
  });
}

/** Tickets closed in a report's totals: finished either way, done or cancelled. */
export function closedTickets(totals: { done: number; cancelled: number }): number {
  return totals.done + totals.cancelled;
}
