import { normalizeTags } from '@app/proto';
import type { CsvRow } from './csv-dialect.rules';
import { CsvError, MAX_PROBLEMS, problem, type CsvProblem } from './csv-error';
import { detectDateFormat, detectDecimalSeparator, isDateFormat, parseAmount, parseDate, parseDebitCredit, type DateFormat, type DecimalSeparator } from './csv-values.rules';

// From a statement's rows and the columns the person matched to the fields (spec §3 CSV import, §5 "at least 3
// columns matched, a valid date column and a valid date format", §8 messages) to the incomes and outgos to create,
// each with the line it came from. All or nothing: a cell that can't be read refuses the file with its line and
// column, so an import never writes half a statement. Lines that carry no money are left out and listed (a balance
// line without an amount, a total without a date, a zero).

/** The fields a column can be matched to; each value is a 0-based column index, null or absent when not matched. */
export interface ColumnMapping {
  date?: number | null;
  /** one signed amount column… */
  value?: number | null;
  /** …or a debit column (money out) and/or a credit column (money in) */
  debit?: number | null;
  credit?: number | null;
  description?: number | null;
  third_party?: number | null;
  categories?: number | null;
}
export const MAPPED_FIELDS = ['date', 'value', 'debit', 'credit', 'description', 'third_party', 'categories'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

export interface ImportOptions {
  /** leave out the file's first line (a title above the header) */
  ignore_line_one?: boolean;
  /** the first line (after an ignored one) names the columns: it is not a record */
  first_line_is_header?: boolean;
  /** the person's choice; guessed from the file when absent */
  date_format?: DateFormat | null;
  /** what records are when the file has only positive amounts */
  most_items_are: 'income' | 'outgo';
  /** the wallet's decimal digits */
  precision: number;
}

export interface ImportRecord {
  klass: 'Income' | 'Outgo';
  /** yyyy-mm-dd */
  date: string;
  /** positive, minor units */
  value: number;
  description: string | null;
  /** the third party of an income */
  paid_by?: string | null;
  /** the third party of an outgo */
  paid_to?: string | null;
  categories: string[];
  /** the file's line */
  line: number;
  /** the line of an earlier record of the file with the same duplicate key; null for the first one */
  duplicate_of_line: number | null;
}

export type SkipReason = 'no-date' | 'no-amount' | 'zero-amount';
export interface SkippedLine {
  line: number;
  reason: SkipReason;
}

export interface ImportPlan {
  records: ImportRecord[];
  /** the header line's cells, when the file has one */
  headers: string[] | null;
  date_format: DateFormat;
  /** several formats read every date (all days ≤ 12): the person should confirm date_format */
  date_format_ambiguous: boolean;
  date_format_candidates: DateFormat[];
  decimal_separator: DecimalSeparator;
  /** amounts carry their direction (a negative amount or debit/credit columns); else most_items_are decided */
  signed: boolean;
  skipped: SkippedLine[];
  /** records flagged duplicate_of_line */
  duplicates_in_file: number;
}

/** Spec §8, as the web shows them. */
export const IMPORT_REASONS = {
  columns: 'Please match the header of each column (at least 3 columns required).',
  date: 'The date column or the Date format seems to be wrong.',
} as const;

const MIN_MATCHED_COLUMNS = 3;
const MAX_DESCRIPTION = 1000;
const MAX_THIRD_PARTY = 200;

/** The header (when the options say there is one) and the rows holding records. */
export function dataRows(rows: CsvRow[], options: Pick<ImportOptions, 'ignore_line_one' | 'first_line_is_header'>): { headers: string[] | null; data: CsvRow[] } {
  let data = options.ignore_line_one ? rows.slice(1) : rows;
  let headers: string[] | null = null;
  if (options.first_line_is_header && data.length > 0) {
    headers = data[0].cells;
    data = data.slice(1);
  }
  return { headers, data };
}

const isIndex = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * Spec §5: at least 3 columns matched, one of them the date and an amount (a value column, or debit and/or credit but
 * not both kinds), each column to one field, within the file's columns. Else the spec's §8 message.
 */
export function checkColumnMapping(mapping: ColumnMapping, columnCount: number): void {
  const refuse = () => new CsvError([], IMPORT_REASONS.columns);
  const used = MAPPED_FIELDS.map((f) => mapping[f]).filter((x) => x !== null && x !== undefined);
  if (!used.every(isIndex) || used.some((i) => i >= columnCount)) throw refuse();
  if (new Set(used).size !== used.length || used.length < MIN_MATCHED_COLUMNS) throw refuse();
  const value = isIndex(mapping.value);
  const debitCredit = isIndex(mapping.debit) || isIndex(mapping.credit);
  if (value === debitCredit) throw refuse();
  if (!isIndex(mapping.date)) throw new CsvError([], IMPORT_REASONS.date);
}

/** Runs of white space as one space, trimmed (the regex only when there is something to collapse). */
const collapse = (s: string) => (/\s\s|[^\S ]/.test(s) ? s.replace(/\s+/g, ' ') : s).trim();

/** Lower case, spaces collapsed, composed (NFC): how two descriptions are compared. */
export function normalizeDescription(text: string | null | undefined): string {
  if (!text) return '';
  const lower = text.toLowerCase();
  return collapse(/[^ -~\s]/.test(lower) ? lower.normalize('NFC') : lower);
}

/**
 * The key two records share when they are the same movement of money: same wallet, date, signed amount and normalised
 * description. Compute it on records as they will be saved (after the mapping rules) and on the wallet's stored incomes
 * and outgos alike, so a file imported twice is caught.
 */
export function duplicateKey(walletId: string, record: { klass: string; date: string; value: number; description?: string | null }): string {
  const signed = record.klass === 'Outgo' ? -record.value : record.value;
  // wallet ids, dates and numbers hold no line break, and the free text comes last: the key can't be ambiguous
  return `${walletId}\n${record.date}\n${signed}\n${normalizeDescription(record.description)}`;
}

/** The records with duplicate_of_line set on the second and later of those sharing a key (the first keeps null). */
export function markDuplicatesInFile<T extends ImportRecord>(records: T[], keyOf: (r: T) => string = (r) => duplicateKey('', r)): T[] {
  const first = new Map<string, number>();
  return records.map((r) => {
    const key = keyOf(r);
    const line = first.get(key);
    if (line === undefined) {
      first.set(key, r.line);
      return r.duplicate_of_line === null ? r : { ...r, duplicate_of_line: null };
    }
    return { ...r, duplicate_of_line: line };
  });
}

const text = (cells: string[], i: number | null | undefined, max: number): string | null => {
  if (!isIndex(i)) return null;
  const s = collapse(cells[i] ?? '');
  return s === '' ? null : s.slice(0, max);
};
const cell = (cells: string[], i: number | null | undefined): string => (isIndex(i) ? (cells[i] ?? '').trim() : '');

/**
 * Chooses the date format (the person's, else the file's) and reads every row's date; §8 message otherwise. A cell
 * without a digit ("Total", "Saldo anterior") is no date: its line is left out, not refused.
 */
function readDates(data: CsvRow[], column: number, chosen: DateFormat | null | undefined, header: string | null) {
  const values = data.map((r) => {
    const v = cell(r.cells, column);
    return /\d/.test(v) ? v : '';
  });
  if (!values.some((v) => v !== '')) throw new CsvError([], IMPORT_REASONS.date);
  if (chosen !== null && chosen !== undefined && !isDateFormat(chosen)) throw new CsvError([], IMPORT_REASONS.date);
  const guess = detectDateFormat(values);
  const format = chosen ?? guess.format ?? guess.closest;
  const dates: (string | null)[] = [];
  const problems: CsvProblem[] = [];
  for (let i = 0; i < data.length; i++) {
    const date = values[i] === '' || !format ? null : parseDate(values[i], format);
    if (values[i] !== '' && date === null && problems.length < MAX_PROBLEMS) problems.push(problem('not-a-date', data[i].line, column, header, values[i]));
    dates.push(date);
  }
  if (problems.length > 0 || !format) throw new CsvError(problems, IMPORT_REASONS.date);
  return { dates, format, ambiguous: !chosen && guess.ambiguous, candidates: chosen ? [chosen] : guess.candidates };
}

/**
 * The records a statement makes, or a CsvError: the §8 message for a wrong column match, date column or date format
 * (with the lines whose date doesn't read), else the first unreadable amount's line and column. Negative amounts (or
 * debits) are outgos and positive ones incomes; a file of positive amounts only is all most_items_are.
 */
export function planImport(rows: CsvRow[], mapping: ColumnMapping, options: ImportOptions): ImportPlan {
  const { headers, data } = dataRows(rows, options);
  let columnCount = headers?.length ?? 0;
  for (const r of data) columnCount = Math.max(columnCount, r.cells.length);
  checkColumnMapping(mapping, columnCount);
  const header = (i: number | null | undefined) => (isIndex(i) && headers?.[i]) || null;
  const dateColumn = mapping.date as number;
  const { dates, format, ambiguous, candidates } = readDates(data, dateColumn, options.date_format, header(dateColumn));

  const debitCredit = !isIndex(mapping.value);
  const amountCells: string[] = [];
  for (const r of data) {
    if (!debitCredit) amountCells.push(cell(r.cells, mapping.value));
    else amountCells.push(cell(r.cells, mapping.debit), cell(r.cells, mapping.credit));
  }
  const decimal = detectDecimalSeparator(amountCells, options.precision);

  const problems: CsvProblem[] = [];
  const skipped: SkippedLine[] = [];
  const amounts: { row: CsvRow; date: string; minor: number }[] = [];
  for (let i = 0; i < data.length; i++) {
    const row = data[i];
    const value = debitCredit ? '' : cell(row.cells, mapping.value);
    const debit = debitCredit ? cell(row.cells, mapping.debit) : '';
    const credit = debitCredit ? cell(row.cells, mapping.credit) : '';
    if (value === '' && debit === '' && credit === '') {
      skipped.push({ line: row.line, reason: dates[i] === null ? 'no-date' : 'no-amount' });
      continue;
    }
    const result = debitCredit ? parseDebitCredit(debit, credit, decimal, options.precision) : parseAmount(value, decimal, options.precision);
    if (!result.ok) {
      // a debit/credit pair refused as a pair is the line's problem, not one cell's
      const side = debitCredit ? (result as { side?: 'debit' | 'credit' | null }).side : 'value';
      const column = side ? (mapping[side] as number) : null;
      if (problems.length < MAX_PROBLEMS) problems.push(problem(result.code, row.line, column, header(column), column === null ? null : cell(row.cells, column)));
      continue;
    }
    const date = dates[i];
    if (date === null) skipped.push({ line: row.line, reason: 'no-date' });
    else if (result.minor === 0) skipped.push({ line: row.line, reason: 'zero-amount' });
    else amounts.push({ row, date, minor: result.minor });
  }
  if (problems.length > 0) throw new CsvError(problems);

  const signed = debitCredit || amounts.some((a) => a.minor < 0);
  const unsigned = options.most_items_are === 'outgo' ? 'Outgo' : 'Income';
  // a statement repeats its categories: each distinct cell is normalised once
  const tags = new Map<string, string[]>();
  const firstLine = new Map<string, number>();
  let duplicates = 0;
  const records = amounts.map(({ row, date, minor }): ImportRecord => {
    const klass = signed ? (minor < 0 ? 'Outgo' : 'Income') : unsigned;
    const value = Math.abs(minor);
    const description = text(row.cells, mapping.description, MAX_DESCRIPTION);
    const thirdParty = text(row.cells, mapping.third_party, MAX_THIRD_PARTY);
    const categoryCell = cell(row.cells, mapping.categories);
    let categories = tags.get(categoryCell);
    if (!categories) tags.set(categoryCell, (categories = normalizeTags(categoryCell)));
    const record: ImportRecord =
      klass === 'Income'
        ? { klass, date, value, description, paid_by: thirdParty, categories: categories.slice(), line: row.line, duplicate_of_line: null }
        : { klass, date, value, description, paid_to: thirdParty, categories: categories.slice(), line: row.line, duplicate_of_line: null };
    // as markDuplicatesInFile does, on the records made here
    const key = duplicateKey('', record);
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, row.line);
    else {
      record.duplicate_of_line = first;
      duplicates++;
    }
    return record;
  });
  return {
    records,
    headers,
    date_format: format,
    date_format_ambiguous: ambiguous,
    date_format_candidates: candidates,
    decimal_separator: decimal,
    signed,
    skipped,
    duplicates_in_file: duplicates,
  };
}
