import type { Doc } from '@app/proto';
import { readStatementCells, statementCells, statementConventions, StatementCells, statementKlass } from '@app/proto';
import { CsvError, MAX_PROBLEMS, problem, type CsvProblem } from '../imports/csv-error';
import { scanCsv } from '../imports/csv-dialect.rules';
import { ambiguousDates, checkColumnMapping, ColumnMapping, duplicateKey, IMPORT_REASONS, ImportOptions, ImportRecord, lineProblem, refuseLines, statementLineKey } from '../imports/csv-import.rules';
import type { DateFormat } from '../imports/csv-values.rules';

// A CsvImport's statement turned into the records it makes, through the import rules (imports/ and proto's statement
// rules): decoded, split, amounts and dates read with the file's conventions, the columns the person matched. The file
// is read in one streaming pass that keeps of each row only the cells the reading uses (never the rows: a 100,000-row
// statement held as rows, lines and records took ~105 MB at once), then those cells become the records one by one.
// The same answers as planImport (csv-import.rules.ts), which the preview's rules share: a date that doesn't read
// refuses the file with the §8 date message and the lines, then an amount that doesn't read with its line and column.

/** A record of the statement: what it stores (its third party as paid_by or paid_to, as the mapping rules read it) and its line. */
export type StatementRecord = Omit<ImportRecord, 'duplicate_of_line'>;

/** The options of a CsvImport, as the rules take them. */
export function importOptions(doc: Doc, precision: number): ImportOptions {
  return {
    ignore_line_one: doc.ignore_line_one === true,
    first_line_is_header: doc.first_line_is_header !== false,
    date_format: (doc.date_format as DateFormat | null | undefined) ?? null,
    most_items_are: doc.most_items_are === 'income' ? 'income' : 'outgo',
    precision,
  };
}

/**
 * Every record of the statement, in file order; a CsvError (with the line) when the file or a row can't be read. Lines
 * that carry no money (no date, no amount, a zero) are left out. Repeats are not marked here: the runner leaves them
 * out after the mapping rules, by what would be stored.
 */
export async function statementRecords(bytes: Uint8Array, doc: Doc, precision: number): Promise<StatementRecord[]> {
  const columns = doc.columns as ColumnMapping;
  const options = importOptions(doc, precision);
  const skip = options.ignore_line_one ? 1 : 0;
  let index = 0;
  let headers: string[] | null = null;
  let columnCount = 0;
  const kept: (StatementCells | null)[] = [];
  await scanCsv(bytes, (row) => {
    const at = index++;
    if (at < skip) return;
    columnCount = Math.max(columnCount, row.cells.length);
    if (options.first_line_is_header && at === skip) headers = row.cells;
    else kept.push(statementCells(row, columns));
  });
  // a header alone (an empty period's export): nothing to import, whatever the columns say
  if (kept.length === 0) throw new CsvError([problem('no-rows', null)]);
  checkColumnMapping(columns, columnCount);
  const conventions = statementConventions(kept as StatementCells[], columns, options);
  const header = (i: number | null) => (i !== null && (headers as string[] | null)?.[i]) || null;
  if (conventions.refusal) throw new CsvError([], IMPORT_REASONS[conventions.refusal]);
  if (conventions.date_format_ambiguous && conventions.date_sample) throw ambiguousDates(conventions.date_sample, columns.date as number, header(columns.date ?? null));

  const cellOf = (c: StatementCells, column: number | null) => {
    if (column === null) return null;
    const cells: [number | null | undefined, string | null][] = [
      [columns.date, c.date],
      [columns.debit, c.debit],
      [columns.credit, c.credit],
      [columns.value, c.value],
      [columns.description, c.description],
      [columns.third_party, c.third_party],
      [columns.categories, c.categories],
    ];
    return cells.find(([at]) => at === column)?.[1] ?? null;
  };
  const dateProblems: CsvProblem[] = [];
  const amountProblems: CsvProblem[] = [];
  const textProblems: CsvProblem[] = [];
  const tags = new Map<string, string[]>();
  const records: StatementRecord[] = [];
  let negative = false;
  for (let i = 0; i < kept.length; i++) {
    const c = kept[i] as StatementCells;
    // the cells are let go as their record is made
    kept[i] = null;
    const r = readStatementCells(c, conventions, columns, precision, tags);
    if (r.problem) {
      const code = r.problem.code;
      const list = code === 'not-a-date' ? dateProblems : code === 'not-text' ? textProblems : amountProblems;
      if (list.length < MAX_PROBLEMS) list.push(lineProblem(code, c.line, r.problem.column, header(r.problem.column), cellOf(c, r.problem.column), precision));
      continue;
    }
    if (r.skipped) continue;
    const [date, minor] = [r.date as string, r.minor as number];
    if (minor < 0) negative = true;
    // by the sign for now: a file without a negative amount is all most_items_are (below)
    records.push(
      minor < 0
        ? { klass: 'Outgo', date, value: -minor, description: c.description, paid_to: c.third_party, categories: r.categories, line: c.line, statement_line: '' }
        : { klass: 'Income', date, value: minor, description: c.description, paid_by: c.third_party, categories: r.categories, line: c.line, statement_line: '' },
    );
  }
  refuseLines(dateProblems, amountProblems, textProblems, conventions.date_format);
  const signed = typeof columns.value !== 'number' || negative;
  if (!signed && statementKlass(null, false, options.most_items_are) === 'Outgo') {
    for (let i = 0; i < records.length; i++) {
      const { paid_by, ...rest } = records[i];
      records[i] = { ...rest, klass: 'Outgo', paid_to: paid_by };
    }
  }
  // each line's fingerprint, once its kind is settled (before any mapping rule)
  for (const r of records) r.statement_line = statementLineKey(r);
  return records;
}

/** The key two records share when one repeats the other in a wallet (date, amount, kind, description). */
export function duplicateKeyOf(walletId: string, r: { klass: string; date: string; value: number; description?: string | null }): string {
  return duplicateKey(walletId, r);
}

/** The first line a CsvError names, for the import's error. */
export function lineOf(err: unknown): number | null {
  return err instanceof CsvError ? (err.problems[0]?.line ?? null) : null;
}
