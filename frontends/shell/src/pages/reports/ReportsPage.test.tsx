import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketReport } from '@app/proto';
import { jsonResponse, renderPage } from '../../test/render';
import ReportsPage from './ReportsPage';
import { defaultRange, formatHours, isValidRange, rowLabel, weekChartData } from './reports.rules';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const REPORT: TicketReport = {
  from: '2026-01-05',
  to: '2026-01-25',
  tz: 'UTC',
  weeks: [
    { week: '2026-W02', start: '2026-01-05', opened: 3, done: 1, cancelled: 0 },
    { week: '2026-W03', start: '2026-01-12', opened: 2, done: 2, cancelled: 1 },
    { week: '2026-W04', start: '2026-01-19', opened: 2, done: 2, cancelled: 0 },
  ],
  totals: { opened: 7, done: 5, cancelled: 1 },
  time_to_done: { count: 5, median_hours: 24, p90_hours: 499.2, average_hours: 189.6 },
  technicians: [
    { kind: 'item', key: 'usr-2', label: 'Tina Tech', opened: 4, done: 2, median_hours: 96 },
    { kind: 'none', key: null, label: null, opened: 1, done: 0, median_hours: null },
  ],
  categories: [{ kind: 'item', key: 'cat-1', label: 'Laptops', opened: 4, done: 3, median_hours: 24 }],
  customers: [
    { kind: 'item', key: 'cus-1', label: 'Ana', opened: 2, done: 2, median_hours: 96 },
    { kind: 'others', key: null, label: null, opened: 2, done: 2, median_hours: 18 },
  ],
  counts: [
    { klass: 'Customer', count: 4 },
    { klass: 'Ticket', count: 9 },
  ],
};

function stubApi(reply: [number, unknown] = [200, { rows: [{ key: 'tickets', value: REPORT }] }]) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    if (url.startsWith('/acc-1/_design/reports/_view/tickets-csv')) {
      return jsonResponse(200, { rows: [{ key: 'csv', value: '\uFEFFTicket report,\r\n' }, { key: 'filename', value: 'tickets-report-2026-01-05-2026-01-25.csv' }] });
    }
    if (url.startsWith('/acc-1/_design/reports/_view/tickets')) return jsonResponse(reply[0], reply[1]);
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return urls;
}

const open = (query = '?from=2026-01-05&to=2026-01-25') => renderPage(<ReportsPage />, `/account/acc-1/reports${query}`, '/account/:account_id/reports');

describe('ReportsPage', () => {
  it('asks for the range in the address and shows the totals, the weeks, the time to done, the tables and the counts per kind', async () => {
    const urls = stubApi();
    open();
    const weeks = await screen.findByTestId('weeks-table');
    expect(urls[0]).toMatch(/^\/acc-1\/_design\/reports\/_view\/tickets\?from=2026-01-05&to=2026-01-25&tz=/);
    expect(screen.getByTestId('total-opened').textContent).toBe('7');
    expect(screen.getByTestId('total-done').textContent).toBe('5');
    expect(screen.getByTestId('total-cancelled').textContent).toBe('1');
    expect(within(weeks).getAllByTestId('week-row').map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['2026-W02', 'Jan 5, 2026', '3', '1', '0'],
      ['2026-W03', 'Jan 12, 2026', '2', '2', '1'],
      ['2026-W04', 'Jan 19, 2026', '2', '2', '0'],
    ]);
    expect(screen.getByTestId('weeks-chart')).toBeTruthy();
    expect(screen.getByTestId('done-count').textContent).toBe('5');
    expect(screen.getByTestId('done-median').textContent).toBe('24 h');
    expect(screen.getByTestId('done-p90').textContent).toBe('499.2 h');
    expect(screen.getByTestId('done-average').textContent).toBe('189.6 h');
    const rows = (id: string) => within(screen.getByTestId(`${id}-table`)).getAllByTestId(`${id}-row`).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows('technicians')).toEqual([
      ['Tina Tech', '4', '2', '96 h'],
      ['(none)', '1', '0', '—'],
    ]);
    expect(screen.getByTestId('technicians-chart')).toBeTruthy();
    expect(rows('categories')).toEqual([['Laptops', '4', '3', '24 h']]);
    expect(rows('customers')).toEqual([
      ['Ana', '2', '2', '96 h'],
      ['(others)', '2', '2', '18 h'],
    ]);
    expect(within(screen.getByTestId('counts-table')).getAllByTestId('count-row').map((r) => r.textContent)).toEqual(['Customer4', 'Ticket9']);
  });

  it('downloads the CSV of the same range as a file named by the service', async () => {
    const urls = stubApi();
    const createObjectURL = vi.fn((blob: Blob) => (blob instanceof Blob ? 'blob:report' : ''));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    open();
    await screen.findByTestId('weeks-table');
    fireEvent.click(screen.getByTestId('reports-csv'));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:report', download: 'tickets-report-2026-01-05-2026-01-25.csv' }]));
    expect(urls.at(-1)).toMatch(/^\/acc-1\/_design\/reports\/_view\/tickets-csv\?from=2026-01-05&to=2026-01-25&tz=/);
    const blob = createObjectURL.mock.calls[0][0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // the byte order mark stays in the file (Blob.text() would drop it when decoding)
    expect([...new Uint8Array(await blob.arrayBuffer())].slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 'T'.charCodeAt(0)]);
  });

  it('shows a notice instead of the report when the service refuses the user (403)', async () => {
    stubApi([403, { error: 'forbidden', reason: 'Reports are for administrators and members with report access' }]);
    open();
    expect(await screen.findByTestId('reports-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('reports-csv')).toBeNull();
  });

  it('asks nothing for a backwards range and says why', async () => {
    const urls = stubApi();
    open('?from=2026-02-01&to=2026-01-01');
    expect(await screen.findByTestId('reports-range-error')).toBeTruthy();
    expect(urls).toEqual([]);
  });
});

describe('reports rules', () => {
  it('defaults to the last 12 weeks: from the Monday 11 weeks before this week, to today', () => {
    expect(defaultRange(new Date(2026, 2, 25))).toEqual({ from: '2026-01-05', to: '2026-03-25' }); // a Wednesday
    expect(defaultRange(new Date(2026, 2, 29))).toEqual({ from: '2026-01-05', to: '2026-03-29' }); // a Sunday
    expect(defaultRange(new Date(2026, 2, 30))).toEqual({ from: '2026-01-12', to: '2026-03-30' }); // a Monday
  });

  it('accepts real dates in order within two years only', () => {
    expect(isValidRange('2026-01-05', '2026-01-05')).toBe(true);
    expect(isValidRange('2024-03-01', '2026-02-28')).toBe(true);
    expect(isValidRange('2024-02-28', '2026-02-28')).toBe(false);
    expect(isValidRange('2026-02-02', '2026-02-01')).toBe(false);
    expect(isValidRange('2026-02-30', '2026-03-01')).toBe(false);
    expect(isValidRange('', '2026-03-01')).toBe(false);
  });

  it('writes hours with one decimal in the language, names none and others, and plots weeks by their short name', () => {
    expect(formatHours(499.25, 'en')).toBe('499.3');
    expect(formatHours(12.5, 'pt-BR')).toBe('12,5');
    expect(formatHours(null, 'en')).toBeNull();
    const words = { none: 'none', others: 'others' };
    expect(rowLabel({ kind: 'others', key: null, label: null, opened: 0, done: 0, median_hours: null }, words)).toBe('others');
    expect(rowLabel({ kind: 'item', key: 'usr-1', label: null, opened: 0, done: 0, median_hours: null }, words)).toBe('usr-1');
    expect(weekChartData(REPORT.weeks.slice(0, 1), { opened: 'Opened', done: 'Done' })).toEqual([{ week: 'W02', Opened: 3, Done: 1 }]);
  });
});
