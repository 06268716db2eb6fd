import type { ReportGroupRow, ReportWeek } from '@app/proto';

// The reports page's rules without I/O: the default range (the last 12 ISO weeks, as the service's default), a range
// the service accepts, the browser's time zone, and how figures and rows are shown.

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;
/** The longest range the service reports on (proto MAX_REPORT_DAYS, written out: a value from proto would bundle it). */
export const MAX_DAYS = 731;

/** A local date as YYYY-MM-DD. */
export const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** From the Monday 11 weeks before this week's Monday to today (local dates). */
export function defaultRange(today = new Date()): { from: string; to: string } {
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7) - 7 * 11);
  return { from: dayText(monday), to: dayText(today) };
}

const asDay = (text: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms / DAY_MS : null;
};

/** Both dates real, the start not after the end, at most MAX_DAYS days. */
export function isValidRange(from: string, to: string): boolean {
  const [a, b] = [asDay(from), asDay(to)];
  return a !== null && b !== null && a <= b && b - a + 1 <= MAX_DAYS;
}

/** The browser's IANA time zone (the weeks and days of the report are its own), UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Hours as the page shows them: one decimal at most, in the language's number format; null as a dash. */
export function formatHours(hours: number | null, language: string): string | null {
  return hours === null ? null : new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(hours);
}

/** A table row's name: the item's label, or the words for "none" and "others". */
export function rowLabel(row: ReportGroupRow, words: { none: string; others: string }): string {
  return row.kind === 'none' ? words.none : row.kind === 'others' ? words.others : (row.label ?? row.key ?? '');
}

/** The weeks as the chart plots them: the short week name (W05) and the opened and done counts. */
export function weekChartData(weeks: readonly ReportWeek[], names: { opened: string; done: string }) {
  return weeks.map((w) => ({ week: w.week.slice(5), [names.opened]: w.opened, [names.done]: w.done }));
}

/** A group table as a chart plots it: one bar pair per row, named like the table. */
export function groupChartData(rows: readonly ReportGroupRow[], words: { none: string; others: string }, names: { opened: string; done: string }) {
  return rows.map((r) => ({ name: rowLabel(r, words), [names.opened]: r.opened, [names.done]: r.done }));
}
