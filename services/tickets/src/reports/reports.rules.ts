import {
  AppError,
  CallerContext,
  DEFAULT_REPORT_TOP,
  errors,
  MAX_REPORT_DAYS,
  MAX_REPORT_TOP,
  ReportDurations,
  ReportGroupRow,
  ReportWeek,
  REPORTS_REASONS,
} from '@app/proto';

// The reports' rules without I/O: who may read them, the parameters (range, time zone, top N), ISO weeks, durations
// (median, 90th percentile, average) and the per-technician/category/customer tables with their "others" row.

/** Administrators and members whose membership has report_view (spec §6); anyone else 403. */
export function assertMayReadReports(ctx: Pick<CallerContext, 'admin' | 'report_view'>): void {
  if (!ctx.admin && ctx.report_view !== true) throw errors.forbidden(REPORTS_REASONS.forbidden);
}

export interface ReportParams {
  /** first day, YYYY-MM-DD */
  from: string;
  /** last day (included), YYYY-MM-DD */
  to: string;
  tz: string;
  top: number;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD that names a real day; null for anything else (2026-02-30 included). */
export function dayNumber(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in a time zone, YYYY-MM-DD. */
export function todayIn(tz: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function isTimeZone(tz: string): boolean {
  if (tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Weeks shown by default: the last 12, this one included (from the Monday 11 weeks before this week's). */
export const DEFAULT_REPORT_WEEKS = 12;

/**
 * The view's parameters: `from` and `to` (YYYY-MM-DD, both included; default the last 12 ISO weeks up to today),
 * `tz` (IANA name, default UTC) and `top` (customers shown one by one). 400 with a reason for a bad one; 422 when the
 * range is backwards or longer than MAX_REPORT_DAYS.
 */
export function parseReportParams(params: Record<string, unknown>, now = new Date()): ReportParams {
  const tz = params.tz === undefined ? 'UTC' : params.tz;
  if (typeof tz !== 'string' || !isTimeZone(tz)) throw errors.badRequest(REPORTS_REASONS.timeZone);
  const date = (name: 'from' | 'to', fallback: () => number): number => {
    const raw = params[name];
    if (raw === undefined) return fallback();
    const day = typeof raw === 'string' ? dayNumber(raw) : null;
    if (day === null) throw errors.badRequest(REPORTS_REASONS.dateFormat(name));
    return day;
  };
  const to = date('to', () => dayNumber(todayIn(tz, now))!);
  const from = date('from', () => mondayOf(to) - 7 * (DEFAULT_REPORT_WEEKS - 1));
  if (from > to) throw errors.unprocessable(REPORTS_REASONS.order);
  if (to - from + 1 > MAX_REPORT_DAYS) throw errors.unprocessable(REPORTS_REASONS.tooLong);
  const top = params.top === undefined ? DEFAULT_REPORT_TOP : params.top;
  if (typeof top !== 'number' || !Number.isInteger(top) || top < 1 || top > MAX_REPORT_TOP) throw errors.badRequest(REPORTS_REASONS.top);
  return { from: dayText(from), to: dayText(to), tz, top };
}

/** The Monday of a day's ISO week (day numbers: 1970-01-01, day 0, was a Thursday). */
export function mondayOf(day: number): number {
  return day - ((day + 3) % 7 + 7) % 7;
}

/** ISO 8601 week of a day: `2026-W05`; the week belongs to the year of its Thursday. */
export function isoWeekOf(day: number): string {
  const thursday = mondayOf(day) + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const firstThursday = mondayOf(Date.UTC(year, 0, 4) / DAY_MS) + 3;
  const week = (thursday - firstThursday) / 7 + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Every ISO week that has a day in [from, to], in order, with zero counts. */
export function weeksOf(from: string, to: string): ReportWeek[] {
  const last = dayNumber(to)!;
  const weeks: ReportWeek[] = [];
  for (let monday = mondayOf(dayNumber(from)!); monday <= last; monday += 7) {
    weeks.push({ week: isoWeekOf(monday), start: dayText(monday), opened: 0, done: 0, cancelled: 0 });
  }
  return weeks;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The q-th quantile of sorted values with linear interpolation between the closest ranks (PostgreSQL's
 * percentile_cont, spreadsheets' PERCENTILE.INC): the median of an even count is the mean of the middle two.
 */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (!sorted.length) return null;
  const rank = q * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** Count, median, 90th percentile and average of durations in hours, rounded to a tenth; null figures when empty. */
export function durations(hours: readonly number[]): ReportDurations {
  const sorted = [...hours].sort((a, b) => a - b);
  const r = (n: number | null) => (n === null ? null : round1(n));
  return {
    count: sorted.length,
    median_hours: r(quantile(sorted, 0.5)),
    p90_hours: r(quantile(sorted, 0.9)),
    average_hours: sorted.length ? round1(sorted.reduce((a, b) => a + b, 0) / sorted.length) : null,
  };
}

/** A ticket finished (done or cancelled) in the range, as the repository reads it. */
export interface ClosedTicket {
  status: 'done' | 'cancel';
  /** Monday of the week it was finished in, YYYY-MM-DD (in the report's time zone) */
  week_start: string;
  technical_id: string | null;
  category_id: string | null;
  customer_id: string | null;
  /** hours from creation to the status change */
  hours: number;
}

/** Tickets created in the range, counted per week (Monday) and per technician, category and customer. */
export interface OpenedCounts {
  week: Map<string, number>;
  technical_id: Map<string | null, number>;
  category_id: Map<string | null, number>;
  customer_id: Map<string | null, number>;
}

/** The weeks of the range with their figures (counts outside the listed weeks cannot happen: the range bounds both). */
export function weekRows(from: string, to: string, opened: Map<string, number>, closed: readonly ClosedTicket[]): ReportWeek[] {
  const weeks = weeksOf(from, to);
  const byStart = new Map(weeks.map((w) => [w.start, w]));
  for (const [start, n] of opened) {
    const w = byStart.get(start);
    if (w) w.opened += n;
  }
  for (const t of closed) {
    const w = byStart.get(t.week_start);
    if (w && t.status === 'done') w.done++;
    if (w && t.status === 'cancel') w.cancelled++;
  }
  return weeks;
}

/**
 * A per-technician, per-category or per-customer table: one row per id with tickets opened or done in the range,
 * busiest first (opened + done, then label), the first `limit` shown one by one and the rest summed in an "others"
 * row (its median over all their durations), then a "none" row for the tickets without one. Labels come from
 * `labels`, else the id.
 */
export function groupRows(
  opened: Map<string | null, number>,
  done: ReadonlyArray<{ key: string | null; hours: number }>,
  labels: Map<string, string>,
  limit: number,
): ReportGroupRow[] {
  const acc = new Map<string | null, { opened: number; hours: number[] }>();
  const at = (key: string | null) => {
    let a = acc.get(key);
    if (!a) acc.set(key, (a = { opened: 0, hours: [] }));
    return a;
  };
  for (const [key, n] of opened) at(key).opened += n;
  for (const t of done) at(t.key).hours.push(t.hours);
  const row = (kind: ReportGroupRow['kind'], key: string | null, a: { opened: number; hours: number[] }): ReportGroupRow => ({
    kind,
    key,
    label: key === null ? null : (labels.get(key) ?? key),
    opened: a.opened,
    done: a.hours.length,
    median_hours: durations(a.hours).median_hours,
  });
  const items = [...acc].filter(([key]) => key !== null).map(([key, a]) => ({ a, r: row('item', key, a) }));
  items.sort((x, y) => y.r.opened + y.r.done - (x.r.opened + x.r.done) || String(x.r.label).localeCompare(String(y.r.label)) || String(x.r.key).localeCompare(String(y.r.key)));
  const rows = items.slice(0, limit).map((i) => i.r);
  const rest = items.slice(limit);
  if (rest.length) {
    rows.push(row('others', null, { opened: rest.reduce((n, i) => n + i.a.opened, 0), hours: rest.flatMap((i) => i.a.hours) }));
  }
  const none = acc.get(null);
  if (none) rows.push(row('none', null, none));
  return rows;
}

/** The durations of the tickets done in the range, by one of their fields. */
export function doneBy(closed: readonly ClosedTicket[], field: 'technical_id' | 'category_id' | 'customer_id'): Array<{ key: string | null; hours: number }> {
  return closed.filter((t) => t.status === 'done').map((t) => ({ key: t[field], hours: t.hours }));
}

/** More finished tickets than a report reads one by one: 422 asking for a shorter range. */
export function assertClosedWithinLimit(count: number, max: number): void {
  if (count > max) throw new AppError('unprocessable_entity', REPORTS_REASONS.tooManyTickets);
}
