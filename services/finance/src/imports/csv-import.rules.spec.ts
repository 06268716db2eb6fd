import { readCsv, type CsvRow } from './csv-dialect.rules';
import { CsvError } from './csv-error';
import { duplicateKey, IMPORT_REASONS, planImport, type ColumnMapping, type ImportOptions, type ImportRecord } from './csv-import.rules';

const cp1252 = (text: string) => Buffer.from(text, 'latin1');
const bom = (text: string) => Buffer.from(`\ufeff${text}`, 'utf8');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

function refusal(fn: () => unknown): CsvError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CsvError) return e;
    throw e;
  }
  throw new Error('expected a CsvError');
}

// The same four movements, as six banks write them.
const SAME_RECORDS = [
  { klass: 'Income', date: '2024-01-05', value: 123456, description: 'Salário Janeiro', paid_by: null, categories: [], duplicate_of_line: null },
  { klass: 'Outgo', date: '2024-01-13', value: 4590, description: 'Padaria São João', paid_to: null, categories: [], duplicate_of_line: null },
  { klass: 'Outgo', date: '2024-01-20', value: 150000, description: 'Aluguel', paid_to: null, categories: [], duplicate_of_line: null },
  { klass: 'Income', date: '2024-01-31', value: 75, description: 'Juros poupança', paid_by: null, categories: [], duplicate_of_line: null },
];

const DIALECTS: [string, Buffer, ColumnMapping, { encoding: string; delimiter: string; date_format: string; lines: number[] }][] = [
  [
    'semicolon, Windows-1252, decimal comma, dd/mm/yyyy, CRLF',
    cp1252('Data;Histórico;Valor\r\n05/01/2024;Salário Janeiro;1.234,56\r\n13/01/2024;Padaria São João;-45,90\r\n20/01/2024;Aluguel;-1.500,00\r\n31/01/2024;Juros poupança;0,75\r\n'),
    { date: 0, description: 1, value: 2 },
    { encoding: 'windows-1252', delimiter: ';', date_format: 'dd/mm/yyyy', lines: [2, 3, 4, 5] },
  ],
  [
    'comma, UTF-8 with a BOM, decimal point, yyyy-mm-dd, quoted fields',
    bom(
      '"Date","Description","Amount","Balance"\n2024-01-05,"Salário Janeiro","1,234.56","1,234.56"\n2024-01-13,"Padaria São João",-45.90,"1,188.66"\n2024-01-20,Aluguel,"-1,500.00","-311.34"\n2024-01-31,"Juros poupança",0.75,"-310.59"\n',
    ),
    { date: 0, description: 1, value: 2 },
    { encoding: 'utf-8', delimiter: ',', date_format: 'yyyy-mm-dd', lines: [2, 3, 4, 5] },
  ],
  [
    'tab, debit and credit columns, dd.mm.yyyy',
    utf8('Datum\tText\tSoll\tHaben\n05.01.2024\tSalário Janeiro\t\t1.234,56\n13.01.2024\tPadaria São João\t45,90\t\n20.01.2024\tAluguel\t1.500,00\t\n31.01.2024\tJuros poupança\t\t0,75\n'),
    { date: 0, description: 1, debit: 2, credit: 3 },
    { encoding: 'utf-8', delimiter: '\t', date_format: 'dd.mm.yyyy', lines: [2, 3, 4, 5] },
  ],
  [
    'negatives in parentheses, US$, mm/dd/yyyy',
    utf8('Posted Date,Payee,Amount\n01/05/2024,Salário Janeiro,"US$ 1,234.56"\n01/13/2024,Padaria São João,(45.90)\n01/20/2024,Aluguel,"(1,500.00)"\n01/31/2024,Juros poupança,0.75\n'),
    { date: 0, description: 1, value: 2 },
    { encoding: 'utf-8', delimiter: ',', date_format: 'mm/dd/yyyy', lines: [2, 3, 4, 5] },
  ],
  [
    'no header, pipes, trailing minus, dd-mm-yyyy',
    utf8('05-01-2024|1234,56|Salário Janeiro\n13-01-2024|45,90-|Padaria São João\n20-01-2024|1500,00-|Aluguel\n31-01-2024|0,75|Juros poupança\n'),
    { date: 0, value: 1, description: 2 },
    { encoding: 'utf-8', delimiter: '|', date_format: 'dd-mm-yyyy', lines: [1, 2, 3, 4] },
  ],
  [
    'a title above the header, R$, d/m/yy',
    utf8('Extrato Conta Corrente\nData;Descrição;Valor (R$)\n5/1/24;Salário Janeiro;R$ 1.234,56\n13/1/24;Padaria São João;-R$ 45,90\n20/1/24;Aluguel;-R$ 1.500,00\n31/1/24;Juros poupança;R$ 0,75\n'),
    { date: 0, description: 1, value: 2 },
    { encoding: 'utf-8', delimiter: ';', date_format: 'd/m/yy', lines: [3, 4, 5, 6] },
  ],
];

describe('a table of CSV dialects, each parsed to the same records', () => {
  it.each(DIALECTS)('%s', (_, bytes, mapping, expected) => {
    const csv = readCsv(bytes);
    expect({ encoding: csv.encoding, delimiter: csv.delimiter }).toEqual({ encoding: expected.encoding, delimiter: expected.delimiter });
    const plan = planImport(csv.rows, mapping, { ignore_line_one: csv.ignore_line_one, first_line_is_header: csv.first_line_is_header, most_items_are: 'outgo', precision: 2 });
    expect(plan.date_format).toBe(expected.date_format);
    expect(plan.date_format_ambiguous).toBe(false);
    expect(plan.records.map(({ line, statement_line, ...record }) => record)).toEqual(SAME_RECORDS);
    expect(plan.records.map((r) => r.line)).toEqual(expected.lines);
  });

  it('refuses a file with a broken quote, naming its line', () => {
    const e = refusal(() => readCsv(utf8('Data;Descrição;Valor\n05/01/2024;Salário;1.234,56\n13/01/2024;"Padaria;-45,90\n20/01/2024;Aluguel;-1.500,00\n')));
    expect(e.reason).toBe('Line 3: a quoted field is not closed or is closed in the wrong place');
    expect(e.problems).toEqual([{ code: 'broken-quote', line: 3, column: null, header: null, value: null }]);
  });
});

const rows = (...lines: string[][]): CsvRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));
const options: ImportOptions = { first_line_is_header: true, most_items_are: 'outgo', precision: 2 };
const statement = rows(
  ['Data', 'Descrição', 'Valor', 'Favorecido', 'Categoria'],
  ['05/01/2024', 'Salário', '1.234,56', 'ACME Ltda', 'Salary'],
  ['13/01/2024', 'Padaria', '-45,90', 'Padaria São João', 'Food, eating out'],
);

describe('the column match (spec §5, §8 messages)', () => {
  it.each<[string, ColumnMapping, string]>([
    ['two columns only', { date: 0, value: 2 }, IMPORT_REASONS.columns],
    ['no amount column', { date: 0, description: 1, third_party: 3 }, IMPORT_REASONS.columns],
    ['a value and a debit column', { date: 0, value: 2, debit: 3, description: 1 }, IMPORT_REASONS.columns],
    ['one column for two fields', { date: 0, value: 2, description: 2 }, IMPORT_REASONS.columns],
    ['a column the file does not have', { date: 0, value: 2, description: 7 }, IMPORT_REASONS.columns],
    ['a column index that is not one', { date: 0, value: 2, description: -1 }, IMPORT_REASONS.columns],
    ['no date column', { value: 2, description: 1, third_party: 3 }, IMPORT_REASONS.date],
    ['the date matched to the description', { date: 1, value: 2, description: 3 }, IMPORT_REASONS.date],
  ])('refuses %s', (_, mapping, reason) => {
    const e = refusal(() => planImport(statement, mapping, options));
    expect(e.reason).toBe(reason);
    expect(e.status).toBe(422);
  });

  it('refuses a chosen date format the dates are not in, with each line and the column', () => {
    const e = refusal(() => planImport(statement, { date: 0, description: 1, value: 2 }, { ...options, date_format: 'mm/dd/yyyy' }));
    expect(e.reason).toBe(IMPORT_REASONS.date);
    expect(e.problems).toEqual([{ code: 'not-a-date', line: 3, column: 0, header: 'Data', value: '13/01/2024' }]);
  });

  it('refuses dates no format reads all of, naming the lines the closest format does not read', () => {
    const mixed = rows(['05/01/2024', 'a', '1,00'], ['13/01/2024', 'b', '2,00'], ['01/14/2024', 'c', '3,00'], ['32/01/2024', 'd', '4,00']);
    const e = refusal(() => planImport(mixed, { date: 0, description: 1, value: 2 }, { ...options, first_line_is_header: false }));
    expect(e.reason).toBe(IMPORT_REASONS.date);
    expect(e.problems.map((p) => [p.line, p.value])).toEqual([
      [3, '01/14/2024'],
      [4, '32/01/2024'],
    ]);
  });

  it('refuses dates that read as day/month and as month/day unless the format is chosen (issue 27 #3), then follows it', () => {
    const ambiguous = rows(['Date', 'Memo', 'Amount'], ['10/01/2024', 'a', '1,00'], ['10/02/2024', 'b', '2,00'], ['10/07/2024', 'c', '3,00']);
    const mapping = { date: 0, description: 1, value: 2 };
    const e = refusal(() => planImport(ambiguous, mapping, options));
    expect(e.reason).toBe(IMPORT_REASONS.ambiguousDate);
    expect(e.problems).toEqual([{ code: 'ambiguous-date', line: 2, column: 0, header: 'Date', value: '10/01/2024' }]);
    const chosen = planImport(ambiguous, mapping, { ...options, date_format: 'mm/dd/yyyy' });
    expect(chosen).toEqual(expect.objectContaining({ date_format: 'mm/dd/yyyy', date_format_ambiguous: false }));
    expect(chosen.records.map((r) => r.date)).toEqual(['2024-10-01', '2024-10-02', '2024-10-07']);
    expect(planImport(ambiguous, mapping, { ...options, date_format: 'dd/mm/yyyy' }).records.map((r) => r.date)).toEqual(['2024-01-10', '2024-02-10', '2024-07-10']);
  });

  it('takes dates both formats read as the same days (01/01, 02/02) without asking', () => {
    const same = rows(['01/01/2024', 'a', '1,00'], ['02/02/2024', 'b', '2,00']);
    const plan = planImport(same, { date: 0, description: 1, value: 2 }, { ...options, first_line_is_header: false });
    expect(plan).toEqual(expect.objectContaining({ date_format_ambiguous: false, date_format_candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'] }));
    expect(plan.records.map((r) => r.date)).toEqual(['2024-01-01', '2024-02-02']);
  });

  it('says a header without rows (an empty period’s export) has no rows, not that the dates are wrong (issue 27 #5)', () => {
    const e = refusal(() => planImport(rows(['Data', 'Histórico', 'Valor']), { date: 0, description: 1, value: 2 }, options));
    expect(e.reason).toBe('The file has no rows below its header: there is nothing to import');
    expect(e.problems).toEqual([{ code: 'no-rows', line: null, column: null, header: null, value: null }]);
  });
});

describe('the records of a statement', () => {
  it('refuses an unreadable amount with its line, column and header', () => {
    const bad = [...statement, { line: 4, cells: ['14/01/2024', 'Mercado', '12,3,4'] }, { line: 5, cells: ['15/01/2024', 'Feira', '0,125'] }];
    const e = refusal(() => planImport(bad, { date: 0, description: 1, value: 2 }, options));
    expect(e.reason).toBe('Line 4, column 3 (Valor): "12,3,4" is not an amount');
    expect(e.problems).toEqual([
      { code: 'not-an-amount', line: 4, column: 2, header: 'Valor', value: '12,3,4' },
      { code: 'too-many-decimals', line: 5, column: 2, header: 'Valor', value: '0,125' },
    ]);
  });

  it('refuses a line with both a debit and a credit, naming the line', () => {
    const pair = rows(['05/01/2024', 'a', '1,00', ''], ['06/01/2024', 'b', '2,00', '3,00']);
    const e = refusal(() => planImport(pair, { date: 0, description: 1, debit: 2, credit: 3 }, { ...options, first_line_is_header: false, date_format: 'dd/mm/yyyy' }));
    expect(e.reason).toBe('Line 2: has both a debit and a credit');
  });

  it('leaves out and lists lines without a date (an empty cell or words), without an amount or of zero', () => {
    const plan = planImport(
      [
        ...statement,
        { line: 4, cells: ['14/01/2024', 'Saldo do dia', '', '', ''] },
        { line: 5, cells: ['', 'Total', '1.188,66'] },
        { line: 6, cells: ['Saldo final', '', '1.188,66'] },
        { line: 7, cells: ['15/01/2024', 'Tarifa estornada', '0,00'] },
      ],
      { date: 0, description: 1, value: 2 },
      options,
    );
    expect(plan.records.map((r) => r.line)).toEqual([2, 3]);
    expect(plan.skipped).toEqual([
      { line: 4, reason: 'no-amount' },
      { line: 5, reason: 'no-date' },
      { line: 6, reason: 'no-date' },
      { line: 7, reason: 'zero-amount' },
    ]);
  });

  it('makes negative amounts outgos and positive ones incomes, with the third party as paid_to or paid_by and categories as tags', () => {
    const plan = planImport(statement, { date: 0, description: 1, value: 2, third_party: 3, categories: 4 }, options);
    expect(plan.signed).toBe(true);
    expect(plan.records).toEqual([
      { klass: 'Income', date: '2024-01-05', value: 123456, description: 'Salário', paid_by: 'ACME Ltda', categories: ['salary'], line: 2, statement_line: expect.any(String), duplicate_of_line: null },
      { klass: 'Outgo', date: '2024-01-13', value: 4590, description: 'Padaria', paid_to: 'Padaria São João', categories: ['food', 'eating-out'], line: 3, statement_line: expect.any(String), duplicate_of_line: null },
    ]);
  });

  it.each<['income' | 'outgo', string]>([
    ['outgo', 'Outgo'],
    ['income', 'Income'],
  ])('makes every record of a file of positive amounts what most_items_are says (%s)', (mostItemsAre, klass) => {
    const positive = rows(['05/01/2024', 'a', '1,00'], ['06/01/2024', 'b', '2,00']);
    const plan = planImport(positive, { date: 0, description: 1, value: 2 }, { ...options, first_line_is_header: false, date_format: 'dd/mm/yyyy', most_items_are: mostItemsAre });
    expect(plan.signed).toBe(false);
    expect(plan.records.map((r) => r.klass)).toEqual([klass, klass]);
  });

  it('keeps a debit/credit file signed by its columns even when every line is a credit', () => {
    const credits = rows(['05/01/2024', 'a', '', '1,00'], ['06/01/2024', 'b', '', '2,00']);
    const plan = planImport(credits, { date: 0, description: 1, debit: 2, credit: 3 }, { ...options, first_line_is_header: false, date_format: 'dd/mm/yyyy', most_items_are: 'outgo' });
    expect(plan.records.map((r) => r.klass)).toEqual(['Income', 'Income']);
  });

  it('ignores line one when told, then reads the header', () => {
    const titled = [{ line: 1, cells: ['Extrato'] }, ...statement.map((r) => ({ ...r, line: r.line + 1 }))];
    const plan = planImport(titled, { date: 0, description: 1, value: 2 }, { ...options, ignore_line_one: true });
    expect(plan.headers).toEqual(statement[0].cells);
    expect(plan.records.map((r) => r.line)).toEqual([3, 4]);
  });

  it('collapses spaces in descriptions and cuts them to 1000 characters', () => {
    const long = rows(['05/01/2024', `  PIX   RECEBIDO\n JOAO ${'x'.repeat(2000)}`, '1,00']);
    const [record] = planImport(long, { date: 0, description: 1, value: 2 }, { ...options, first_line_is_header: false, date_format: 'dd/mm/yyyy' }).records;
    expect(record.description!.startsWith('PIX RECEBIDO JOAO x')).toBe(true);
    expect(record.description).toHaveLength(1000);
  });
});

describe('duplicates', () => {
  const record = (over: Partial<ImportRecord>): ImportRecord => ({
    klass: 'Outgo',
    date: '2024-01-13',
    value: 4590,
    description: 'Padaria São João',
    paid_to: null,
    categories: [],
    line: 1,
    statement_line: '',
    duplicate_of_line: null,
    ...over,
  });

  it('gives the same key to the same wallet, date, amount and description written in another case or spacing', () => {
    expect(duplicateKey('wal-a', record({}))).toBe(duplicateKey('wal-a', record({ description: '  padaria   SÃO joão ', line: 9, categories: ['food'] })));
  });

  it.each<[string, string, Partial<ImportRecord>]>([
    ['another wallet', 'wal-b', {}],
    ['another date', 'wal-a', { date: '2024-01-14' }],
    ['another amount', 'wal-a', { value: 4591 }],
    ['an income of the same amount', 'wal-a', { klass: 'Income' }],
    ['another description', 'wal-a', { description: 'Padaria' }],
  ])('gives another key to %s', (_, wallet, over) => {
    expect(duplicateKey(wallet, record(over))).not.toBe(duplicateKey('wal-a', record({})));
  });

  it('flags the second and later records of the file sharing a key with the line of the first', () => {
    const plan = planImport(
      rows(['05/01/2024', 'Café', '-5,00'], ['05/01/2024', 'CAFÉ ', '-5,00'], ['05/01/2024', 'Café', '-6,00'], ['05/01/2024', 'café', '-5,00']),
      { date: 0, description: 1, value: 2 },
      { ...options, first_line_is_header: false, date_format: 'dd/mm/yyyy' },
    );
    expect(plan.records.map((r) => r.duplicate_of_line)).toEqual([null, 1, null, 1]);
    expect(plan.duplicates_in_file).toBe(2);
  });
});
