import { createHash } from 'crypto';
import { checkStatementColumns, collapseSpaces, readStatementLines, STATEMENT_FIELDS, STATEMENT_REASONS, statementDataRows, type DateSample, type StatementColumns } from '@app/proto';
import type { CsvRow } from './csv-dialect.rules';
import { CsvError, MAX_PROBLEMS, problem, tooLargeNote, type CsvProblem } from './csv-error';
import type { DateFormat, DecimalSeparator } from './csv-values.rules';

// From a statement's rows and the columns the person matched to the fields (spec §3 CSV import, §5 "at least 3
// columns matched, a valid date column and a valid date format", §8 messages) to the incomes and outgos to create,
// each with the line it came from. The lines are read by proto's statement rules (proto/src/finance-statement.ts),
// the same ones the wallets-upload preview runs; here they become the import's answer. All or nothing: a cell that
// can't be read refuses the file with its line and column, so an import never writes half a statement. Lines that
// carry no money are left out and listed (a balance line without an amount, a total without a date, a zero).

/** The fields a column can be matched to; each value is a 0-based column index, null or absent when not matched. */
export type ColumnMapping = StatementColumns;
export const MAPPED_FIELDS = STATEMENT_FIELDS;
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
  /** the fingerprint of the statement's line as read (statementLineKey), kept on the record it makes */
  statement_line: string;
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

/** Spec §8, as the web shows them; and the import's own refusals that name a line (the error's line says which). */
export const IMPORT_REASONS = {
  ...STATEMENT_REASONS,
  ambiguousDate: 'The dates read as day/month or as month/day: choose the date format',
  notText: 'A line holds a character that is not text (a NUL byte): the file is damaged, export the statement again',
  inactiveWallet: 'The wallet is inactive: make it active to import into it',
} as const;

/** A statement's line the rules refuse, as its CsvProblem (an amount too large says the wallet's bound). */
export function lineProblem(code: CsvProblem['code'], line: number, column: number | null, header: string | null, cell: string | null, precision: number): CsvProblem {
  return problem(code, line, column, header, cell, code === 'amount-too-large' ? tooLargeNote(precision) : null);
}

/**
 * The refusal of a statement's lines, in this order: dates that don't read (spec §8's date message), amounts that don't
 * read (the first one's text), texts holding a NUL byte.
 */
export function refuseLines(dates: CsvProblem[], amounts: CsvProblem[], texts: CsvProblem[], dateFormat: string | null): void {
  if (dates.length > 0 || !dateFormat) throw new CsvError(dates, IMPORT_REASONS.date);
  if (amounts.length > 0) throw new CsvError(amounts);
  if (texts.length > 0) throw new CsvError(texts, IMPORT_REASONS.notText);
}

/** A file whose dates read as different days in two formats, imported without choosing one. */
export function ambiguousDates(sample: DateSample, column: number, header: string | null): CsvError {
  return new CsvError([problem('ambiguous-date', sample.line, column, header, sample.value)], IMPORT_REASONS.ambiguousDate);
}

/** The header (when the options say there is one) and the rows holding records. */
export function dataRows(rows: CsvRow[], options: Pick<ImportOptions, 'ignore_line_one' | 'first_line_is_header'>): { headers: string[] | null; data: CsvRow[] } {
  return statementDataRows(rows, options);
}

/**
 * Spec §5: at least 3 columns matched, one of them the date and an amount (a value column, or debit and/or credit but
 * not both kinds), each column to one field, within the file's columns. Else the spec's §8 message.
 */
export function checkColumnMapping(mapping: ColumnMapping, columnCount: number): void {
  const refusal = checkStatementColumns(mapping, columnCount);
  if (refusal) throw new CsvError([], IMPORT_REASONS[refusal]);
}

/** Lower case, spaces collapsed, composed (NFC): how two descriptions are compared. */
export function normalizeDescription(text: string | null | undefined): string {
  if (!text) return '';
  const lower = text.toLowerCase();
  return collapseSpaces(/[^ -~\s]/.test(lower) ? lower.normalize('NFC') : lower);
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

/**
 * The fingerprint of a statement's line as the import reads it, before any mapping rule: its kind, date, amount,
 * description, third party and categories (texts compared as duplicateKey compares them). Kept on the record it makes
 * (`statement_line`), so a later import of an overlapping statement knows the line again however a rule or a person
 * renamed the record since (issue 27 #7). 128 bits of SHA-256.
 */
export function statementLineKey(record: { klass: string; date: string; value: number; description?: string | null; paid_by?: string | null; paid_to?: string | null; categories?: readonly string[] }): string {
  const party = record.klass === 'Income' ? record.paid_by : record.paid_to;
  const text = [record.klass, record.date, String(record.value), normalizeDescription(record.description), normalizeDescription(party), (record.categories ?? []).join(',')].join('\n');
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
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

/**
 * The records a statement makes, or a CsvError: the §8 message for a wrong column match, date column or date format
 * (with the lines whose date doesn't read), else the unreadable amounts' lines and columns. Negative amounts (or
 * debits) are outgos and positive ones incomes; a file of positive amounts only is all most_items_are.
 */
export function planImport(rows: CsvRow[], mapping: ColumnMapping, options: ImportOptions): ImportPlan {
  const { headers, data } = dataRows(rows, options);
  // a header alone (an empty period's export): nothing to import, whatever the columns say
  if (data.length === 0) throw new CsvError([problem('no-rows', null)]);
  let columnCount = headers?.length ?? 0;
  for (const r of data) columnCount = Math.max(columnCount, r.cells.length);
  checkColumnMapping(mapping, columnCount);
  const header = (i: number | null) => (i !== null && headers?.[i]) || null;
  const reading = readStatementLines(data, mapping, options);
  if (reading.refusal) throw new CsvError([], IMPORT_REASONS[reading.refusal]);
  if (reading.date_format_ambiguous && reading.date_sample) throw ambiguousDates(reading.date_sample, mapping.date as number, header(mapping.date ?? null));

  // every date is read before any amount: a date that doesn't read refuses the file with the §8 date message
  const dateProblems: CsvProblem[] = [];
  const amountProblems: CsvProblem[] = [];
  const textProblems: CsvProblem[] = [];
  for (let i = 0; i < data.length; i++) {
    const p = reading.lines[i].problem;
    if (!p) continue;
    const list = p.code === 'not-a-date' ? dateProblems : p.code === 'not-text' ? textProblems : amountProblems;
    const cell = p.column === null ? null : (data[i].cells[p.column] ?? '').trim();
    if (list.length < MAX_PROBLEMS) list.push(lineProblem(p.code, data[i].line, p.column, header(p.column), cell, options.precision));
  }
  refuseLines(dateProblems, amountProblems, textProblems, reading.date_format);

  const skipped: SkippedLine[] = [];
  const firstLine = new Map<string, number>();
  const records: ImportRecord[] = [];
  let duplicates = 0;
  for (const l of reading.lines) {
    if (l.skipped) {
      skipped.push({ line: l.line, reason: l.skipped });
      continue;
    }
    // a line neither skipped nor failed has its date and amount
    const [klass, date, value, description] = [l.klass, l.date as string, l.value as number, l.description];
    const record: ImportRecord =
      klass === 'Income'
        ? { klass, date, value, description, paid_by: l.third_party, categories: l.categories, line: l.line, statement_line: '', duplicate_of_line: null }
        : { klass, date, value, description, paid_to: l.third_party, categories: l.categories, line: l.line, statement_line: '', duplicate_of_line: null };
    record.statement_line = statementLineKey(record);
    // as markDuplicatesInFile does, on the records made here
    const key = duplicateKey('', record);
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, l.line);
    else {
      record.duplicate_of_line = first;
      duplicates++;
    }
    records.push(record);
  }
  return {
    records,
    headers,
    date_format: reading.date_format as DateFormat,
    date_format_ambiguous: reading.date_format_ambiguous,
    date_format_candidates: reading.date_format_candidates,
    decimal_separator: reading.decimal_separator,
    signed: reading.signed,
    skipped,
    duplicates_in_file: duplicates,
  };
}
