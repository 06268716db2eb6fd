import type { ReportGroupRow, TicketReport } from '@app/proto';

// The ticket report as CSV (RFC 4180: comma separated, CRLF line ends, a field quoted when it holds a comma, a quote
// or a line break, quotes doubled), UTF-8 with a byte order mark so that spreadsheet programs read the accents right.
// One section per table, a blank line between them; each section's first row names its columns. Numbers are written
// with a dot. Headings in the caller's language (English or Portuguese).

export const CSV_BOM = '\uFEFF';

type Texts = typeof EN;

const EN = {
  report: 'Ticket report',
  from: 'From',
  to: 'To',
  timeZone: 'Time zone',
  week: 'Week',
  weekStart: 'Week start',
  opened: 'Opened',
  done: 'Done',
  cancelled: 'Cancelled',
  total: 'Total',
  timeToDone: 'Time to done (hours)',
  tickets: 'Tickets done',
  median: 'Median',
  p90: '90th percentile',
  average: 'Average',
  technician: 'Technician',
  category: 'Category',
  customer: 'Customer',
  medianHours: 'Median hours to done',
  none: '(none)',
  others: '(others)',
  kind: 'Record kind',
  count: 'Count',
};

const PT: Texts = {
  report: 'Relatório de chamados',
  from: 'De',
  to: 'Até',
  timeZone: 'Fuso horário',
  week: 'Semana',
  weekStart: 'Início da semana',
  opened: 'Abertos',
  done: 'Concluídos',
  cancelled: 'Cancelados',
  total: 'Total',
  timeToDone: 'Tempo até concluir (horas)',
  tickets: 'Chamados concluídos',
  median: 'Mediana',
  p90: 'Percentil 90',
  average: 'Média',
  technician: 'Técnico',
  category: 'Categoria',
  customer: 'Cliente',
  medianHours: 'Mediana de horas até concluir',
  none: '(nenhum)',
  others: '(outros)',
  kind: 'Tipo de registro',
  count: 'Quantidade',
};

export const csvTexts = (locale: string | undefined): Texts => (locale?.toLowerCase().startsWith('pt') ? PT : EN);

/**
 * One field: quoted when needed. Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return: a customer named "=HYPERLINK(…)") is written with a leading apostrophe, as OWASP advises.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: ReadonlyArray<string | number | null>) => fields.map(csvField).join(',');

function groupLabel(row: ReportGroupRow, t: Texts): string {
  return row.kind === 'none' ? t.none : row.kind === 'others' ? t.others : (row.label ?? row.key ?? '');
}

/** The whole report as CSV text, the byte order mark first. */
export function reportCsv(report: TicketReport, locale: string | undefined): string {
  const t = csvTexts(locale);
  const lines: string[] = [];
  const section = (rows: ReadonlyArray<ReadonlyArray<string | number | null>>) => {
    if (lines.length) lines.push('');
    for (const r of rows) lines.push(csvLine(r));
  };
  section([
    [t.report, null],
    [t.from, report.from],
    [t.to, report.to],
    [t.timeZone, report.tz],
  ]);
  section([
    [t.week, t.weekStart, t.opened, t.done, t.cancelled],
    ...report.weeks.map((w) => [w.week, w.start, w.opened, w.done, w.cancelled]),
    [t.total, null, report.totals.opened, report.totals.done, report.totals.cancelled],
  ]);
  const d = report.time_to_done;
  section([
    [t.timeToDone, t.tickets, t.median, t.p90, t.average],
    [null, d.count, d.median_hours, d.p90_hours, d.average_hours],
  ]);
  for (const [title, rows] of [
    [t.technician, report.technicians],
    [t.category, report.categories],
    [t.customer, report.customers],
  ] as const) {
    section([[title, t.opened, t.done, t.medianHours], ...rows.map((r) => [groupLabel(r, t), r.opened, r.done, r.median_hours])]);
  }
  section([[t.kind, t.count], ...report.counts.map((c) => [c.klass, c.count])]);
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

/** `tickets-report-2026-01-05-2026-03-29.csv` */
export const csvFilename = (report: Pick<TicketReport, 'from' | 'to'>) => `tickets-report-${report.from}-${report.to}.csv`;
