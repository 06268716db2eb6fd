import type { CsvColumns, CsvUploadReply } from '@app/proto';
import { AMOUNT_MAX, IMPORT_REASONS, toTags } from './contract';

// A bank statement on the wallets-upload screen (spec §3 CSV import, §5, §8): which column holds what, guessed from the
// header and changed by the person, and the first rows read as the import will read them, so the preview shows the
// records as they will be saved. The finance service reads the whole file again when the import runs (and decides the
// date format and decimal separator from all of it); this reads only the rows the upload answered. Pure.

/** What a column can be matched to (proto's CsvColumns keys), or nothing. */
export const COLUMN_ROLES = ['date', 'value', 'debit', 'credit', 'description', 'third_party', 'categories'] as const satisfies readonly (keyof CsvColumns)[];
export type ColumnRole = (typeof COLUMN_ROLES)[number];
export type ColumnChoice = ColumnRole | 'ignore';
export const IGNORE = 'ignore';

/** The date formats the service reads, in the order it prefers them (day before month, as most banks write). */
export const STATEMENT_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy', 'dd-mm-yyyy', 'd/m/yy'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

export interface StatementOptions {
  first_line_is_header: boolean;
  ignore_line_one: boolean;
  /** null: the service detects it from the whole file */
  date_format: StatementDateFormat | null;
  most_items_are: 'income' | 'outgo';
  apply_mappings: boolean;
}

export interface StatementRow {
  /** the file's line (1-based) */
  line: number;
  cells: string[];
}

/** The upload's suggestions as the options' starting point. */
export function initialOptions(reply: Pick<CsvUploadReply, 'first_line_is_header' | 'ignore_line_one'>): StatementOptions {
  return { first_line_is_header: reply.first_line_is_header, ignore_line_one: reply.ignore_line_one, date_format: null, most_items_are: 'outgo', apply_mappings: true };
}

/** The header (when the options say there is one) and the rows holding records, with their lines. */
export function splitRows(rows: readonly string[][], options: Pick<StatementOptions, 'first_line_is_header' | 'ignore_line_one'>): { header: string[] | null; data: StatementRow[] } {
  let data = rows.map((cells, i) => ({ line: i + 1, cells }));
  if (options.ignore_line_one) data = data.slice(1);
  let header: string[] | null = null;
  if (options.first_line_is_header && data.length > 0) {
    header = data[0].cells;
    data = data.slice(1);
  }
  return { header, data };
}

// ---- matching columns ---------------------------------------------------------------------------------------------

/** Lower case, accents off: "Histórico" → "historico". */
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** Header words of each role in English and Portuguese (the first role whose words a header has wins). */
const HEADER_WORDS: [ColumnRole, RegExp][] = [
  ['date', /\b(data|date|dia|dt)\b/],
  ['debit', /\b(debito|debit|saida|withdrawal|saque)s?\b/],
  ['credit', /\b(credito|credit|entrada|deposit|deposito)s?\b/],
  ['value', /\b(valor|value|amount|quantia|montante|total)\b/],
  ['description', /\b(historico|descricao|description|memo|lancamento|detalhes?|details|narrative|texto)\b/],
  ['third_party', /\b(favorecido|beneficiario|pagador|recebedor|payee|payer|party|estabelecimento|merchant|nome|name)\b/],
  ['categories', /\b(categorias?|categor(y|ies)|tags?)\b/],
];

/**
 * A first matching of the columns: by the header's words when the file has a header, else by what the first rows hold
 * (dates, amounts, the longest text). Each role goes to one column at most; the rest are ignored.
 */
export function guessChoices(header: string[] | null, data: readonly StatementRow[], columns: number): ColumnChoice[] {
  const out: ColumnChoice[] = Array.from({ length: columns }, () => IGNORE);
  const used = new Set<ColumnRole>();
  const take = (i: number, role: ColumnRole) => {
    if (used.has(role) || out[i] !== IGNORE) return;
    out[i] = role;
    used.add(role);
  };
  if (header) {
    header.forEach((name, i) => {
      // a header's first role only: "Data valor" is a second date, not the amount
      const found = HEADER_WORDS.find(([, words]) => words.test(plain(name)));
      if (found && i < columns) take(i, found[0]);
    });
  }
  const sample = data.slice(0, 20);
  const all = (i: number, test: (s: string) => boolean) => {
    const values = sample.map((r) => (r.cells[i] ?? '').trim()).filter((v) => v !== '');
    return values.length > 0 && values.every(test);
  };
  for (let i = 0; i < columns && !used.has('date'); i++) if (all(i, (v) => detectDateFormat([v]).format !== null)) take(i, 'date');
  if (!used.has('value') && !used.has('debit') && !used.has('credit'))
    for (let i = 0; i < columns && !used.has('value'); i++) if (out[i] === IGNORE && all(i, (v) => /\d/.test(v) && (parseAmount(v, ',', 2).ok || parseAmount(v, '.', 2).ok))) take(i, 'value');
  if (!used.has('description')) {
    let best = -1;
    let length = 0;
    for (let i = 0; i < columns; i++) {
      if (out[i] !== IGNORE) continue;
      const total = sample.reduce((n, r) => n + ((r.cells[i] ?? '').trim().length || 0), 0);
      if (total > length && all(i, (v) => /[a-z]/i.test(v))) [best, length] = [i, total];
    }
    if (best >= 0) take(best, 'description');
  }
  return out;
}

/** Choosing a role for one column takes it from the column that had it: a role is one column's. */
export function chooseColumn(choices: readonly ColumnChoice[], index: number, choice: ColumnChoice): ColumnChoice[] {
  return choices.map((c, i) => (i === index ? choice : choice !== IGNORE && c === choice ? IGNORE : c));
}

/** The columns as the import takes them: each role's 0-based index. */
export function columnsOf(choices: readonly ColumnChoice[]): CsvColumns {
  const out: Partial<Record<ColumnRole, number>> = {};
  choices.forEach((c, i) => {
    if (c !== IGNORE) out[c] = i;
  });
  return out as CsvColumns;
}

/**
 * Spec §5 before sending: at least 3 columns matched, one of them the date, and an amount (one value column, or a
 * debit and a credit column). Null when fine, else the reason of spec §8 the service would answer.
 */
export function checkChoices(choices: readonly ColumnChoice[]): string | null {
  const roles = new Set(choices.filter((c): c is ColumnRole => c !== IGNORE));
  if (roles.size < 3) return IMPORT_REASONS.columns;
  if (!roles.has('date')) return IMPORT_REASONS.date;
  const value = roles.has('value');
  const pair = roles.has('debit') && roles.has('credit');
  if (value === (roles.has('debit') || roles.has('credit')) || (!value && !pair)) return IMPORT_REASONS.columns;
  return null;
}

// ---- reading cells as the service does ------------------------------------------------------------------------------

export type DecimalMark = ',' | '.';
const otherMark = (s: DecimalMark): DecimalMark => (s === ',' ? '.' : ',');

/**
 * The decimal separator of a set of amounts, by votes: both marks in a value → the last one is decimal (1.234,56); one
 * mark twice → thousands (1.234.567); one mark with 3 digits after a short leading group → thousands when the wallet
 * has under 3 decimals (1.234 in reais); otherwise decimal. No votes: a point.
 */
export function detectDecimalMark(values: Iterable<string>, precision: number): DecimalMark {
  const votes = { ',': 0, '.': 0 };
  for (const value of values) {
    const core = value.replace(/[^\d.,]/g, '');
    const at = Math.max(core.lastIndexOf(','), core.lastIndexOf('.'));
    if (at < 0) continue;
    const last = core[at] as DecimalMark;
    if (core.includes(otherMark(last))) votes[last]++;
    else if (core.indexOf(last) !== at) votes[otherMark(last)]++;
    else {
      const after = core.length - at - 1;
      const lead = core.slice(0, at);
      if (after === 0) continue;
      if (after === 3 && lead !== '' && !lead.startsWith('0') && lead.length <= 3) {
        if (precision < 3) votes[otherMark(last)]++;
      } else votes[last]++;
    }
  }
  return votes[','] > votes['.'] ? ',' : '.';
}

export type AmountRead = { ok: true; minor: number } | { ok: false };

const CURRENCY = '(?:R\\$|US\\$|\\$|€|£)';
const LEADING = new RegExp(`^(?:\\s+|${CURRENCY}|[-−+])`);
const TRAILING_CURRENCY = new RegExp(`\\s*${CURRENCY}$`);
const DEBIT_CREDIT_MARK = /(?<=\d)\s*(DR|CR|D|C)$/i;
const NUMBER = { ',': /^(\d{1,3}(?:[.\s'’]\d{3})+|\d*),?(\d*)$/, '.': /^(\d{1,3}(?:[,\s'’]\d{3})+|\d*)\.?(\d*)$/ };

/**
 * An amount cell in signed minor units: thousands grouped, negative with a `-` before or after, parentheses or a D/DR
 * mark, currency signs around it; more decimals than the wallet keeps are refused unless zeros.
 */
export function parseAmount(text: string, decimal: DecimalMark, precision: number): AmountRead {
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
    if (mark[1].toUpperCase().startsWith('D')) negative = !negative;
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
  if (marks > 1) return { ok: false };
  const parts = NUMBER[decimal].exec(s);
  if (!parts || !/\d/.test(s) || (parts[2] === '' && s.endsWith(decimal))) return { ok: false };
  let fraction = parts[2];
  if (fraction.length > precision) {
    if (/[^0]/.test(fraction.slice(precision))) return { ok: false };
    fraction = fraction.slice(0, precision);
  }
  const digits = (parts[1].replace(/\D/g, '') + fraction.padEnd(precision, '0')).replace(/^0+/, '');
  if (digits.length > 16 || Number(digits) > AMOUNT_MAX) return { ok: false };
  const minor = Number(digits || '0');
  return { ok: true, minor: negative && minor !== 0 ? -minor : minor };
}

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

/** A date cell in the format as yyyy-mm-dd, or null (31/02/2026 is none). yy: 00–69 → 20yy. */
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
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The formats that read every date (the first is the guess; several: the dates don't say, e.g. all days ≤ 12). */
export function detectDateFormat(values: readonly string[]): { format: StatementDateFormat | null; candidates: StatementDateFormat[] } {
  let alive: StatementDateFormat[] = [...STATEMENT_DATE_FORMATS];
  for (const v of values) if (v.trim() !== '') alive = alive.filter((f) => parseStatementDate(v, f) !== null);
  return { format: alive[0] ?? null, candidates: alive };
}

// ---- the preview ----------------------------------------------------------------------------------------------------

/** Why a row would not be saved as it reads: left out (no money, no date) or refused (the import fails on it). */
export type RowProblem = 'no-amount' | 'no-date' | 'zero-amount' | 'not-a-date' | 'not-an-amount' | 'debit-and-credit';
/** Problems that make the whole import fail (the others only leave their line out). */
export const REFUSING: readonly RowProblem[] = ['not-a-date', 'not-an-amount', 'debit-and-credit'];

export interface PreviewRecord {
  line: number;
  klass: 'Income' | 'Outgo';
  date: string | null;
  /** positive minor units */
  value: number | null;
  description: string | null;
  third_party: string | null;
  categories: string[];
  problem: RowProblem | null;
}

/** What a preview record looks like to the mapping rules (lib/mapping-rules.ts applyRules). */
export type Mapper = (record: PreviewRecord) => PreviewRecord;

const cellAt = (cells: readonly string[], i: number | null | undefined) => (typeof i === 'number' ? (cells[i] ?? '').trim() : '');
const textAt = (cells: readonly string[], i: number | null | undefined) => cellAt(cells, i).replace(/\s+/g, ' ') || null;

/**
 * The data rows as records: dates in the chosen format (else the one the rows suggest), amounts with the rows' decimal
 * separator at the wallet's decimals, negative (or debit) ones outgos and positive ones incomes — or all of
 * most_items_are when no amount has a sign — then, when asked, the mapping rules.
 */
export function previewRecords(data: readonly StatementRow[], choices: readonly ColumnChoice[], options: StatementOptions, precision: number, mapper?: Mapper): { records: PreviewRecord[]; date_format: StatementDateFormat | null } {
  const cols = columnsOf(choices);
  const dateCells = data.map((r) => {
    const v = cellAt(r.cells, cols.date);
    return /\d/.test(v) ? v : '';
  });
  const format = options.date_format ?? detectDateFormat(dateCells).format;
  const pair = typeof cols.value !== 'number';
  const amountCells = data.flatMap((r) => (pair ? [cellAt(r.cells, cols.debit), cellAt(r.cells, cols.credit)] : [cellAt(r.cells, cols.value)]));
  const decimal = detectDecimalMark(amountCells, precision);
  const read = (text: string): AmountRead => (text === '' ? { ok: true, minor: 0 } : parseAmount(text, decimal, precision));
  const rows = data.map((r, i) => {
    let amount: AmountRead;
    let problem: RowProblem | null = null;
    if (pair) {
      const d = read(cellAt(r.cells, cols.debit));
      const c = read(cellAt(r.cells, cols.credit));
      amount = d.ok && c.ok ? { ok: true, minor: Math.abs(c.minor) - Math.abs(d.minor) } : { ok: false };
      if (d.ok && c.ok && d.minor !== 0 && c.minor !== 0) problem = 'debit-and-credit';
      if (cellAt(r.cells, cols.debit) === '' && cellAt(r.cells, cols.credit) === '') problem = dateCells[i] === '' ? 'no-date' : 'no-amount';
    } else {
      const text = cellAt(r.cells, cols.value);
      amount = read(text);
      if (text === '') problem = dateCells[i] === '' ? 'no-date' : 'no-amount';
    }
    const date = dateCells[i] === '' || !format ? null : parseStatementDate(dateCells[i], format);
    if (!problem && !amount.ok) problem = 'not-an-amount';
    if (!problem && dateCells[i] !== '' && date === null) problem = 'not-a-date';
    if (!problem && dateCells[i] === '') problem = 'no-date';
    if (!problem && amount.ok && amount.minor === 0) problem = 'zero-amount';
    return { r, date, minor: amount.ok ? amount.minor : null, problem };
  });
  const signed = pair || rows.some((x) => x.minor !== null && x.minor < 0 && !x.problem);
  const unsigned = options.most_items_are === 'income' ? 'Income' : 'Outgo';
  const records = rows.map(({ r, date, minor, problem }): PreviewRecord => {
    const record: PreviewRecord = {
      line: r.line,
      klass: signed && minor !== null ? (minor < 0 ? 'Outgo' : 'Income') : unsigned,
      date,
      value: minor === null ? null : Math.abs(minor),
      description: textAt(r.cells, cols.description),
      third_party: textAt(r.cells, cols.third_party),
      categories: toTags(cellAt(r.cells, cols.categories)),
      problem,
    };
    return !problem && options.apply_mappings && mapper ? mapper(record) : record;
  });
  return { records, date_format: format };
}
