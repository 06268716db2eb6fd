import { MAX_MINOR } from './finance-records';
import {
  checkStatementColumns,
  detectDecimalSeparator,
  DateFormatTally,
  detectStatementDateFormat,
  parseDebitCredit,
  parseStatementAmount,
  parseStatementDate,
  isNegativeRecord,
  readStatementCells,
  readStatementLines,
  statementCells,
  statementConventions,
  statementKlass,
  STATEMENT_REASONS,
  statementDataRows,
  type StatementColumns,
  type StatementLine,
  type StatementReadOptions,
  type StatementRow,
} from './finance-statement';

// The statement rules the finance service's import and the wallets-upload preview share. The service's own specs
// (services/finance/src/imports) read whole files through them; these check the rules themselves, and the table of
// the cases where the browser's copy and the service's used to disagree, each decided by what the import saves.

const rows = (...lines: string[][]): StatementRow[] => lines.map((cells, i) => ({ line: i + 2, cells }));
const OUTGO: StatementReadOptions = { most_items_are: 'outgo', precision: 2 };
/** each line as [line, what happens to it, and the record or the reason] */
const outcome = (l: StatementLine) =>
  l.problem ? [l.line, 'fails', l.problem.code, l.problem.column] : l.skipped ? [l.line, 'left out', l.skipped] : [l.line, l.klass, l.date, l.value, l.description, l.third_party, l.categories];

describe('amounts', () => {
  it('reads a decimal comma or point, thousands, signs, parentheses and D/C marks in minor units', () => {
    expect(parseStatementAmount('1.234,56', ',', 2)).toEqual({ ok: true, minor: 123456 });
    expect(parseStatementAmount('-1,234.56', '.', 2)).toEqual({ ok: true, minor: -123456 });
    expect(parseStatementAmount('(8,50)', ',', 2)).toEqual({ ok: true, minor: -850 });
    expect(parseStatementAmount('R$ 10,00 D', ',', 2)).toEqual({ ok: true, minor: -1000 });
    expect(parseStatementAmount('10,00 C', ',', 2)).toEqual({ ok: true, minor: 1000 });
    expect(parseStatementAmount('10,00-', ',', 2)).toEqual({ ok: true, minor: -1000 });
    expect(parseStatementAmount("1'234.5", '.', 2)).toEqual({ ok: true, minor: 123450 });
    expect(parseStatementAmount('12,500', ',', 2)).toEqual({ ok: true, minor: 1250 });
  });

  it('says why an amount does not read: not one, more decimals than the wallet, or too large', () => {
    expect(parseStatementAmount('abc', ',', 2)).toEqual({ ok: false, code: 'not-an-amount' });
    expect(parseStatementAmount('-(1,00)', ',', 2)).toEqual({ ok: false, code: 'not-an-amount' });
    expect(parseStatementAmount('12,', ',', 2)).toEqual({ ok: false, code: 'not-an-amount' });
    expect(parseStatementAmount('12,345', ',', 2)).toEqual({ ok: false, code: 'too-many-decimals' });
    expect(parseStatementAmount('90.000.000.000,00', ',', 2)).toEqual({ ok: true, minor: MAX_MINOR });
    expect(parseStatementAmount('90.000.000.000,01', ',', 2)).toEqual({ ok: false, code: 'amount-too-large' });
  });

  it('reads a debit and a credit cell as one signed amount, refusing both filled', () => {
    expect(parseDebitCredit('1.500,00', '', ',', 2)).toEqual({ ok: true, minor: -150000 });
    expect(parseDebitCredit('-3,00', '', ',', 2)).toEqual({ ok: true, minor: -300 });
    expect(parseDebitCredit('', '30,00', ',', 2)).toEqual({ ok: true, minor: 3000 });
    expect(parseDebitCredit('1,00', '2,00', ',', 2)).toEqual({ ok: false, code: 'debit-and-credit', side: null });
    expect(parseDebitCredit('x', '', ',', 2)).toEqual({ ok: false, code: 'not-an-amount', side: 'debit' });
  });

  it('decides the decimal separator from all the amounts (3 digits after one mark are thousands under 3 decimals)', () => {
    expect(detectDecimalSeparator(['1.100,00', '-23,90'], 2)).toBe(',');
    expect(detectDecimalSeparator(['1,100.00', '23.9'], 2)).toBe('.');
    expect(detectDecimalSeparator(['1.234'], 2)).toBe(',');
    expect(detectDecimalSeparator(['1.234'], 3)).toBe('.');
    expect(detectDecimalSeparator(['100'], 2)).toBe('.');
    expect(detectDecimalSeparator(['100'], 2, ',')).toBe(',');
  });

  // issue 27 #2: -12,345 in a TND statement is 12.345 dinars, not 12,345.000
  describe.each<[string, number, { written: string[]; separator: ',' | '.'; minor: number[] }[]]>([
    [
      'JPY (0 decimals)',
      0,
      [
        { written: ['1.234', '-12.345', '-500'], separator: ',', minor: [1234, -12345, -500] },
        { written: ['1,234', '-12,345', '-500'], separator: '.', minor: [1234, -12345, -500] },
        { written: ['1.234.567'], separator: ',', minor: [1234567] },
      ],
    ],
    [
      'BRL, USD (2 decimals)',
      2,
      [
        { written: ['-12,34', '1.234,56', '1.234'], separator: ',', minor: [-1234, 123456, 123400] },
        { written: ['-12.34', '1,234.56', '1,234'], separator: '.', minor: [-1234, 123456, 123400] },
        { written: ['-12,345'], separator: '.', minor: [-1234500] },
      ],
    ],
    [
      'TND, BHD, KWD (3 decimals)',
      3,
      [
        { written: ['-12,345'], separator: ',', minor: [-12345] },
        { written: ['-12.345'], separator: '.', minor: [-12345] },
        { written: ['-12,345', '1.234,567', '0,5'], separator: ',', minor: [-12345, 1234567, 500] },
        { written: ['-12.345', '1,234.567', '0.5'], separator: '.', minor: [-12345, 1234567, 500] },
        { written: ['1.234'], separator: '.', minor: [1234] },
        { written: ['1,234'], separator: ',', minor: [1234] },
      ],
    ],
  ])('a wallet in %s', (_, precision, cases) => {
    it.each(cases)('reads $written with "$separator" as the decimal separator: $minor', ({ written, separator, minor }) => {
      expect(detectDecimalSeparator(written, precision)).toBe(separator);
      expect(written.map((w) => parseStatementAmount(w, separator, precision))).toEqual(minor.map((m) => ({ ok: true, minor: m })));
      const reading = readStatementLines(
        written.map((w, i) => ({ line: i + 2, cells: ['13/10/2026', `line ${i}`, w] })),
        { date: 0, description: 1, value: 2 },
        { most_items_are: 'outgo', precision },
      );
      expect(reading.decimal_separator).toBe(separator);
      expect(reading.lines.map((l) => (l.klass === 'Outgo' && reading.signed ? -1 : 1) * (l.value as number))).toEqual(minor);
    });
  });

  it('reads a cell far longer than an amount without running its patterns on it: a 44-digit barcode is too large, words are none', () => {
    const barcode = '23793381286000782713695000063305975520000370000';
    expect(parseStatementAmount(barcode, ',', 2)).toEqual({ ok: false, code: 'amount-too-large' });
    expect(parseStatementAmount(`${'1'.repeat(60_000)}x`, ',', 2)).toEqual({ ok: false, code: 'not-an-amount' });
    expect(parseStatementAmount(`${' '.repeat(30)}12,50${' '.repeat(30)}`, ',', 2)).toEqual({ ok: true, minor: 1250 });
  });
});

describe('dates', () => {
  it('reads a date in its format as yyyy-mm-dd, a time after it aside, and no impossible day', () => {
    expect(parseStatementDate('13/10/2026', 'dd/mm/yyyy')).toBe('2026-10-13');
    expect(parseStatementDate('10/13/2026', 'mm/dd/yyyy')).toBe('2026-10-13');
    expect(parseStatementDate('31/02/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseStatementDate('29/02/2024', 'dd/mm/yyyy')).toBe('2024-02-29');
    expect(parseStatementDate('2026-10-01 00:00:00', 'yyyy-mm-dd')).toBe('2026-10-01');
    expect(parseStatementDate('01.10.2026', 'dd.mm.yyyy')).toBe('2026-10-01');
    expect(parseStatementDate('01-10-2026', 'dd-mm-yyyy')).toBe('2026-10-01');
    expect(parseStatementDate('1/2/26', 'd/m/yy')).toBe('2026-02-01');
    expect(parseStatementDate('1/2/70', 'd/m/yy')).toBe('1970-02-01');
  });

  it('detects the format every date reads in (a day over 12 settles dd/mm against mm/dd), else the closest', () => {
    expect(detectStatementDateFormat(['01/10/2026', '13/10/2026'])).toEqual({ format: 'dd/mm/yyyy', candidates: ['dd/mm/yyyy'], ambiguous: false, sample: null, closest: 'dd/mm/yyyy' });
    expect(detectStatementDateFormat(['10/13/2026'])).toMatchObject({ format: 'mm/dd/yyyy', candidates: ['mm/dd/yyyy'] });
    expect(detectStatementDateFormat(['01/02/2026'])).toMatchObject({ format: 'dd/mm/yyyy', candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'], ambiguous: true });
    expect(detectStatementDateFormat(['13/10/2026', '10/13/2026', '14/10/2026'])).toMatchObject({ format: null, candidates: [], closest: 'dd/mm/yyyy' });
  });

  // issue 27 #3: a US statement of 10/01, 10/02, 10/07 was stored as 10 January, 10 February, 10 July without a word
  it('is ambiguous only when a date reads as different days in the formats that fit, and gives the first such date with both readings', () => {
    const tally = new DateFormatTally();
    [['Date', 1], ['10/10/2024', 2], ['10/01/2024', 3], ['10/02/2024', 4], ['', 5]].forEach(([v, line]) => tally.add(v as string, line as number));
    expect(tally.result()).toEqual({
      format: 'dd/mm/yyyy',
      candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'],
      ambiguous: true,
      sample: { value: '10/01/2024', line: 3, readings: { 'dd/mm/yyyy': '2024-01-10', 'mm/dd/yyyy': '2024-10-01' } },
      closest: 'dd/mm/yyyy',
    });
    // the same days either way: nothing to choose
    expect(detectStatementDateFormat(['01/01/2024', '02/02/2024'])).toMatchObject({ candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'], ambiguous: false, sample: null });
    // a later day over 12 settles it, whatever came before
    expect(detectStatementDateFormat(['10/01/2024', '10/02/2024', '10/25/2024'])).toMatchObject({ format: 'mm/dd/yyyy', candidates: ['mm/dd/yyyy'], ambiguous: false, sample: null });
  });
});

describe('columns and rows', () => {
  it.each<[string, StatementColumns, number, string | null]>([
    ['a date, a value and a description', { date: 0, value: 1, description: 2 }, 3, null],
    ['a date, a debit and a credit', { date: 0, debit: 1, credit: 2 }, 3, null],
    ['a date, a debit only and a description', { date: 0, debit: 1, description: 2 }, 3, null],
    ['a date, a credit only and a third party', { date: 0, credit: 1, third_party: 2 }, 3, null],
    ['two columns', { date: 0, value: 1 }, 3, 'columns'],
    ['no amount', { date: 0, description: 1, third_party: 2 }, 3, 'columns'],
    ['a value and a debit', { date: 0, value: 1, debit: 2, description: 3 }, 4, 'columns'],
    ['one column for two fields', { date: 0, value: 1, description: 1 }, 3, 'columns'],
    ['a column past the file', { date: 0, value: 1, description: 3 }, 3, 'columns'],
    ['no date', { value: 0, description: 1, third_party: 2 }, 3, 'date'],
    ['no date and no amount: the columns are asked first', { description: 0, third_party: 1, categories: 2 }, 3, 'columns'],
  ])('%s: %s', (_, columns, count, refusal) => {
    expect(checkStatementColumns(columns, count)).toBe(refusal);
  });

  it('takes the header from the first line, or from the second when line one is ignored, keeping the lines', () => {
    const file = [['Extrato'], ['Data', 'Valor'], ['01/10/2026', '1,00']].map((cells, i) => ({ line: i + 1, cells }));
    expect(statementDataRows(file, { ignore_line_one: true, first_line_is_header: true })).toEqual({ headers: ['Data', 'Valor'], data: [file[2]] });
    expect(statementDataRows(file, { ignore_line_one: false, first_line_is_header: false })).toEqual({ headers: null, data: file });
  });
});

describe('reading the lines', () => {
  it('makes negative amounts outgos and positive ones incomes, texts collapsed, categories as tags', () => {
    const reading = readStatementLines(
      rows(['01/10/2026', ' PIX   RECEBIDO ', '1.100,00', 'Fulano', 'Salário, Extra'], ['02/10/2026', 'UBER *TRIP', '-23,90', '', 'transporte']),
      { date: 0, description: 1, value: 2, third_party: 3, categories: 4 },
      OUTGO,
    );
    expect(reading).toMatchObject({ refusal: null, date_format: 'dd/mm/yyyy', decimal_separator: ',', signed: true });
    expect(reading.lines.map(outcome)).toEqual([
      [2, 'Income', '2026-10-01', 110000, 'PIX RECEBIDO', 'Fulano', ['salário', 'extra']],
      [3, 'Outgo', '2026-10-02', 2390, 'UBER *TRIP', null, ['transporte']],
    ]);
  });

  it('makes every line most_items_are when no amount is negative, and keeps debit/credit files signed', () => {
    const unsigned = rows(['2026-10-01', 'Rent', '1500.00'], ['2026-10-02', 'Salary', '3000.00']);
    expect(readStatementLines(unsigned, { date: 0, description: 1, value: 2 }, { ...OUTGO, most_items_are: 'income' }).lines.map((l) => l.klass)).toEqual(['Income', 'Income']);
    const credits = rows(['2026-10-01', 'Salary', '', '3000.00']);
    expect(readStatementLines(credits, { date: 0, description: 1, debit: 2, credit: 3 }, OUTGO)).toMatchObject({ signed: true, lines: [{ klass: 'Income', value: 300000 }] });
  });

  it('leaves out lines without money or a date and fails those whose date or amount does not read', () => {
    const reading = readStatementLines(
      rows(['Saldo anterior', '', ''], ['01/10/2026', 'Tarifa', '0,00'], ['02/10/2026', 'Sem valor', ''], ['03/10/2026', 'Erro', 'abc'], ['Total', 'x', '9,00'], ['31/02/2026', 'Data ruim', '-1,00']),
      { date: 0, description: 1, value: 2 },
      { ...OUTGO, date_format: 'dd/mm/yyyy' },
    );
    expect(reading.lines.map(outcome)).toEqual([
      [2, 'left out', 'no-date'],
      [3, 'left out', 'zero-amount'],
      [4, 'left out', 'no-amount'],
      [5, 'fails', 'not-an-amount', 2],
      [6, 'left out', 'no-date'],
      [7, 'fails', 'not-a-date', 0],
    ]);
  });

  it('follows a chosen format over the guess, and says when the guess is ambiguous, with the first date read two ways', () => {
    const data = rows(['01/02/2026', 'a', '-1,00'], ['03/04/2026', 'b', '2,00']);
    const guessed = readStatementLines(data, { date: 0, description: 1, value: 2 }, OUTGO);
    expect(guessed).toMatchObject({ date_format: 'dd/mm/yyyy', date_format_ambiguous: true, date_format_candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'] });
    expect(guessed.date_sample).toEqual({ value: '01/02/2026', line: 2, readings: { 'dd/mm/yyyy': '2026-02-01', 'mm/dd/yyyy': '2026-01-02' } });
    expect(guessed.lines[0].date).toBe('2026-02-01');
    const chosen = readStatementLines(data, { date: 0, description: 1, value: 2 }, { ...OUTGO, date_format: 'mm/dd/yyyy' });
    expect(chosen).toMatchObject({ date_format: 'mm/dd/yyyy', date_format_ambiguous: false, date_format_candidates: ['mm/dd/yyyy'], date_sample: null });
    expect(chosen.lines[0].date).toBe('2026-01-02');
  });

  // issue 27 #9: a NUL byte failed the import with a database's reason and no line
  it('fails a line whose kept text holds a NUL byte, naming its column; a line left out keeps no text and is left out', () => {
    const data = rows(['13/10/2026', 'Pagamento\u0000', '-1,00', 'Loja'], ['14/10/2026', 'Pix', '-2,00', 'Lo\u0000ja'], ['Saldo\u0000', 'x', '', ''], ['15/10/2026', 'Ok', '-3,00', '']);
    const reading = readStatementLines(data, { date: 0, description: 1, value: 2, third_party: 3 }, OUTGO);
    expect(reading.lines.map(outcome)).toEqual([
      [2, 'fails', 'not-text', 1],
      [3, 'fails', 'not-text', 3],
      [4, 'left out', 'no-date'],
      [5, 'Outgo', '2026-10-15', 300, 'Ok', null, []],
    ]);
  });

  it('refuses the whole reading with the date message when a chosen format is none of the known ones', () => {
    const reading = readStatementLines(rows(['2026-10-01', 'a', '-1.00']), { date: 0, description: 1, value: 2 }, { ...OUTGO, date_format: 'yyyy/dd/mm' });
    expect(reading.refusal).toBe('date');
    expect(STATEMENT_REASONS[reading.refusal!]).toBe('The date column or the Date format seems to be wrong.');
  });

  it('reads amounts at the wallet’s decimals: 1,234 is a thousand yen, 1.234 one dinar and 234 fils', () => {
    const jpy = readStatementLines(rows(['2026-10-01', 'a', '1,234'], ['2026-10-02', 'b', '-500']), { date: 0, description: 1, value: 2 }, { ...OUTGO, precision: 0 });
    expect(jpy.lines.map((l) => [l.klass, l.value])).toEqual([['Income', 1234], ['Outgo', 500]]);
    const bhd = readStatementLines(rows(['2026-10-01', 'a', '1.234'], ['2026-10-02', 'b', '-0.500']), { date: 0, description: 1, value: 2 }, { ...OUTGO, precision: 3 });
    expect(bhd.lines.map((l) => [l.klass, l.value])).toEqual([['Income', 1234], ['Outgo', 500]]);
  });
});

// Issue 14: the browser's preview had its own copy of these rules and disagreed with the import on these inputs
// (found by running the same inputs through both copies). Each row says what the browser showed; the expected
// outcome is what the import saves or refuses, which both now share.
describe('where the preview and the import used to disagree, the import decides', () => {
  it.each<[string, string, StatementColumns, number, string | null]>([
    ['a lone debit column', 'browser refused the columns', { date: 0, debit: 1, description: 2 }, 3, null],
    ['a lone credit column', 'browser refused the columns', { date: 0, credit: 1, third_party: 2 }, 3, null],
    ['no date and no amount', 'browser said the date message', { description: 0, third_party: 1, categories: 2 }, 3, 'columns'],
    ['no date and a value with a debit', 'browser said the date message', { value: 0, debit: 1, description: 2 }, 3, 'columns'],
  ])('columns: %s (%s)', (_, _browser, columns, count, refusal) => {
    expect(checkStatementColumns(columns, count)).toBe(refusal);
  });

  it.each<[string, string, StatementRow[], StatementColumns, Partial<StatementReadOptions>, unknown[][]]>([
    [
      'a date that does not read on a line without an amount fails the import',
      'browser: left out, no amount',
      rows(['01/10/2026', 'ok', '-1,00'], ['31/02/2026', 'x', '']),
      { date: 0, description: 1, value: 2 },
      { date_format: 'dd/mm/yyyy' },
      [[2, 'Outgo', '2026-10-01', 100, 'ok', null, []], [3, 'fails', 'not-a-date', 0]],
    ],
    [
      'a line whose date and amount both do not read fails on its date (dates are read first)',
      'browser: not an amount',
      rows(['01/10/2026', 'ok', '-1,00'], ['31/02/2026', 'x', 'abc']),
      { date: 0, description: 1, value: 2 },
      { date_format: 'dd/mm/yyyy' },
      [[2, 'Outgo', '2026-10-01', 100, 'ok', null, []], [3, 'fails', 'not-a-date', 0]],
    ],
    [
      'when no format reads every date, the closest one reads the lines and only its misses fail',
      'browser: every line failed, no format',
      rows(['13/10/2026', 'a', '-1,00'], ['10/13/2026', 'b', '-2,00'], ['14/10/2026', 'c', '-3,00']),
      { date: 0, description: 1, value: 2 },
      {},
      [[2, 'Outgo', '2026-10-13', 100, 'a', null, []], [3, 'fails', 'not-a-date', 0], [4, 'Outgo', '2026-10-14', 300, 'c', null, []]],
    ],
    [
      'a description is cut to 1000 characters and a third party to 200',
      'browser: kept them whole',
      rows(['2026-10-01', `  ${'a '.repeat(700)}  `, '-1.00', 'p'.repeat(250)]),
      { date: 0, description: 1, value: 2, third_party: 3 },
      {},
      [[2, 'Outgo', '2026-10-01', 100, 'a '.repeat(500).slice(0, 1000), 'p'.repeat(200), []]],
    ],
    [
      'a lone debit column makes outgos',
      'browser refused the columns',
      rows(['2026-10-01', 'Rent', '1500.00'], ['2026-10-02', 'Fee', '-3.00']),
      { date: 0, description: 1, debit: 2 },
      {},
      [[2, 'Outgo', '2026-10-01', 150000, 'Rent', null, []], [3, 'Outgo', '2026-10-02', 300, 'Fee', null, []]],
    ],
  ])('%s (%s)', (_, _browser, data, columns, options, lines) => {
    const reading = readStatementLines(data, columns, { ...OUTGO, ...options });
    expect(reading.refusal).toBeNull();
    expect(reading.lines.map(outcome)).toEqual(lines);
  });

  it('rows without any date: no format and the date message (browser: dd/mm/yyyy detected, rows left out)', () => {
    const reading = readStatementLines(rows(['Saldo', 'x', '1.00'], ['', 'y', '2.00']), { date: 0, description: 1, value: 2 }, OUTGO);
    expect(reading).toMatchObject({ refusal: 'date', date_format: null, date_format_candidates: [] });
    expect(detectStatementDateFormat([])).toEqual({ format: null, candidates: [], ambiguous: false, sample: null, closest: null });
  });
});

describe('row at a time (what the service reads a whole file with)', () => {
  it('keeps of a row only the cells it reads, and reads each line as readStatementLines does once the conventions are settled', () => {
    const columns: StatementColumns = { date: 0, description: 1, value: 2, third_party: 3, categories: 4 };
    const data = rows(['05/01/2024', '  Café   da  manhã ', '-1.234,50', 'Padaria', 'casa, Comida'], ['Total', 'x', '9,00', '', ''], ['13/01/2024', 'b', '2,00', '', ''], ['31/02/2024', 'c', '1,00', '', '']);
    const cells = data.map((r) => statementCells(r, columns));
    expect(cells[0]).toEqual({ line: 2, date: '05/01/2024', value: '-1.234,50', debit: '', credit: '', description: 'Café da manhã', third_party: 'Padaria', categories: 'casa, Comida' });
    expect(cells[1].date).toBe('');
    const conventions = statementConventions(cells, columns, OUTGO);
    expect(conventions).toMatchObject({ refusal: null, date_format: 'dd/mm/yyyy', decimal_separator: ',' });
    const tags = new Map<string, string[]>();
    const read = cells.map((c) => readStatementCells(c, conventions, columns, 2, tags));
    expect(read.map((r) => [r.minor, r.skipped, r.problem?.code ?? null])).toEqual([
      [-123450, null, null],
      [900, 'no-date', null],
      [200, null, null],
      [100, null, 'not-a-date'],
    ]);
    expect(read.some(isNegativeRecord)).toBe(true);
    const whole = readStatementLines(data, columns, OUTGO);
    expect(read.map((r, i) => [cells[i].line, r.skipped, r.problem, r.skipped || r.problem ? null : statementKlass(r.minor, true, 'outgo'), r.date, r.categories])).toEqual(
      whole.lines.map((l) => [l.line, l.skipped, l.problem, l.skipped || l.problem ? null : l.klass, l.date, l.categories]),
    );
    expect(statementKlass(500, false, 'outgo')).toBe('Outgo');
  });
});
