import { MAX_MINOR } from '@app/proto';
import type { CsvProblemCode } from './csv-error';

// The cells of a bank statement read as money and dates (issue 14 item 4). Each file writes its amounts one way and its
// dates one way, so both are decided from all the file's values at once, then every cell is read that way: a value that
// doesn't fit is refused (with its line and column, by the import), never guessed cell by cell. Amounts become integer
// minor units of the wallet's precision, exactly (no binary float on the way); dates become yyyy-mm-dd.

// ---- amounts ------------------------------------------------------------------------------------------------------

export type DecimalSeparator = ',' | '.';
export type AmountResult = { ok: true; minor: number } | { ok: false; code: Extract<CsvProblemCode, 'not-an-amount' | 'too-many-decimals' | 'amount-too-large' | 'debit-and-credit'> };

const other = (s: DecimalSeparator): DecimalSeparator => (s === ',' ? '.' : ',');

/**
 * The file's decimal separator, by votes over all its amounts: a value with both `.` and `,` has its decimal separator
 * last (1.234,56 / 1,234.56); one separator used twice is a thousands separator (1.234.567); one used once with 3 digits
 * after it and a leading group not starting with 0 is a thousands separator when the wallet has fewer than 3 decimals
 * (1.234 in BRL), otherwise a decimal one (12,5 / 0,125 / 12.34). No votes (whole amounts only): `fallback`.
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
    if (after === 3 && lead !== '' && !lead.startsWith('0') && lead.length <= 3) {
      if (precision < 3) votes[other(last)]++;
      continue;
    }
    votes[last]++;
  }
  return votes[','] > votes['.'] ? ',' : votes['.'] > votes[','] ? '.' : fallback;
}

const CURRENCY = '(?:R\\$|US\\$|\\$|€|£)';
const LEADING = new RegExp(`^(?:\\s+|${CURRENCY}|[-−+])`);
const TRAILING_CURRENCY = new RegExp(`\\s*${CURRENCY}$`);
const DEBIT_CREDIT_MARK = /(?<=\d)\s*(DR|CR|D|C)$/i;
const NUMBER = { ',': /^(\d{1,3}(?:[.\s'’]\d{3})+|\d*),?(\d*)$/, '.': /^(\d{1,3}(?:[,\s'’]\d{3})+|\d*)\.?(\d*)$/ };

/**
 * An amount cell in minor units: digits grouped by thousands (`.`, `,`, space or apostrophe, whichever isn't the
 * decimal separator) and the decimal separator; negative with a leading or trailing `-`, parentheses or a D/DR mark
 * (C/CR is a credit); currency signs R$, US$, $, €, £ before or after. More decimals than the wallet's precision are
 * refused unless they are zeros (12,500 at 2 decimals is 1250).
 */
export function parseAmount(text: string, decimal: DecimalSeparator, precision: number): AmountResult {
  let s = text.replace(/[\u00a0\u202f]/g, ' ').trim();
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
  const read = (text: string): AmountResult => (text.trim() === '' ? { ok: true, minor: 0 } : parseAmount(text, decimal, precision));
  const d = read(debit);
  if (!d.ok) return { ...d, side: 'debit' };
  const c = read(credit);
  if (!c.ok) return { ...c, side: 'credit' };
  if (d.minor !== 0 && c.minor !== 0) return { ok: false, code: 'debit-and-credit', side: null };
  return { ok: true, minor: Math.abs(c.minor) - Math.abs(d.minor) };
}

// ---- dates --------------------------------------------------------------------------------------------------------

/** The date formats a file may use, in the order a guess prefers them (day before month, as most banks write). */
export const DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy', 'dd-mm-yyyy', 'd/m/yy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const isDateFormat = (x: unknown): x is DateFormat => typeof x === 'string' && (DATE_FORMATS as readonly string[]).includes(x);

// a time after the date (some exports write "2024-01-15 00:00:00") is left out
const TIME = '(?:[ T]\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$';
const DATE_READERS: Record<DateFormat, { re: RegExp; order: [day: number, month: number, year: number] }> = {
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
export function parseDate(text: string, format: DateFormat): string | null {
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

export interface DateFormatGuess {
  /** the preferred format that reads every value; null when none does */
  format: DateFormat | null;
  /** every format that reads every value (more than one: the file doesn't say, e.g. all days ≤ 12) */
  candidates: DateFormat[];
  ambiguous: boolean;
  /** the format reading the most values, to say which ones fail when none reads them all */
  closest: DateFormat | null;
}

/**
 * The file's date format from all its date cells (empty ones aside): the formats that read every one of them. Days
 * over 12 in the first or in the second place settle dd/mm against mm/dd; when no value does, both fit and the guess is
 * ambiguous (dd/mm first).
 */
export function detectDateFormat(values: readonly string[]): DateFormatGuess {
  // formats are dropped at their first miss, so a file costs about one reading per value
  let alive: DateFormat[] = [...DATE_FORMATS];
  let total = 0;
  for (const value of values) {
    if (value.trim() === '') continue;
    total++;
    if (alive.length > 0) alive = alive.filter((f) => parseDate(value, f) !== null);
  }
  if (total === 0) return { format: null, candidates: [], ambiguous: false, closest: null };
  let closest: DateFormat | null = alive[0] ?? null;
  if (!closest) {
    let best = 0;
    for (const f of DATE_FORMATS) {
      let read = 0;
      for (const value of values) if (value.trim() !== '' && parseDate(value, f) !== null) read++;
      if (read > best) [closest, best] = [f, read];
    }
  }
  return { format: alive[0] ?? null, candidates: alive, ambiguous: alive.length > 1, closest };
}
