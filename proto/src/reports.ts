// The group's reports (spec §2 adminnoop entry "backup and reports", §6: administrators and members whose membership
// has report_view). The tickets service answers them as views of the `reports` design over its own schema:
//   GET /{account_id}/_design/reports/_view/tickets?from=YYYY-MM-DD&to=YYYY-MM-DD[&tz=<IANA zone>][&top=N]
//     → {rows: [{key: 'tickets', value: TicketReport}]}
//   GET /{account_id}/_design/reports/_view/tickets-csv?…the same…
//     → {rows: [{key: 'csv', value: '<BOM>…CSV text…'}, {key: 'filename', value: 'tickets-report-….csv'}]}
// Types and constants only (no zod): the browser imports this module as well.

export const REPORTS_DESIGN = 'reports';

export const REPORT_VIEWS = {
  /** the ticket report as JSON (TicketReport) */
  tickets: 'tickets',
  /** the same report as CSV text (UTF-8 with a byte order mark, RFC 4180, one section per table) */
  ticketsCsv: 'tickets-csv',
} as const;

/** The longest range a report covers, in days (two years, a leap day included). */
export const MAX_REPORT_DAYS = 731;
/** Customers shown one by one before the rest is summed up as "others" (the `top` parameter: 1…MAX_REPORT_TOP). */
export const DEFAULT_REPORT_TOP = 10;
export const MAX_REPORT_TOP = 50;
/** Technicians and categories shown one by one before the rest is summed up as "others". */
export const REPORT_GROUP_LIMIT = 50;
/** The most tickets finished in one range that a report reads one by one (their durations); beyond it, 422. */
export const MAX_REPORT_CLOSED_TICKETS = 200_000;

export const REPORTS_REASONS = {
  forbidden: 'Reports are for administrators and members with report access',
  dateFormat: (name: string) => `${name} must be a date written YYYY-MM-DD`,
  order: 'from must not be after to',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days`,
  timeZone: 'tz must be a time zone name such as America/Sao_Paulo',
  top: `top must be a whole number from 1 to ${MAX_REPORT_TOP}`,
  tooManyTickets: `More than ${MAX_REPORT_CLOSED_TICKETS} tickets were finished in this range: choose a shorter one`,
} as const;

/** One ISO week of the range (Monday to Sunday; the first and last may be cut by the range). */
export interface ReportWeek {
  /** ISO 8601 week, e.g. 2026-W05 */
  week: string;
  /** its Monday, YYYY-MM-DD */
  start: string;
  /** tickets created that week */
  opened: number;
  /** tickets whose status became done that week and still is */
  done: number;
  /** tickets whose status became cancel that week and still is */
  cancelled: number;
}

/** Hours from a ticket's creation to done, over the tickets done in the range; null figures when none was. */
export interface ReportDurations {
  count: number;
  median_hours: number | null;
  p90_hours: number | null;
  average_hours: number | null;
}

/**
 * A row of the per-technician, per-category or per-customer table. `kind` 'item' names one (key = its id, label = its
 * name, or the id when it has none); 'none' sums the tickets without one; 'others' sums those past the table's limit.
 */
export interface ReportGroupRow {
  kind: 'item' | 'none' | 'others';
  key: string | null;
  label: string | null;
  /** tickets created in the range */
  opened: number;
  /** tickets done in the range */
  done: number;
  /** median hours from creation to done of those done in the range */
  median_hours: number | null;
}

export interface TicketReport {
  /** the range, both days included, in the time zone `tz` */
  from: string;
  to: string;
  tz: string;
  weeks: ReportWeek[];
  totals: { opened: number; done: number; cancelled: number };
  time_to_done: ReportDurations;
  technicians: ReportGroupRow[];
  categories: ReportGroupRow[];
  customers: ReportGroupRow[];
  /** the group's live records per kind (the accounts service's counters, as the dashboard shows them) */
  counts: Array<{ klass: string; count: number }>;
}
