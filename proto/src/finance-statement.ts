import { MAX_MINOR, normalizeTags, RECORD_TEXT_MAX } from './finance-records';

// A bank statement's rows read as money records (spec §3 CSV import, §5 "at least 3 columns matched, a valid date
// column and a valid date format", §8; issue 14 item 4): the columns the person matched, amounts and dates decided
// from all the rows at once, then every line read that way. The finance service reads the whole file with these when
// the import runs, and the wallets-upload screen reads the upload's first rows with the same ones for its preview, so
// the preview says what the import will save. A value that doesn't fit is a problem of its line, never a guess cell
// by cell. Amounts are integer minor units of the wallet's precision, exactly (no binary float on the way); dates are
// yyyy-mm-dd. Pure, no dependencies (browser bundles import it).

/** One record of the file: its cells (trimmed) and the 1-based line where it starts. */
export interface StatementRow {
  line: number;
  cells: string[];
}

// ---- columns ------------------------------------------------------------------------------------------------------

/** The fields a column can be matched to (proto's CsvColumns keys). */
export const STATEMENT_FIELDS = ['date', 'value', 'debit', 'credit', 'description', 'third_party', 'categories'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** Each field's 0-based column; null or absent when not matched. A value column, or debit and/or credit ones. */
export type StatementColumns = Partial<Record<StatementField, number | null>>;

/** Spec §8's refusals of a column matching or of the dates, as the import answers them. */
export const STATEMENT_REASONS = {
  columns: 'Please match the header of each column (at least 3 columns required).',
  date: 'The date column or the Date format seems to be wrong.',
} as const;
export type StatementRefusal = keyof typeof STATEMENT_REASONS;

const MIN_MATCHED_COLUMNS = 3;
const isIndex = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * Spec §5: at least 3 columns matched, each to one field, within the file's columns; an amount (a value column, or a
 * debit and/or a credit column, not both kinds); a date. Null when fine, else which §8 message: `columns` is asked
 * first, so a matching wrong in both ways says to match the columns.
 */
export function checkStatementColumns(columns: StatementColumns, columnCount: number): StatementRefusal | null {
  const used = STATEMENT_FIELDS.map((f) => columns[f]).filter((x) => x !== null && x !== undefined);
  if (!used.every(isIndex) || used.some((i) => i >= columnCount)) return 'columns';
  if (new Set(used).size !== used.length || used.length < MIN_MATCHED_COLUMNS) return 'columns';
  if (isIndex(columns.value) === (isIndex(columns.debit) || isIndex(columns.credit))) return 'columns';
  if (!isIndex(columns.date)) return 'date';
  return null;
}

/** The header (when the options say there is one) and the rows holding records. */
export function statementDataRows<R extends StatementRow>(rows: readonly R[], options: { ignore_line_one?: boolean; first_line_is_header?: boolean }): { headers: string[] | null; data: R[] } {
  let data = options.ignore_line_one ? rows.slice(1) : rows.slice();
  let headers: string[] | null = null;
  if (options.first_line_is_header && data.length > 0) {
    headers = data[0].cells;
    data = data.slice(1);
  }
  return { headers, data };
}

// ---- amounts ------------------------------------------------------------------------------------------------------

export type DecimalSeparator = ',' | '.';
export type AmountProblem = 'not-an-amount' | 'too-many-decimals' | 'amount-too-large' | 'debit-and-credit';
export type AmountResult = { ok: true; minor: number } | { ok: false; code: AmountProblem };

const other = (s: DecimalSeparator): DecimalSeparator => (s === ',' ? '.' : ',');

/**
 * The file's decimal separator, by votes over all its amounts: a value with both `.` and `,` has its decimal separator
 * last (1.234,56 / 1,234.56); one separator used twice is a thousands separator (1.234.567); one used once with 3 digits
 * after it and a leading group not starting with 0 is a thousands separator when the wallet has fewer than 3 decimals
 * (1.234 in BRL) and a decimal one when it has 3 or more (12,345 in TND), otherwise a decimal one (12,5 / 0,125 /
 * 12.34). No votes (whole amounts only): `fallback`.
 */
export function detectDecimalSeparator(values: Iterable<string>, precision: number, fallback: DecimalSeparator = '.'): DecimalSeparator {
  const votes = { ',': 0, '.': 0 };
  for (const value of values) {
    const core = value.replace(/[^\d.,]/g, '');
    const at = Math.max(core.lastIndexOf(','), core.lastIndexOf('.'));
    if (at < 0) continue;
    const last = core[at] as DecimalSeparator;
    if (core.includes(other(last))) {
      votes[last]++;
      continue;
    }
    if (core.indexOf(last) !== at) {
      votes[other(last)]++;
      continue;
    }
    const after = core.length - at - 1;
    if (after === 0) continue;
    const lead = core.slice(0, at);
    // 1.234 / 12,345: a thousands separator in a wallet of fewer than 3 decimals (BRL, JPY), a decimal one in a
    // wallet of 3 or more (TND, BHD: 12,345 is twelve dinars, not twelve thousand)
    if (after === 3 && lead !== '' && !lead.startsWith('0') && lead.length <= 3) {
      votes[precision < 3 ? other(last) : last]++;
      continue;
    }
    votes[last]++;
  }
  return votes[','] > votes['.'] ? ',' : votes['.'] > votes[','] ? '.' : fallback;
}

/** the longest cell read as an amount */
const MAX_AMOUNT_CHARS = 40;
const CURRENCY = '(?:R\\$|US\\$|\\$|€|£)';
const LEADING = new RegExp(`^(?:\\s+|${CURRENCY}|[-−+])`);
const TRAILING_CURRENCY = new RegExp(`\\s*${CURRENCY}$`);
const DEBIT_CREDIT_MARK = /(?<=\d)\s*(DR|CR|D|C)$/i;
const NUMBER = { ',': /^(\d{1,3}(?:[.\s'’]\d{3})+|\d*),?(\d*)$/, '.': /^(\d{1,3}(?:[,\s'’]\d{3})+|\d*)\.?(\d*)$/ };

/**
 * An amount cell in signed minor units: digits grouped by thousands (`.`, `,`, space or apostrophe, whichever isn't the
 * decimal separator) and the decimal separator; negative with a leading or trailing `-`, parentheses or a D/DR mark
 * (C/CR is a credit); currency signs R$, US$, $, €, £ before or after. More decimals than the wallet's precision are
 * refused unless they are zeros (12,500 at 2 decimals is 1250).
 */
export function parseStatementAmount(text: string, decimal: DecimalSeparator, precision: number): AmountResult {
  let s = text.replace(/[\u00a0\u202f]/g, ' ').trim();
  // no amount is this long (16 digits, their separators, a sign and a currency): a longer cell is not handed to the
  // patterns below, whose cost grows with its length (a 44-digit barcode in the amount column is too large an amount)
  if (s.length > MAX_AMOUNT_CHARS) return { ok: false, code: /^[-−+]?[\d.,\s'’]+$/.test(s) && (s.match(/\d/g)?.length ?? 0) > 16 ? 'amount-too-large' : 'not-an-amount' };
  let negative = false;
  let marks = 0;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    marks++;
    s = s.slice(1, -1).trim();
  }
  const mark = DEBIT_CREDIT_MARK.exec(s);
  if (mark) {
    negative = mark[1].toUpperCase().startsWith('D') ? !negative : negative;
    marks++;
    s = s.slice(0, mark.index);
  }
  s = s.replace(TRAILING_CURRENCY, '');
  if (s.endsWith('-')) {
    negative = !negative;
    marks++;
    s = s.slice(0, -1).trimEnd();
  }
  for (let m = LEADING.exec(s); m; m = LEADING.exec(s)) {
    if (m[0] === '-' || m[0] === '−') negative = !negative;
    if (m[0] === '-' || m[0] === '−' || m[0] === '+') marks++;
    s = s.slice(m[0].length);
  }
  s = s.replace(TRAILING_CURRENCY, '');
  // one sign at most: "-(1,00)" or "-1,00 D" says two things
  if (marks > 1) return { ok: false, code: 'not-an-amount' };
  const parts = NUMBER[decimal].exec(s);
  if (!parts || !/\d/.test(s)) return { ok: false, code: 'not-an-amount' };
  if (parts[2] === '' && s.endsWith(decimal)) return { ok: false, code: 'not-an-amount' };
  const whole = parts[1].replace(/\D/g, '');
  let fraction = parts[2];
  if (fraction.length > precision) {
    if (/[^0]/.test(fraction.slice(precision))) return { ok: false, code: 'too-many-decimals' };
    fraction = fraction.slice(0, precision);
  }
  const digits = (whole + fraction.padEnd(precision, '0')).replace(/^0+/, '');
  if (digits.length > 16 || Number(digits) > MAX_MINOR) return { ok: false, code: 'amount-too-large' };
  const minor = Number(digits || '0');
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}

/**
 * A debit/credit column pair: the debit leaves (negative), the credit arrives, whatever sign the bank wrote; a line
 * fills one of them (an empty or zero other). A refusal names the side whose cell doesn't read (null: both filled).
 */
export function parseDebitCredit(debit: string, credit: string, decimal: DecimalSeparator, precision: number): AmountResult & { side?: 'debit' | 'credit' | null } {
  const read = (text: string): AmountResult => (text.trim() === '' ? { ok: true, minor: 0 } : parseStatementAmount(text, decimal, precision));
  const d = read(debit);
  if (!d.ok) return { ...d, side: 'debit' };
  const c = read(credit);
  if (!c.ok) return { ...c, side: 'credit' };
  if (d.minor !== 0 && c.minor !== 0) return { ok: false, code: 'debit-and-credit', side: null };
  return { ok: true, minor: Math.abs(c.minor) - Math.abs(d.minor) };
}

// ---- dates --------------------------------------------------------------------------------------------------------

/** The date formats a file may use, in the order a guess prefers them (day before month, as most banks write). */
export const STATEMENT_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy', 'dd-mm-yyyy', 'd/m/yy'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

export const isStatementDateFormat = (x: unknown): x is StatementDateFormat => typeof x === 'string' && (STATEMENT_DATE_FORMATS as readonly string[]).includes(x);

// a time after the date (some exports write "2024-01-15 00:00:00") is left out
const TIME = '(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$';
const DATE_READERS: Record<StatementDateFormat, { re: RegExp; order: [day: number, month: number, year: number] }> = {
  'dd/mm/yyyy': { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}`), order: [1, 2, 3] },
  'mm/dd/yyyy': { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}`), order: [2, 1, 3] },
  'yyyy-mm-dd': { re: new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})${TIME}`), order: [3, 2, 1] },
  'dd.mm.yyyy': { re: new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${TIME}`), order: [1, 2, 3] },
  'dd-mm-yyyy': { re: new RegExp(`^(\\d{1,2})-(\\d{1,2})-(\\d{4})${TIME}`), order: [1, 2, 3] },
  'd/m/yy': { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{2})${TIME}`), order: [1, 2, 3] },
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A date cell in the given format as yyyy-mm-dd, or null when it isn't one (31/02/2024 isn't). yy: 00–69 → 20yy. */
export function parseStatementDate(text: string, format: StatementDateFormat): string | null {
  const { re, order } = DATE_READERS[format];
  const m = re.exec(text.trim());
  if (!m) return null;
  const day = Number(m[order[0]]);
  const month = Number(m[order[1]]);
  let year = Number(m[order[2]]);
  if (m[order[2]].length === 2) year += year < 70 ? 2000 : 1900;
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  if (day > (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** A date cell that reads as different days in the formats that fit a file: what the person is shown to choose. */
export interface DateSample {
  /** the cell as written */
  value: string;
  /** the file's line where it is; null when not known */
  line: number | null;
  /** its reading (yyyy-mm-dd) in each format that fits the file */
  readings: Partial<Record<StatementDateFormat, string>>;
}

export interface DateFormatGuess {
  /** the preferred format that reads every value; null when none does, or there are no values */
  format: StatementDateFormat | null;
  /** every format that reads every value (more than one: the file doesn't say, e.g. all days ≤ 12) */
  candidates: StatementDateFormat[];
  /**
   * several formats read every value and at least one value reads as different days in them (10/01 is 10 January or
   * 1 October): the person must choose. Formats that read every value as the same day (01/01, 02/02) are no choice.
   */
  ambiguous: boolean;
  /** the first value read differently by the candidates, when ambiguous */
  sample: DateSample | null;
  /** the format reading the most values, to say which ones fail when none reads them all */
  closest: StatementDateFormat | null;
}

const FORMAT_COUNT = STATEMENT_DATE_FORMATS.length;
const formatIndex = (f: StatementDateFormat) => STATEMENT_DATE_FORMATS.indexOf(f);
const pairKey = (a: StatementDateFormat, b: StatementDateFormat) => Math.min(formatIndex(a), formatIndex(b)) * FORMAT_COUNT + Math.max(formatIndex(a), formatIndex(b));

/**
 * The date formats of a column, taken a cell at a time (a statement's dates are not held): which formats read every
 * cell, and for each pair of them the first cell they read as different days. A cell is read only in the formats still
 * reading every one before it, so a file costs about one reading per cell once its format is settled.
 */
export class DateFormatTally {
  /** the formats still reading every cell, in preference order */
  alive: StatementDateFormat[] = [...STATEMENT_DATE_FORMATS];
  private total = 0;
  /** pair of formats → the first cell they read as different days */
  private readonly differ = new Map<number, { value: string; line: number | null; at: number }>();

  /** Counts a cell (empty ones and ones without a digit aside: "Total", "Saldo anterior" are no date). */
  add(value: string, line: number | null = null): void {
    const v = value.trim();
    if (v === '' || !/\d/.test(v)) return;
    const at = this.total++;
    if (this.alive.length === 0) return;
    const read: string[] = [];
    const next: StatementDateFormat[] = [];
    for (const f of this.alive) {
      const date = parseStatementDate(v, f);
      if (date === null) continue;
      next.push(f);
      read.push(date);
    }
    this.alive = next;
    for (let a = 0; a < next.length; a++) {
      for (let b = a + 1; b < next.length; b++) {
        if (read[a] === read[b]) continue;
        const key = pairKey(next[a], next[b]);
        if (!this.differ.has(key)) this.differ.set(key, { value: v, line, at });
      }
    }
  }

  /** Whether some cell was counted (a column without one has no format at all). */
  get seen(): boolean {
    return this.total > 0;
  }

  /** The guess; `closest` is the first format reading every cell (null when none does: closestDateFormat says it). */
  result(): DateFormatGuess {
    if (this.total === 0) return { format: null, candidates: [], ambiguous: false, sample: null, closest: null };
    const alive = this.alive;
    let sample: DateSample | null = null;
    let first = Infinity;
    for (let a = 0; a < alive.length; a++) {
      for (let b = a + 1; b < alive.length; b++) {
        const d = this.differ.get(pairKey(alive[a], alive[b]));
        if (d && d.at < first) {
          first = d.at;
          sample = { value: d.value, line: d.line, readings: {} };
        }
      }
    }
    if (sample) for (const f of alive) sample.readings[f] = parseStatementDate(sample.value, f) as string;
    return { format: alive[0] ?? null, candidates: [...alive], ambiguous: sample !== null, sample, closest: alive[0] ?? null };
  }
}

/** The format reading the most of these date cells (to say which ones fail when none reads them all); null for none. */
export function closestDateFormat(values: Iterable<string>): StatementDateFormat | null {
  const reads = new Array<number>(FORMAT_COUNT).fill(0);
  for (const value of values) {
    const v = value.trim();
    if (v === '' || !/\d/.test(v)) continue;
    STATEMENT_DATE_FORMATS.forEach((f, i) => {
      if (parseStatementDate(v, f) !== null) reads[i]++;
    });
  }
  let closest: StatementDateFormat | null = null;
  let best = 0;
  STATEMENT_DATE_FORMATS.forEach((f, i) => {
    if (reads[i] > best) [closest, best] = [f, reads[i]];
  });
  return closest;
}

/**
 * The file's date format from all its date cells (empty ones and ones without a digit aside): the formats that read
 * every one of them. Days over 12 in the first or in the second place settle dd/mm against mm/dd; when no value does,
 * both fit, and the guess is ambiguous when some value reads as different days in them (dd/mm first). No values: no
 * format.
 */
export function detectStatementDateFormat(values: Iterable<string>): DateFormatGuess {
  const list = [...values];
  const tally = new DateFormatTally();
  for (const value of list) tally.add(value);
  const guess = tally.result();
  return guess.closest || !tally.seen ? guess : { ...guess, closest: closestDateFormat(list) };
}

// ---- lines --------------------------------------------------------------------------------------------------------

export interface StatementReadOptions {
  /** the person's choice; guessed from the rows when absent (an unknown one is refused) */
  date_format?: string | null;
  /** what records are when no amount carries a direction */
  most_items_are: 'income' | 'outgo';
  /** the wallet's decimal digits */
  precision: number;
}

/** Why a line makes no record and is left out (a balance line without an amount, a total without a date, a zero). */
export type StatementSkip = 'no-date' | 'no-amount' | 'zero-amount';
/** Why a line fails the import, and the cell (0-based column) when one cell is the cause. */
export interface StatementProblem {
  /** not-text: a text the record keeps holds a NUL byte (a damaged file, or not a text file): nothing can store it */
  code: 'not-a-date' | AmountProblem | 'not-text';
  column: number | null;
}

/** A line as the import reads it: a record, a line left out (`skipped`) or one that fails the import (`problem`). */
export interface StatementLine {
  line: number;
  skipped: StatementSkip | null;
  problem: StatementProblem | null;
  klass: 'Income' | 'Outgo';
  /** yyyy-mm-dd; null when the line has none, or it doesn't read */
  date: string | null;
  /** positive minor units; null when the amount doesn't read */
  value: number | null;
  /** white space collapsed, at most RECORD_TEXT_MAX */
  description: string | null;
  third_party: string | null;
  categories: string[];
}

export interface StatementReading {
  /** the whole reading is refused (§8 date message): no line has a date, or the chosen format is none of ours */
  refusal: 'date' | null;
  date_format: StatementDateFormat | null;
  /** several formats read the dates as different days (all days ≤ 12) and none was chosen: the person must choose */
  date_format_ambiguous: boolean;
  date_format_candidates: StatementDateFormat[];
  /** when ambiguous: the first date read differently, with its readings */
  date_sample: DateSample | null;
  decimal_separator: DecimalSeparator;
  /** amounts carry their direction (a negative amount, or debit/credit columns); else most_items_are decided */
  signed: boolean;
  lines: StatementLine[];
}

/** Runs of white space as one space, trimmed (the regex only when there is something to collapse). */
export const collapseSpaces = (s: string): string => (/\s\s|[^\S ]/.test(s) ? s.replace(/\s+/g, ' ') : s).trim();

const cellAt = (cells: readonly string[], i: number | null | undefined): string => (isIndex(i) ? (cells[i] ?? '').trim() : '');
const textAt = (cells: readonly string[], i: number | null | undefined, max: number): string | null => {
  if (!isIndex(i)) return null;
  const s = collapseSpaces(cells[i] ?? '');
  return s === '' ? null : s.slice(0, max);
};

/**
 * What the reading uses of a data row, taken as the rows go by so the rest of the row can be let go (the finance
 * service reads a 100,000-row statement this way without holding its rows): the date cell ('' when it holds no digit),
 * the amount cells, the texts as stored, the categories cell.
 */
export interface StatementCells {
  line: number;
  date: string;
  value: string;
  debit: string;
  credit: string;
  description: string | null;
  third_party: string | null;
  categories: string;
}

/** A data row's cells as the reading uses them (row at a time). */
export function statementCells(row: StatementRow, columns: StatementColumns): StatementCells {
  const date = cellAt(row.cells, columns.date);
  const debitCredit = !isIndex(columns.value);
  return {
    line: row.line,
    date: /\d/.test(date) ? date : '',
    value: debitCredit ? '' : cellAt(row.cells, columns.value),
    debit: debitCredit ? cellAt(row.cells, columns.debit) : '',
    credit: debitCredit ? cellAt(row.cells, columns.credit) : '',
    description: textAt(row.cells, columns.description, RECORD_TEXT_MAX.description),
    third_party: textAt(row.cells, columns.third_party, RECORD_TEXT_MAX.third_party),
    categories: cellAt(row.cells, columns.categories),
  };
}

/** How a statement's lines are read, decided from all of them: its date format and decimal separator. */
export interface StatementConventions {
  refusal: 'date' | null;
  date_format: StatementDateFormat | null;
  /** no format was chosen and the dates read as different days in two formats (the import refuses to guess) */
  date_format_ambiguous: boolean;
  date_format_candidates: StatementDateFormat[];
  /** when ambiguous: the first date read differently, with its readings */
  date_sample: DateSample | null;
  decimal_separator: DecimalSeparator;
}

/**
 * The conventions of all the rows' cells: the date format is the chosen one, else the one every date reads in, else
 * the closest (its misses are the problems); the decimal separator is voted by all amounts. Refused (the §8 date
 * message) when no line has a date or the chosen format is none of ours.
 */
export function statementConventions(all: readonly StatementCells[], columns: StatementColumns, options: StatementReadOptions): StatementConventions {
  const chosen = options.date_format ?? null;
  const tally = new DateFormatTally();
  for (const c of all) tally.add(c.date, c.line);
  let guess = tally.result();
  // no format reads every date: the one reading the most says which lines fail (a second pass, on a file refused)
  if (!guess.closest && tally.seen) guess = { ...guess, closest: closestDateFormat(all.map((c) => c.date)) };
  const known = chosen === null || isStatementDateFormat(chosen);
  const format = known ? ((chosen as StatementDateFormat | null) ?? guess.format ?? guess.closest) : null;
  const debitCredit = !isIndex(columns.value);
  function* amounts(): Iterable<string> {
    for (const c of all) {
      if (!debitCredit) yield c.value;
      else {
        yield c.debit;
        yield c.credit;
      }
    }
  }
  return {
    refusal: !all.some((c) => c.date !== '') || !known ? 'date' : null,
    date_format: format,
    date_format_ambiguous: !chosen && guess.ambiguous,
    date_format_candidates: chosen && known ? [chosen as StatementDateFormat] : guess.candidates,
    date_sample: !chosen ? guess.sample : null,
    decimal_separator: detectDecimalSeparator(amounts(), options.precision),
  };
}

/** A line read with the statement's conventions; `minor` keeps its sign (the kind is decided once every line is read). */
export interface StatementLineReading {
  date: string | null;
  minor: number | null;
  skipped: StatementSkip | null;
  problem: StatementProblem | null;
  categories: string[];
}

/**
 * One line's cells read the settled way (row at a time). In this order: a date cell with a digit that doesn't read
 * fails it (not-a-date) — cells without a digit ("Total", "Saldo anterior") are no date; then no amount at all leaves
 * it out (no-date or no-amount); an amount that doesn't read fails it; no date or a zero amount leaves it out. `tags`:
 * a statement repeats its categories, so each distinct cell is made tags once (pass the same map for every line; the
 * categories returned are the line's own copy).
 */
export function readStatementCells(
  c: StatementCells,
  conventions: StatementConventions,
  columns: StatementColumns,
  precision: number,
  tags: Map<string, string[]> = new Map(),
): StatementLineReading {
  const debitCredit = !isIndex(columns.value);
  const format = conventions.date_format;
  const decimal = conventions.decimal_separator;
  const date = c.date === '' || !format ? null : parseStatementDate(c.date, format);
  let skipped: StatementSkip | null = null;
  let problem: StatementProblem | null = null;
  let minor: number | null = null;
  const result = c.value === '' && c.debit === '' && c.credit === '' ? null : debitCredit ? parseDebitCredit(c.debit, c.credit, decimal, precision) : parseStatementAmount(c.value, decimal, precision);
  if (result?.ok) minor = result.minor;
  if (c.date !== '' && date === null) problem = { code: 'not-a-date', column: isIndex(columns.date) ? columns.date : null };
  else if (result === null) skipped = c.date === '' ? 'no-date' : 'no-amount';
  else if (!result.ok) {
    // a debit/credit pair refused as a pair is the line's problem, not one cell's
    const side = debitCredit ? (result as { side?: 'debit' | 'credit' | null }).side : 'value';
    problem = { code: result.code, column: side ? (columns[side] as number) : null };
  } else if (date === null) skipped = 'no-date';
  else if (result.minor === 0) skipped = 'zero-amount';
  if (!problem && !skipped) {
    const column = nulColumn(c, columns);
    if (column !== null) problem = { code: 'not-text', column };
  }
  let categories = tags.get(c.categories);
  if (!categories) tags.set(c.categories, (categories = normalizeTags(c.categories)));
  return { date, minor, skipped, problem, categories: categories.slice() };
}

/** The column of the first text a record would keep that holds a NUL byte, else null. */
function nulColumn(c: StatementCells, columns: StatementColumns): number | null {
  const texts: [string | null, number | null | undefined][] = [
    [c.description, columns.description],
    [c.third_party, columns.third_party],
    [c.categories, columns.categories],
  ];
  for (const [text, column] of texts) if (text !== null && text.includes('\u0000') && isIndex(column)) return column;
  return null;
}

/** Whether a read line is a record with a negative amount: one such line (or debit/credit columns) makes the file signed. */
export const isNegativeRecord = (r: StatementLineReading): boolean => !r.skipped && !r.problem && r.minor !== null && r.minor < 0;

/** A record's kind: by its sign when the file's amounts are signed, else what most items are. */
export function statementKlass(minor: number | null, signed: boolean, mostItemsAre: 'income' | 'outgo'): 'Income' | 'Outgo' {
  if (signed && minor !== null) return minor < 0 ? 'Outgo' : 'Income';
  return mostItemsAre === 'outgo' ? 'Outgo' : 'Income';
}

/**
 * The lines of a statement's data rows as the import reads them (statementCells, statementConventions and
 * readStatementCells over all of them): a record is an outgo when negative (a debit) and an income when positive — or
 * all most_items_are when no amount of a record is negative and there are no debit/credit columns. The columns are
 * taken as checkStatementColumns accepts them.
 */
export function readStatementLines(data: readonly StatementRow[], columns: StatementColumns, options: StatementReadOptions): StatementReading {
  const cells = data.map((row) => statementCells(row, columns));
  const conventions = statementConventions(cells, columns, options);
  const tags = new Map<string, string[]>();
  const read = cells.map((c) => readStatementCells(c, conventions, columns, options.precision, tags));
  const signed = !isIndex(columns.value) || read.some(isNegativeRecord);
  const lines = read.map(
    ({ date, minor, skipped, problem, categories }, i): StatementLine => ({
      line: cells[i].line,
      skipped,
      problem,
      klass: statementKlass(minor, signed, options.most_items_are),
      date,
      value: minor === null ? null : Math.abs(minor),
      description: cells[i].description,
      third_party: cells[i].third_party,
      categories,
    }),
  );
  return { ...conventions, signed, lines };
}
