import { AppError, MAX_MINOR } from '@app/proto';

// What a CSV import refuses, and where: every problem names its line (1-based, the physical line where the record
// starts in the file) and, when it is about one cell, its column. The error is a 422 whose reason is a sentence naming
// the first problem (or the spec's §8 message for a wrong column match); `problems` keeps them all, with a code the web
// can translate (`csv.<code>`) and show with the line and column.

export const CSV_PROBLEM_CODES = [
  'empty-file',
  'no-rows',
  'broken-quote',
  'record-too-large',
  'malformed-csv',
  'too-many-rows',
  'not-an-amount',
  'too-many-decimals',
  'amount-too-large',
  'no-amount',
  'debit-and-credit',
  'not-a-date',
  'ambiguous-date',
  'no-date',
  'not-text',
] as const;
export type CsvProblemCode = (typeof CSV_PROBLEM_CODES)[number];

export interface CsvProblem {
  code: CsvProblemCode;
  /** 1-based line of the file where the record starts; null for the file as a whole */
  line: number | null;
  /** 0-based index of the cell (as in a column mapping); null when the problem is the whole line */
  column: number | null;
  /** the column's header, when the file has one */
  header: string | null;
  /** the cell as read, cut to 60 characters (a NUL byte shown as ␀) */
  value: string | null;
  /** what the problem's text adds: the largest amount the wallet takes, for amount-too-large */
  note?: string | null;
}

const WHAT: Record<CsvProblemCode, string> = {
  'empty-file': 'the file has no rows',
  'no-rows': 'the file has no rows below its header: there is nothing to import',
  'broken-quote': 'a quoted field is not closed or is closed in the wrong place',
  'record-too-large': 'the record is too long (a quote is probably not closed)',
  'malformed-csv': 'the line is not valid CSV',
  'too-many-rows': 'the file has too many rows',
  'not-an-amount': 'is not an amount',
  'too-many-decimals': 'has more decimals than the wallet',
  'amount-too-large': 'is too large an amount',
  'no-amount': 'has no amount',
  'debit-and-credit': 'has both a debit and a credit',
  'not-a-date': 'is not a date in the chosen format',
  'ambiguous-date': 'could be day/month or month/day: choose the date format',
  'no-date': 'has no date',
  'not-text': 'holds a character that is not text (a NUL byte): the file is damaged; export the statement again',
};

/** "Line 12, column 3 (Valor): "12,3,4" is not an amount" */
export function problemText(p: CsvProblem): string {
  const where = [p.line !== null ? `Line ${p.line}` : null, p.column !== null ? `column ${p.column + 1}${p.header ? ` (${p.header})` : ''}` : null]
    .filter(Boolean)
    .join(', ');
  const said = p.note ? `${WHAT[p.code]} (${p.note})` : WHAT[p.code];
  const what = p.value !== null ? `"${p.value}" ${said}` : said;
  return where ? `${where}: ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
}

/** At most this many problems travel with an error: enough to fix a file, not a copy of it. */
export const MAX_PROBLEMS = 20;

export class CsvError extends AppError {
  readonly problems: CsvProblem[];
  constructor(problems: CsvProblem[], reason?: string) {
    super('unprocessable_entity', reason ?? (problems[0] ? problemText(problems[0]) : 'The file could not be read'));
    this.name = 'CsvError';
    this.problems = problems.slice(0, MAX_PROBLEMS);
  }
}

export function problem(
  code: CsvProblemCode,
  line: number | null,
  column: number | null = null,
  header: string | null = null,
  value: string | null = null,
  note: string | null = null,
): CsvProblem {
  // a NUL byte can't be stored (PostgreSQL's text and jsonb refuse it), nor said: it is shown as the symbol for it
  const shown = (s: string | null) => (s === null ? null : s.split('\u0000').join('\u2400'));
  const cell = shown(value);
  return { code, line, column, header: shown(header), value: cell === null ? null : cell.length > 60 ? `${cell.slice(0, 59)}…` : cell, ...(note ? { note } : {}) };
}

/** The largest amount a wallet of `precision` decimals takes (MAX_MINOR minor units), as the problems say it: "90000000000.00". */
export function largestAmountText(precision: number): string {
  const digits = String(MAX_MINOR);
  if (precision <= 0) return digits;
  const padded = digits.padStart(precision + 1, '0');
  return `${padded.slice(0, -precision)}.${padded.slice(-precision)}`;
}

/** The note of an amount-too-large problem. */
export const tooLargeNote = (precision: number) => `at most ${largestAmountText(precision)}`;
