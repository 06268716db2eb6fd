import {
  checkStatementColumns,
  detectStatementDateFormat,
  parseStatementAmount,
  readStatementLines,
  STATEMENT_FIELDS,
  STATEMENT_REASONS,
  statementDataRows,
  type CsvColumns,
  type CsvDateColumn,
  type CsvUploadReply,
  type StatementDateFormat,
  type StatementLine,
  type StatementProblem,
  type StatementRow,
  type StatementSkip,
} from '@app/proto';

// A bank statement on the wallets-upload screen (spec §3 CSV import, §5, §8): which column holds what, guessed from the
// header and changed by the person, and the first rows read as the import will read them, so the preview shows the
// records as they will be saved. Reading the rows is proto's statement rules (proto/src/finance-statement.ts), the
// ones the finance service runs on the whole file when the import runs (it decides the decimal separator from all of
// it; this sees only the rows the upload answered). The dates are read as the whole file says (the upload's
// date_columns): in its one format, or, when its dates read as different days in two, in the one the person chooses.
// Pure.

export { STATEMENT_DATE_FORMATS, type StatementDateFormat, type StatementRow } from '@app/proto';

/** What a column can be matched to (proto's CsvColumns keys), or nothing. */
export const COLUMN_ROLES = STATEMENT_FIELDS satisfies readonly (keyof CsvColumns)[];
export type ColumnRole = (typeof COLUMN_ROLES)[number];
export type ColumnChoice = ColumnRole | 'ignore';
export const IGNORE = 'ignore';

export interface StatementOptions {
  first_line_is_header: boolean;
  ignore_line_one: boolean;
  /** null: the service detects it from the whole file */
  date_format: StatementDateFormat | null;
  most_items_are: 'income' | 'outgo';
  apply_mappings: boolean;
}

/** The upload's suggestions as the options' starting point. */
export function initialOptions(reply: Pick<CsvUploadReply, 'first_line_is_header' | 'ignore_line_one'>): StatementOptions {
  return { first_line_is_header: reply.first_line_is_header, ignore_line_one: reply.ignore_line_one, date_format: null, most_items_are: 'outgo', apply_mappings: true };
}

/**
 * The header (when the options say there is one) and the rows holding records, each with the line of the file where it
 * starts as the upload answered it (the line the import's problems name; blank lines and quoted line breaks make it
 * differ from the row's position).
 */
export function splitRows(
  upload: Pick<CsvUploadReply, 'rows' | 'row_lines'>,
  options: Pick<StatementOptions, 'first_line_is_header' | 'ignore_line_one'>,
): { header: string[] | null; data: StatementRow[] } {
  const { headers, data } = statementDataRows(
    upload.rows.map((cells, i) => ({ line: upload.row_lines[i], cells })),
    options,
  );
  return { header: headers, data };
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
  for (let i = 0; i < columns && !used.has('date'); i++) if (all(i, (v) => detectStatementDateFormat([v]).format !== null)) take(i, 'date');
  if (!used.has('value') && !used.has('debit') && !used.has('credit'))
    for (let i = 0; i < columns && !used.has('value'); i++) if (out[i] === IGNORE && all(i, (v) => /\d/.test(v) && (parseStatementAmount(v, ',', 2).ok || parseStatementAmount(v, '.', 2).ok))) take(i, 'value');
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
 * Spec §5 before sending, as the import checks it: at least 3 columns matched, an amount (one value column, or debit
 * and/or credit columns) and the date. Null when fine, else the reason of spec §8 the service would answer.
 */
export function checkChoices(choices: readonly ColumnChoice[]): string | null {
  const refusal = checkStatementColumns(columnsOf(choices), choices.length);
  return refusal && STATEMENT_REASONS[refusal];
}

// ---- the preview ----------------------------------------------------------------------------------------------------

/** Why a row would not be saved as it reads: left out (no money, no date) or refused (the import fails on it). */
export type RowProblem = StatementSkip | StatementProblem['code'];
/** Problems that make the whole import fail (the others only leave their line out). */
export const REFUSING: readonly RowProblem[] = ['not-a-date', 'not-an-amount', 'too-many-decimals', 'amount-too-large', 'debit-and-credit', 'not-text'];

/** The import's refusals the preview says before Import (the service's words, translated as its reasons are). */
export const PREVIEW_REASONS = {
  noRows: 'The file has no rows below its header: there is nothing to import',
  ambiguousDates: 'The dates read as day/month or as month/day: choose the date format',
} as const;

// ---- the dates -------------------------------------------------------------------------------------------------------

/** The whole file's reading of the column matched as the date (the upload's date_columns), if it holds dates. */
export function dateColumnOf(upload: Partial<Pick<CsvUploadReply, 'date_columns'>>, choices: readonly ColumnChoice[]): CsvDateColumn | null {
  const column = choices.indexOf('date');
  return column < 0 ? null : ((upload.date_columns ?? []).find((c) => c.column === column) ?? null);
}

/** Whether the person must choose how to read the dates: they read as different days in two formats, none chosen. */
export function mustChooseDateFormat(column: CsvDateColumn | null, options: Pick<StatementOptions, 'date_format'>): boolean {
  return !options.date_format && !!column?.sample && column.formats.length > 1;
}

/** The format the preview reads the dates with: the chosen one, else the one the whole file settles (null: the rows say). */
export function previewDateFormat(column: CsvDateColumn | null, options: Pick<StatementOptions, 'date_format'>): StatementDateFormat | null {
  if (options.date_format) return options.date_format;
  return column && (column.formats.length === 1 || !column.sample) ? (column.formats[0] ?? null) : null;
}

/**
 * A line as the import reads it (proto's StatementLine), with one problem: why it would be left out or refused, and its
 * date cell as written (shown while the person has not said how the file's dates read).
 */
export type PreviewRecord = Omit<StatementLine, 'skipped' | 'problem'> & { problem: RowProblem | null; date_text?: string };

/** A line's reason: why it is left out, else why the import fails on it, as the import names it. */
const problemOf = (line: StatementLine): RowProblem | null => line.skipped ?? line.problem?.code ?? null;

/**
 * The data rows as the import reads them (proto's readStatementLines, see there): dates in the given format (else the
 * one the rows suggest), amounts with the rows' decimal separator at the wallet's decimals, negative (or debit) ones
 * outgos and positive ones incomes — or all of most_items_are when no amount has a sign. The mapping rules are the
 * service's to apply (lib/mapping-rules.ts withMapped). `refusal`: the import would refuse these rows as a whole (no
 * rows at all; no date in them, spec §8's message).
 */
export function previewRecords(
  data: readonly StatementRow[],
  choices: readonly ColumnChoice[],
  options: StatementOptions,
  precision: number,
): { records: PreviewRecord[]; date_format: StatementDateFormat | null; refusal: string | null } {
  if (data.length === 0) return { records: [], date_format: options.date_format, refusal: PREVIEW_REASONS.noRows };
  const reading = readStatementLines(data, columnsOf(choices), { date_format: options.date_format, most_items_are: options.most_items_are, precision });
  const dateColumn = choices.indexOf('date');
  const records = reading.lines.map((l, i): PreviewRecord => {
    const record: PreviewRecord = {
      ...(dateColumn >= 0 ? { date_text: (data[i].cells[dateColumn] ?? '').trim() } : {}),
      line: l.line,
      klass: l.klass,
      date: l.date,
      value: l.value,
      description: l.description,
      third_party: l.third_party,
      categories: l.categories,
      problem: problemOf(l),
    };
    return record;
  });
  return { records, date_format: reading.date_format, refusal: reading.refusal && STATEMENT_REASONS[reading.refusal] };
}
