import { AppError, MAX_REPORT_DAYS } from '@app/proto';
import { csvField, csvFilename, reportCsv } from './report-csv.rules';
import {
  assertClosedWithinLimit,
  assertMayReadReports,
  ClosedTicket,
  dayNumber,
  durations,
  groupRows,
  isoWeekOf,
  parseReportParams,
  quantile,
  weekRows,
  weeksOf,
} from './reports.rules';

const failure = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('did not throw');
};
const day = (text: string) => dayNumber(text)!;

describe('who may read reports', () => {
  it('lets administrators and report_view members in and refuses other members with 403 and a reason', () => {
    expect(() => assertMayReadReports({ admin: true })).not.toThrow();
    expect(() => assertMayReadReports({ admin: false, report_view: true })).not.toThrow();
    expect(failure(() => assertMayReadReports({ admin: false, report_view: false }))).toMatchObject({ status: 403, reason: expect.stringContaining('report') });
    expect(failure(() => assertMayReadReports({ admin: false }))).toMatchObject({ status: 403 });
  });
});

describe('report parameters', () => {
  const now = new Date('2026-03-25T12:00:00Z'); // a Wednesday, ISO week 13

  it('defaults to the last 12 ISO weeks up to today in UTC, top 10', () => {
    expect(parseReportParams({}, now)).toEqual({ from: '2026-01-05', to: '2026-03-25', tz: 'UTC', top: 10 });
  });

  it("takes today's date in the given time zone", () => {
    expect(parseReportParams({ tz: 'America/Sao_Paulo' }, new Date('2026-03-30T02:00:00Z')).to).toBe('2026-03-29');
  });

  it('keeps given dates, time zone and top', () => {
    expect(parseReportParams({ from: '2025-12-29', to: '2026-01-11', tz: 'America/Sao_Paulo', top: 3 }, now)).toEqual({ from: '2025-12-29', to: '2026-01-11', tz: 'America/Sao_Paulo', top: 3 });
  });

  it('refuses malformed or impossible dates with 400 naming the parameter', () => {
    for (const from of ['2026-1-5', '2026-02-30', 20260105, 'yesterday']) {
      expect(failure(() => parseReportParams({ from, to: '2026-03-01' }, now))).toMatchObject({ status: 400, reason: 'from must be a date written YYYY-MM-DD' });
    }
    expect(failure(() => parseReportParams({ to: '2026-13-01' }, now))).toMatchObject({ status: 400, reason: 'to must be a date written YYYY-MM-DD' });
  });

  it('refuses a backwards range or one longer than two years with 422', () => {
    expect(failure(() => parseReportParams({ from: '2026-03-02', to: '2026-03-01' }, now))).toMatchObject({ status: 422, reason: 'from must not be after to' });
    expect(parseReportParams({ from: '2024-03-01', to: '2026-02-28' }, now).from).toBe('2024-03-01'); // 730 days
    expect(failure(() => parseReportParams({ from: '2024-02-28', to: '2026-02-28' }, now))).toMatchObject({ status: 422, reason: `A report covers at most ${MAX_REPORT_DAYS} days` });
  });

  it('refuses an unknown time zone and a top outside 1…50 with 400', () => {
    for (const tz of ['Mars/Olympus', "UTC'; --", 3]) expect(failure(() => parseReportParams({ tz }, now))).toMatchObject({ status: 400 });
    for (const top of [0, 51, 2.5, '5']) expect(failure(() => parseReportParams({ top }, now))).toMatchObject({ status: 400 });
  });
});

describe('ISO weeks', () => {
  it('names weeks by the year of their Thursday', () => {
    expect(isoWeekOf(day('2026-01-01'))).toBe('2026-W01'); // a Thursday
    expect(isoWeekOf(day('2025-12-29'))).toBe('2026-W01'); // its Monday
    expect(isoWeekOf(day('2027-01-01'))).toBe('2026-W53'); // a Friday of 2026's 53rd week
    expect(isoWeekOf(day('2021-01-03'))).toBe('2020-W53');
    expect(isoWeekOf(day('2026-03-29'))).toBe('2026-W13'); // a Sunday
  });

  it('lists every week with a day in the range, from its Monday, cut weeks included', () => {
    expect(weeksOf('2026-01-01', '2026-01-12').map((w) => [w.week, w.start])).toEqual([
      ['2026-W01', '2025-12-29'],
      ['2026-W02', '2026-01-05'],
      ['2026-W03', '2026-01-12'],
    ]);
    expect(weeksOf('2026-01-05', '2026-01-05')).toEqual([{ week: '2026-W02', start: '2026-01-05', opened: 0, done: 0, cancelled: 0 }]);
  });

  it('puts opened counts and finished tickets in their weeks', () => {
    const closed: ClosedTicket[] = [
      { status: 'done', week_start: '2026-01-05', technical_id: null, category_id: null, customer_id: null, hours: 1 },
      { status: 'cancel', week_start: '2026-01-05', technical_id: null, category_id: null, customer_id: null, hours: 2 },
      { status: 'done', week_start: '2026-01-12', technical_id: null, category_id: null, customer_id: null, hours: 3 },
    ];
    expect(weekRows('2026-01-05', '2026-01-18', new Map([['2026-01-05', 4]]), closed)).toEqual([
      { week: '2026-W02', start: '2026-01-05', opened: 4, done: 1, cancelled: 1 },
      { week: '2026-W03', start: '2026-01-12', opened: 0, done: 1, cancelled: 0 },
    ]);
  });
});

describe('durations', () => {
  it('interpolates quantiles between ranks like percentile_cont', () => {
    expect(quantile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(quantile([10, 20, 30, 40], 0.9)).toBeCloseTo(37);
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('gives count, median, 90th percentile and average in hours to a tenth, nulls when none', () => {
    expect(durations([48, 2, 24, 12])).toEqual({ count: 4, median_hours: 18, p90_hours: 40.8, average_hours: 21.5 });
    expect(durations([1 / 3])).toEqual({ count: 1, median_hours: 0.3, p90_hours: 0.3, average_hours: 0.3 });
    expect(durations([])).toEqual({ count: 0, median_hours: null, p90_hours: null, average_hours: null });
  });
});

describe('group tables', () => {
  const labels = new Map([
    ['cus-a', 'Ana'],
    ['cus-b', 'Bia'],
    ['cus-c', 'Caio'],
  ]);

  it('orders by opened + done, names by label, sums the rest as others and puts the tickets without one last', () => {
    const opened = new Map<string | null, number>([
      ['cus-a', 1],
      ['cus-b', 3],
      ['cus-c', 1],
      ['cus-d', 1],
      [null, 2],
    ]);
    const done = [
      { key: 'cus-a', hours: 10 },
      { key: 'cus-c', hours: 4 },
      { key: 'cus-d', hours: 8 },
      { key: null, hours: 1 },
    ];
    expect(groupRows(opened, done, labels, 2)).toEqual([
      { kind: 'item', key: 'cus-b', label: 'Bia', opened: 3, done: 0, median_hours: null },
      { kind: 'item', key: 'cus-a', label: 'Ana', opened: 1, done: 1, median_hours: 10 },
      { kind: 'others', key: null, label: null, opened: 2, done: 2, median_hours: 6 },
      { kind: 'none', key: null, label: null, opened: 2, done: 1, median_hours: 1 },
    ]);
  });

  it('shows a one without a known name by its id, and no others row when all fit', () => {
    expect(groupRows(new Map([['usr-x', 1]]), [], labels, 10)).toEqual([{ kind: 'item', key: 'usr-x', label: 'usr-x', opened: 1, done: 0, median_hours: null }]);
  });

  it('refuses more finished tickets than a report reads with 422', () => {
    expect(() => assertClosedWithinLimit(10, 10)).not.toThrow();
    expect(failure(() => assertClosedWithinLimit(11, 10))).toMatchObject({ status: 422 });
  });
});

describe('CSV', () => {
  it('quotes fields with commas, quotes or line breaks and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Silva, Ana')).toBe('"Silva, Ana"');
    expect(csvField('the "best"')).toBe('"the ""best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });

  const report = {
    from: '2026-01-05',
    to: '2026-01-11',
    tz: 'UTC',
    weeks: [{ week: '2026-W02', start: '2026-01-05', opened: 2, done: 1, cancelled: 0 }],
    totals: { opened: 2, done: 1, cancelled: 0 },
    time_to_done: { count: 1, median_hours: 5, p90_hours: 5, average_hours: 5 },
    technicians: [{ kind: 'item' as const, key: 'usr-1', label: 'João', opened: 2, done: 1, median_hours: 5 }],
    categories: [{ kind: 'none' as const, key: null, label: null, opened: 2, done: 1, median_hours: 5 }],
    customers: [
      { kind: 'item' as const, key: 'cus-1', label: 'Silva, Ana', opened: 1, done: 1, median_hours: 5 },
      { kind: 'others' as const, key: null, label: null, opened: 1, done: 0, median_hours: null },
    ],
    counts: [{ klass: 'Ticket', count: 2 }],
  };

  it('writes one section per table after a byte order mark, CRLF line ends', () => {
    expect(reportCsv(report, 'en')).toBe(
      '\uFEFF' +
        [
          'Ticket report,',
          'From,2026-01-05',
          'To,2026-01-11',
          'Time zone,UTC',
          '',
          'Week,Week start,Opened,Done,Cancelled',
          '2026-W02,2026-01-05,2,1,0',
          'Total,,2,1,0',
          '',
          'Time to done (hours),Tickets done,Median,90th percentile,Average',
          ',1,5,5,5',
          '',
          'Technician,Opened,Done,Median hours to done',
          'João,2,1,5',
          '',
          'Category,Opened,Done,Median hours to done',
          '(none),2,1,5',
          '',
          'Customer,Opened,Done,Median hours to done',
          '"Silva, Ana",1,1,5',
          '(others),1,0,',
          '',
          'Record kind,Count',
          'Ticket,2',
        ].join('\r\n') +
        '\r\n',
    );
    expect(csvFilename(report)).toBe('tickets-report-2026-01-05-2026-01-11.csv');
  });

  it('writes the headings in Portuguese for a pt-BR caller', () => {
    const lines = reportCsv(report, 'pt-BR').split('\r\n');
    expect(lines[5]).toBe('Semana,Início da semana,Abertos,Concluídos,Cancelados');
    expect(lines[16]).toBe('(nenhum),2,1,5');
  });
});
