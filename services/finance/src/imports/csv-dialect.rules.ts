import { parse as parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { decodeText } from '@app/platform';
import { AppError } from '@app/proto';
import { CsvError, problem, type CsvProblemCode } from './csv-error';

// How a bank statement is written (spec §3 CSV import, issue 14 item 4): its encoding, its delimiter, whether line one
// holds the column names, and its rows, each with the line of the file where it starts (so every later refusal can
// name it). Banks export in UTF-8 (with or without a BOM), in Windows-1252 (Excel and most Brazilian banks) and,
// from Excel's "Unicode text", in UTF-16 with a BOM; the delimiter is `;` where the decimal separator is a comma, `,`
// elsewhere, sometimes a tab or `|`.

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** One record of the file: its cells (trimmed) and the 1-based line where it starts. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface DecodedCsv {
  encoding: CsvEncoding;
  bom: boolean;
  text: string;
}

/** What readCsv found; first_line_is_header and ignore_line_one are suggestions the person can change. */
export interface CsvDialect {
  encoding: CsvEncoding;
  bom: boolean;
  delimiter: CsvDelimiter;
  /** the first line (after an ignored one) names the columns */
  first_line_is_header: boolean;
  /** line one is a title above the header (a single label, then a line of labels) */
  ignore_line_one: boolean;
}

export interface ParsedCsv extends CsvDialect {
  /** every non-empty record, line one included */
  rows: CsvRow[];
}

export interface CsvLimits {
  /** characters in one record; a quote left open stops here instead of swallowing the file */
  maxRecordSize?: number;
  /** non-empty records in the file */
  maxRows?: number;
}
export const DEFAULT_CSV_LIMITS: Required<CsvLimits> = { maxRecordSize: 64 * 1024, maxRows: 1_000_000 };

// ---- encoding -----------------------------------------------------------------------------------------------------

// Windows-1252 through the platform's decoder (Node 20's own reads 0x80–0x9F as C1 controls: decode-text.ts).

/** The file's text: UTF-16 or UTF-8 when it starts with their BOM, UTF-8 when it is valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: true, text: new TextDecoder('utf-16le').decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: true, text: new TextDecoder('utf-16be').decode(bytes) };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    // the decoder drops the BOM itself
    return { encoding: 'utf-8', bom, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'windows-1252', bom: false, text: decodeText(bytes, 'windows-1252') };
  }
}

// ---- not a text file ----------------------------------------------------------------------------------------------

/** Why a file is refused as no statement at all (415), in words a person can act on. */
export const NOT_CSV_REASONS = {
  binary: 'This is not a CSV file',
  spreadsheet:
    'This is not a CSV file: it is a spreadsheet (Excel or LibreOffice). Open it there and save it as CSV (File › Save as › CSV), or export the statement as CSV from your bank, then upload that file',
} as const;

const starts = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** the bytes a sniff looks at */
const SNIFF_BYTES = 64 * 1024;

/**
 * Whether the bytes are a file of another kind than text: a spreadsheet (an Office Open XML or OpenDocument zip, an
 * old .xls), another known binary (PDF, images, archives), or bytes that are no text at all (random bytes: more than
 * 1 % control characters in the first 64 KB once decoded). A text file with a stray NUL byte is still a statement:
 * its line is refused when imported, with its number. Null for text.
 */
export function sniffNotCsv(bytes: Uint8Array): keyof typeof NOT_CSV_REASONS | null {
  let head = bytes.subarray(0, SNIFF_BYTES);
  if (starts(head, 0x50, 0x4b, 0x03, 0x04) || starts(head, 0x50, 0x4b, 0x05, 0x06)) {
    // a zip: .xlsx holds xl/…, .ods names its mimetype first
    const names = Buffer.from(head).toString('latin1');
    return /xl\/|opendocument\.spreadsheet|\[Content_Types\]\.xml/.test(names) ? 'spreadsheet' : 'binary';
  }
  // OLE2 compound file: an .xls of Excel 97–2003 (or another old Office file)
  if (starts(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'spreadsheet';
  const signatures = [
    ascii('%PDF-'),
    [0x89, 0x50, 0x4e, 0x47],
    ascii('GIF8'),
    [0xff, 0xd8, 0xff],
    [0x1f, 0x8b],
    ascii('BZh'),
    [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
    ascii('Rar!'),
    [0x00, 0x00, 0x01, 0x00],
  ];
  if (signatures.some((sig) => starts(head, ...sig))) return 'binary';
  // cut after a line feed, so a UTF-8 character is not cut in two (the cut text would read as Windows-1252)
  if (bytes.length > SNIFF_BYTES) {
    const end = head.lastIndexOf(0x0a);
    if (end > 0) head = head.subarray(0, end + 1);
  }
  const { text } = decodeCsv(head);
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // C0 controls but tab, line feed, form feed and carriage return; DEL; the C1 controls Windows-1252 leaves undefined
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) controls++;
  }
  return controls > 8 && controls > text.length / 100 ? 'binary' : null;
}

/** Refuses (415, "This is not a CSV file") bytes that are no statement (sniffNotCsv). */
export function refuseNotCsv(bytes: Uint8Array): void {
  const kind = sniffNotCsv(bytes);
  if (kind) throw new AppError('unsupported_media_type', NOT_CSV_REASONS[kind]);
}

// ---- delimiter ----------------------------------------------------------------------------------------------------

const SAMPLE_RECORDS = 50;
const SAMPLE_CHARS = 64 * 1024;

/** Fields per record over the first records, for one delimiter: quotes (opening a field) hide delimiters and newlines. */
export function sampleFieldCounts(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  const end = Math.min(text.length, SAMPLE_CHARS);
  let fields = 1;
  let inQuotes = false;
  let atFieldStart = true;
  let content = false;
  for (let i = 0; i < end && counts.length < SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (content) counts.push(fields);
      fields = 1;
      atFieldStart = true;
      content = false;
      continue;
    }
    if (c === delimiter) {
      fields++;
      atFieldStart = true;
      content = true;
      continue;
    }
    if (c === ' ' && atFieldStart) continue;
    if (c === '"' && atFieldStart) inQuotes = true;
    atFieldStart = false;
    content = true;
  }
  // the last record counts when the sample holds all of it
  if (content && !inQuotes && end === text.length && counts.length < SAMPLE_RECORDS) counts.push(fields);
  return counts;
}

/**
 * The delimiter that splits the first records into the most consistent number of columns (at least 2): the share of
 * records with the usual count first, then the larger count (a `;` file with decimal commas splits evenly by `,` too,
 * into fewer columns), then the order `;`, `,`, tab, `|`.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; share: number; columns: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = sampleFieldCounts(text, delimiter);
    if (counts.length === 0) continue;
    const freq = new Map<number, number>();
    for (const n of counts) freq.set(n, (freq.get(n) ?? 0) + 1);
    let columns = 0;
    let times = 0;
    for (const [n, t] of freq) if (t > times || (t === times && n > columns)) [columns, times] = [n, t];
    if (columns < 2) continue;
    const share = times / counts.length;
    if (!best || share > best.share || (share === best.share && columns > best.columns)) best = { delimiter, share, columns };
  }
  return best?.delimiter ?? ',';
}

// ---- header -------------------------------------------------------------------------------------------------------

/** A cell made of digits and punctuation (an amount, a date), currency signs and a D/C mark aside. */
export function looksLikeValue(cell: string): boolean {
  const bare = cell.replace(/R\$|US\$|[$€£]/g, '').replace(/\s(?:D|C|DR|CR)$/i, '');
  return /\d/.test(bare) && !/\p{L}/u.test(bare);
}

/** A line of labels: something written, and no cell that looks like an amount or a date. */
export function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c !== '') && !cells.some(looksLikeValue);
}

const filled = (cells: string[]) => cells.filter((c) => c !== '').length;

/** Whether line one names the columns, or is a title (one cell over several columns) to ignore. */
export function detectHeader(rows: CsvRow[]): Pick<CsvDialect, 'first_line_is_header' | 'ignore_line_one'> {
  const [first, second] = rows;
  if (first && second && filled(first.cells) === 1 && filled(second.cells) > 1) {
    return { ignore_line_one: true, first_line_is_header: looksLikeHeader(second.cells) };
  }
  return { ignore_line_one: false, first_line_is_header: !!first && looksLikeHeader(first.cells) };
}

// ---- rows ---------------------------------------------------------------------------------------------------------

const PARSER_ERRORS: Record<string, CsvProblemCode> = {
  CSV_QUOTE_NOT_CLOSED: 'broken-quote',
  CSV_INVALID_CLOSING_QUOTE: 'broken-quote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'broken-quote',
  CSV_MAX_RECORD_SIZE: 'record-too-large',
};

/** Line breaks (CRLF, LF or a lone CR) in a cell: a quoted field across lines. */
function lineBreaks(cell: string): number {
  if (cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) return 0;
  return cell.match(/\r\n|\r|\n/g)!.length;
}

const PARSE_OPTIONS = {
  record_delimiter: ['\r\n', '\n', '\r'],
  bom: true,
  relax_column_count: true,
  // a quote inside an unquoted field (Loja "X") is text; a field that opens a quote must close it
  relax_quotes: true,
  trim: true,
  // an empty line is a record, so every line is in some record and lines can be counted from the records
  skip_empty_lines: false,
};

/** The records as the parser gives them, each with the line where it starts (empty ones included). */
function withLines(records: string[][]): CsvRow[] {
  let line = 1;
  return records.map((cells) => {
    const row = { line, cells };
    line += 1;
    for (const c of cells) line += lineBreaks(c);
    return row;
  });
}

/**
 * The records of the text, cells trimmed, rows of empty cells left out, each with the line where it starts. A quote
 * left open or a closing quote followed by text is refused with the line where its record starts. (Lines are counted
 * from the records here: the parser's own count, asked per record, doubles the time and counts a quoted CRLF twice.)
 */
export function parseCsvRows(text: string, delimiter: CsvDelimiter, limits: CsvLimits = {}): CsvRow[] {
  const { maxRecordSize, maxRows } = { ...DEFAULT_CSV_LIMITS, ...limits };
  const options = { ...PARSE_OPTIONS, delimiter, max_record_size: maxRecordSize };
  let records: string[][];
  try {
    records = parse(text, options) as string[][];
  } catch (e) {
    const { code, records: before } = e as { code?: string; records?: number };
    // the records before the broken one read fine: they say where it starts
    let good: CsvRow[] = [];
    try {
      if (before) good = withLines(parse(text, { ...options, to: before }) as string[][]);
    } catch {
      // then the line is unknown: say line 1 rather than nothing
    }
    const last = good[good.length - 1];
    const line = last ? last.line + 1 + last.cells.reduce((n, c) => n + lineBreaks(c), 0) : 1;
    throw new CsvError([problem(PARSER_ERRORS[code ?? ''] ?? 'malformed-csv', line)]);
  }
  const rows = withLines(records).filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) throw new CsvError([problem('empty-file', null)]);
  if (rows.length > maxRows) throw new CsvError([problem('too-many-rows', rows[maxRows].line)]);
  return rows;
}

// Excel writes "sep=;" as line one to say its delimiter
const EXCEL_SEP = /^sep=([;,\t|])(?=\r|\n|$)/;

/** A file's text (Excel's "sep=" line emptied, not removed, so the lines keep their numbers) and its delimiter. */
function csvText(bytes: Uint8Array): DecodedCsv & { delimiter: CsvDelimiter } {
  refuseNotCsv(bytes);
  const { encoding, bom, text } = decodeCsv(bytes);
  const sep = EXCEL_SEP.exec(text);
  if (!sep) return { encoding, bom, text, delimiter: detectDelimiter(text) };
  return { encoding, bom, text: text.slice(sep[0].length), delimiter: sep[1] as CsvDelimiter };
}

/** Reads an uploaded file: encoding, delimiter, header suggestion and rows. Throws CsvError with the line. */
export function readCsv(bytes: Uint8Array, limits: CsvLimits = {}): ParsedCsv {
  const { encoding, bom, text, delimiter } = csvText(bytes);
  const rows = parseCsvRows(text, delimiter, limits);
  return { encoding, bom, delimiter, ...detectHeader(rows), rows };
}

// ---- streaming ----------------------------------------------------------------------------------------------------

/** Bytes handed to the parser at a time: the records of one piece wait in its buffer, never the whole file's. */
const SCAN_PIECE = 256 * 1024;

/**
 * The non-empty records of the text handed one at a time to `visit` as the parser reads them (cells trimmed, each with
 * the line where it starts), none kept: what parseCsvRows does for a file too large to hold as rows (a 100,000-row
 * statement's rows are tens of megabytes). The same refusals, with the same lines: a broken quote or an oversized
 * record at the line where its record starts, no rows (empty-file), more than maxRows (too-many-rows) — the last two
 * once the whole text is read, so `visit` may have seen rows of a file that is refused.
 */
export async function scanCsvRows(text: string, delimiter: CsvDelimiter, visit: (row: CsvRow) => void, limits: CsvLimits = {}): Promise<number> {
  const { maxRecordSize, maxRows } = { ...DEFAULT_CSV_LIMITS, ...limits };
  const bytes = Buffer.from(text);
  const csv = parser({ ...PARSE_OPTIONS, delimiter, max_record_size: maxRecordSize });
  let line = 1;
  let rows = 0;
  let tooMany: number | null = null;
  csv.on('data', (cells: string[]) => {
    const row = { line, cells };
    line += 1;
    for (const c of cells) line += lineBreaks(c);
    if (!cells.some((c) => c !== '')) return;
    rows++;
    if (rows > maxRows) {
      tooMany ??= row.line;
      return;
    }
    visit(row);
  });
  let failed = false;
  const ended = new Promise<void>((resolve, reject) => {
    csv.on('end', resolve);
    // the records before the broken one were counted: `line` is where it starts
    csv.on('error', (e: { code?: string }) => {
      failed = true;
      reject(new CsvError([problem(PARSER_ERRORS[e.code ?? ''] ?? 'malformed-csv', line)]));
    });
  });
  ended.catch(() => undefined);
  for (let at = 0; at < bytes.length && !failed; at += SCAN_PIECE) {
    if (!csv.write(bytes.subarray(at, at + SCAN_PIECE))) await Promise.race([new Promise((r) => csv.once('drain', r)), ended]);
  }
  if (!failed) csv.end();
  await ended;
  if (rows === 0) throw new CsvError([problem('empty-file', null)]);
  if (tooMany !== null) throw new CsvError([problem('too-many-rows', tooMany)]);
  return rows;
}

/** A file's text and dialect without its rows (readCsv for a file read by scanCsvRows): the header found from its first two rows. */
export async function scanCsv(bytes: Uint8Array, visit: (row: CsvRow) => void, limits: CsvLimits = {}): Promise<CsvDialect & { rows: number }> {
  const { encoding, bom, text, delimiter } = csvText(bytes);
  const firstTwo: CsvRow[] = [];
  const rows = await scanCsvRows(
    text,
    delimiter,
    (row) => {
      if (firstTwo.length < 2) firstTwo.push(row);
      visit(row);
    },
    limits,
  );
  return { encoding, bom, delimiter, ...detectHeader(firstTwo), rows };
}
