import type { Doc } from '@app/proto';
import { readCsv } from '../imports/csv-dialect.rules';
import { CsvError } from '../imports/csv-error';
import { ColumnMapping, planImport } from '../imports/csv-import.rules';
import { importOptions, statementRecords } from './statement';

// The import's streaming reading (statement.ts) against the rules read whole (planImport over readCsv's rows): the
// same records, the same refusals with the same lines, columns and cells.

const cp1252 = (text: string) => Buffer.from(text, 'latin1');
const doc = (columns: ColumnMapping, over: Partial<Doc> = {}): Doc => ({ _id: 'imp-1', klass: 'CsvImport', columns, ...over }) as Doc;

/** What the rules read whole answer: the records (without the in-file repeat marks) or the CsvError. */
function whole(bytes: Buffer, d: Doc, precision = 2): unknown {
  try {
    return planImport(readCsv(bytes).rows, d.columns as ColumnMapping, importOptions(d, precision)).records.map(({ duplicate_of_line: _, ...r }) => r);
  } catch (e) {
    if (e instanceof CsvError) return { reason: e.reason, problems: e.problems };
    throw e;
  }
}
async function streamed(bytes: Buffer, d: Doc, precision = 2): Promise<unknown> {
  try {
    return await statementRecords(bytes, d, precision);
  } catch (e) {
    if (e instanceof CsvError) return { reason: e.reason, problems: e.problems };
    throw e;
  }
}

const CASES: [string, Buffer, Doc][] = [
  [
    'signed amounts, a header, a title line ignored, a balance line without an amount, a zero, categories and third parties',
    cp1252('Extrato conta;;;;\r\nData;Histórico;Valor;Favorecido;Categoria\r\n05/01/2024;Salário;1.234,56;Acme;renda\r\n\r\n13/01/2024;"Padaria\r\nSão João";-45,90;Padaria;casa, comida\r\n;Saldo anterior;;;\r\n20/01/2024;Zero;0,00;;\r\n'),
    doc({ date: 0, description: 1, value: 2, third_party: 3, categories: 4 }, { ignore_line_one: true }),
  ],
  ['positive amounts only: all outgos, the third party as paid_to', cp1252('Data;Hist;Valor;Fav\n05/01/2024;a;10,00;X\n06/01/2024;b;20,00;Y\n'), doc({ date: 0, description: 1, value: 2, third_party: 3 })],
  ['positive amounts only, most items incomes', cp1252('Data;Hist;Valor;Fav\n05/01/2024;a;10,00;X\n'), doc({ date: 0, description: 1, value: 2, third_party: 3 }, { most_items_are: 'income' })],
  ['debit and credit columns, no header', cp1252('2024-01-05,a,,"1,000.00"\n2024-01-06,b,25.50,\n'), doc({ date: 0, description: 1, debit: 2, credit: 3 }, { first_line_is_header: false })],
  ['dates that do not read: the §8 date message with their lines', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n31/31/2024;b;2,00\n32/01/2024;c;3,00\n'), doc({ date: 0, description: 1, value: 2 })],
  ['an amount that does not read: its line, column, header and cell', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n06/01/2024;b;abc\n'), doc({ date: 0, description: 1, value: 2 })],
  ['a chosen date format none of ours', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n'), doc({ date: 0, description: 1, value: 2 }, { date_format: 'yyyy/dd/mm' })],
  ['fewer than 3 matched columns', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n'), doc({ date: 0, value: 2 })],
  ['a column beyond the file', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n'), doc({ date: 0, description: 1, value: 5 })],
  ['a broken quote: its line', cp1252('Data;Hist;Valor\n05/01/2024;a;1,00\n06/01/2024;"b;2,00\n'), doc({ date: 0, description: 1, value: 2 })],
  // issue 27
  ['a header and no rows: the file has no rows (#5)', cp1252('Data;Hist;Valor\r\n'), doc({ date: 0, description: 1, value: 2 })],
  ['dates read as dd/mm and as mm/dd, none chosen: refused with the first such line (#3)', cp1252('Date,Memo,Amount\n10/01/2024,a,-1.00\n10/02/2024,b,-2.00\n10/07/2024,c,-3.00\n'), doc({ date: 0, description: 1, value: 2 })],
  ['the same dates with mm/dd/yyyy chosen (#3)', cp1252('Date,Memo,Amount\n10/01/2024,a,-1.00\n10/02/2024,b,-2.00\n10/07/2024,c,-3.00\n'), doc({ date: 0, description: 1, value: 2 }, { date_format: 'mm/dd/yyyy' })],
  ['a NUL byte in a description: its line and column (#9)', cp1252('Data;Hist;Valor\n13/01/2024;a;1,00\n14/01/2024;b\u0000c;2,00\n'), doc({ date: 0, description: 1, value: 2 })],
  ['an amount too large: its line and the wallet’s bound (#9)', cp1252('Data;Hist;Valor\n13/01/2024;a;1,00\n14/01/2024;b;90.000.000.000,01\n'), doc({ date: 0, description: 1, value: 2 })],
];

describe('a statement read in one streaming pass', () => {
  it.each(CASES)('%s: the records or the refusal the rules read whole give', async (_, bytes, d) => {
    expect(await streamed(bytes, d)).toEqual(whole(bytes, d));
  });

  it('says the import’s refusals of issue 27 in words a person can act on, naming the line', async () => {
    const reason = async (bytes: Buffer, d: Doc, precision = 2) => (await streamed(bytes, d, precision)) as { reason: string; problems: { line: number | null }[] };
    const cols = { date: 0, description: 1, value: 2 };
    expect((await reason(cp1252('Data;Hist;Valor\r\n'), doc(cols))).reason).toBe('The file has no rows below its header: there is nothing to import');
    const ambiguous = await reason(cp1252('Date,Memo,Amount\n10/01/2024,a,-1.00\n10/02/2024,b,-2.00\n'), doc(cols));
    expect([ambiguous.reason, ambiguous.problems[0].line]).toEqual(['The dates read as day/month or as month/day: choose the date format', 2]);
    const nul = await reason(cp1252('Data;Hist;Valor\n13/01/2024;a;1,00\n14/01/2024;b\u0000c;2,00\n'), doc(cols));
    expect([nul.reason, nul.problems]).toEqual([
      'A line holds a character that is not text (a NUL byte): the file is damaged, export the statement again',
      [{ code: 'not-text', line: 3, column: 1, header: 'Hist', value: 'b\u2400c' }],
    ]);
    expect((await reason(cp1252('Data;Hist;Valor\n13/01/2024;b;90.000.000.000,01\n'), doc(cols))).reason).toBe(
      'Line 2, column 3 (Valor): "90.000.000.000,01" is too large an amount (at most 90000000000.00)',
    );
    expect((await reason(cp1252('Data;Hist;Valor\n13/01/2024;b;900.000.000.000.000\n'), doc(cols), 0)).reason).toBe(
      'Line 2, column 3 (Valor): "900.000.000.000.000" is too large an amount (at most 9000000000000)',
    );
  });

  // issue 27 #2: -12,345 in a TND statement was imported as 12,345.000 dinars
  it('reads a 3-decimal wallet’s decimal commas as decimals', async () => {
    const records = (await streamed(cp1252('Data;Hist;Valor\n13/01/2024;Tarifa;-12,345\n14/01/2024;Depósito;1.500,250\n'), doc({ date: 0, description: 1, value: 2 }), 3)) as { value: number }[];
    expect(records.map((r) => r.value)).toEqual([12345, 1500250]);
  });

  // issue 27 #7: a line is known again by its fingerprint, however its record is renamed later
  it('gives each line a fingerprint of the line as read (before any rule), the same in a later statement that repeats it', async () => {
    const cols = doc({ date: 0, description: 1, value: 2, third_party: 3 });
    const first = (await streamed(cp1252('Data;Hist;Valor;Fav\n13/01/2024;UBER *TRIP;-23,90;Uber\n14/01/2024;Padaria;-8,50;\n'), cols)) as { statement_line: string }[];
    const overlapping = (await streamed(cp1252('Data;Hist;Valor;Fav\n14/01/2024;PADARIA ;-8,50;\n15/01/2024;Uber Eats;-41,00;Uber\n'), cols)) as { statement_line: string }[];
    expect(first[1].statement_line).toBe(overlapping[0].statement_line);
    expect(new Set([...first, ...overlapping].map((r) => r.statement_line)).size).toBe(3);
    expect(first[0].statement_line).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('reads 30,000 rows across many parser pieces (multi-byte characters at their edges) into the same records, in file order', async () => {
    const lines = ['Data;Histórico;Valor'];
    for (let i = 0; i < 30_000; i++) lines.push(`${String((i % 28) + 1).padStart(2, '0')}/10/2026;Pagamento ${i} ação çã;${i % 3 ? '-' : ''}${1 + (i % 900)},${String(i % 100).padStart(2, '0')}`);
    const bytes = Buffer.from(lines.join('\n'), 'utf8');
    const d = doc({ date: 0, description: 1, value: 2 });
    const records = (await streamed(bytes, d)) as { line: number }[];
    expect(records).toHaveLength(30_000);
    expect(records[29_999].line).toBe(30_001);
    expect(records).toEqual(whole(bytes, d));
  });
});
