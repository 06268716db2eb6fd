import type { Doc } from '@app/proto';
import { CsvError } from '../imports/csv-error';
import { readCsv } from '../imports/csv-dialect.rules';
import { ColumnMapping, duplicateKey, planImport } from '../imports/csv-import.rules';
import type { DateFormat } from '../imports/csv-values.rules';

// A CsvImport's statement turned into the records it makes, through the import rules (imports/): decoded, split,
// amounts and dates read with the file's conventions, the columns the person matched.

export interface StatementRecord {
  klass: 'Income' | 'Outgo';
  date: string;
  value: number;
  description: string | null;
  third_party: string | null;
  categories: string[];
  line: number;
}

/** Every record of the statement, in file order; a CsvError (with the line) when the file or a row can't be read. */
export function statementRecords(bytes: Uint8Array, doc: Doc, precision: number): StatementRecord[] {
  const parsed = readCsv(bytes);
  const plan = planImport(parsed.rows, doc.columns as ColumnMapping, {
    ignore_line_one: doc.ignore_line_one === true,
    first_line_is_header: doc.first_line_is_header !== false,
    date_format: (doc.date_format as DateFormat | null | undefined) ?? null,
    most_items_are: doc.most_items_are === 'income' ? 'income' : 'outgo',
    precision,
  });
  return plan.records.map((r) => ({
    klass: r.klass,
    date: r.date,
    value: r.value,
    description: r.description,
    third_party: (r.klass === 'Income' ? r.paid_by : r.paid_to) ?? null,
    categories: r.categories,
    line: r.line,
  }));
}

/** The key two records share when one repeats the other in a wallet (date, amount, kind, description). */
export function duplicateKeyOf(walletId: string, r: { klass: string; date: string; value: number; description?: string | null }): string {
  return duplicateKey(walletId, r);
}

/** The first line a CsvError names, for the import's error. */
export function lineOf(err: unknown): number | null {
  return err instanceof CsvError ? (err.problems[0]?.line ?? null) : null;
}
