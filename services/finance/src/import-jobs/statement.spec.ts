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
];

describe('a statement read in one streaming pass', () => {
  it.each(CASES)('%s: the records or the refusal the rules read whole give', async (_, bytes, d) => {
    expect(await streamed(bytes, d)).toEqual(whole(bytes, d));
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
