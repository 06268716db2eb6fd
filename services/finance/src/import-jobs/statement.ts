import type { Doc } from '@app/proto';
import { CsvError } from '../imports/csv-error';
import { readCsv } from '../imports/csv-dialect.rules';
import { ColumnMapping, duplicateKey, ImportRecord, planImport } from '../imports/csv-import.rules';
import type { DateFormat } from '../imports/csv-values.rules';

// A CsvImport's statement turned into the records it makes, through the import rules (imports/): decoded, split,
// amounts and dates read with the file's conventions, the columns the person matched.

/** A record of the statement: what it stores (its third party as paid_by or paid_to, as the mapping rules read it) and its line. */
export type StatementRecord = ImportRecord;

/**
 * Every record of the statement, in file order; a CsvError (with the line) when the file or a row can't be read. The
 * plan's own records, not a copy: a 100,000-row statement's records are tens of megabytes.
 */
export function statementRecords(bytes: Uint8Array, doc: Doc, precision: number): StatementRecord[] {
  return planImport(readCsv(bytes).rows, doc.columns as ColumnMapping, {
    ignore_line_one: doc.ignore_line_one === true,
    first_line_is_header: doc.first_line_is_header !== false,
    date_format: (doc.date_format as DateFormat | null | undefined) ?? null,
    most_items_are: doc.most_items_are === 'income' ? 'income' : 'outgo',
    precision,
  }).records;
}

/** The key two records share when one repeats the other in a wallet (date, amount, kind, description). */
export function duplicateKeyOf(walletId: string, r: { klass: string; date: string; value: number; description?: string | null }): string {
  return duplicateKey(walletId, r);
}

/** The first line a CsvError names, for the import's error. */
export function lineOf(err: unknown): number | null {
  return err instanceof CsvError ? (err.problems[0]?.line ?? null) : null;
}
