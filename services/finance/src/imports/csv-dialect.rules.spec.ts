import { CsvError } from './csv-error';
import { randomBytes } from 'crypto';
import { AppError } from '@app/proto';
import { decodeCsv, detectDelimiter, detectHeader, looksLikeHeader, NOT_CSV_REASONS, parseCsvRows, readCsv, scanCsv, scanCsvRows, sniffNotCsv, type CsvRow } from './csv-dialect.rules';

const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\x80').replace(/“/g, '\x93').replace(/”/g, '\x94'), 'latin1');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

function refusal(fn: () => unknown): CsvError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CsvError) return e;
    throw e;
  }
  throw new Error('expected a CsvError');
}

describe('the encoding of an uploaded statement', () => {
  it.each([
    ['UTF-8 without a BOM', Buffer.from('Descrição;€'), 'utf-8', false],
    ['UTF-8 with a BOM (dropped from the text)', Buffer.from('\ufeffDescrição;€'), 'utf-8', true],
    ['Windows-1252 (not valid UTF-8; 0x80 is €, 0x93 “)', cp1252('Descrição;€ “x”'), 'windows-1252', false],
    ['UTF-16 LE with its BOM (Excel "Unicode text")', utf16le('Descrição;€'), 'utf-16le', true],
  ])('reads %s', (_, bytes, encoding, bom) => {
    const decoded = decodeCsv(bytes);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.bom).toBe(bom);
    expect(decoded.text.startsWith('Descrição;€')).toBe(true);
  });

  it('decodes every Windows-1252 byte of 0x80–0x9F as the WHATWG table says (Node decodes them as Latin-1)', () => {
    const text = decodeCsv(Buffer.from([0x80, 0x8a, 0x91, 0x92, 0x96, 0x99, 0x9f, 0x81, 0xe9])).text;
    expect(text).toBe('€Š‘’–™Ÿ\u0081é');
  });
});

describe('the delimiter of a statement', () => {
  it.each([
    ['semicolons with decimal commas', 'Data;Descrição;Valor\n05/01/2024;Salário;1.234,56\n13/01/2024;Padaria, pão;-45,90\n', ';'],
    ['commas with quoted decimal commas', 'Date,Description,Amount\n2024-01-05,Salary,"1.234,56"\n2024-01-13,"Bakery; bread","-45,90"\n', ','],
    ['commas with decimal points', 'Date,Description,Amount\n2024-01-05,Salary,1234.56\n2024-01-13,Bakery,-45.90\n', ','],
    ['tabs', 'Date\tDescription\tDebit\tCredit\n05.01.2024\tSalary\t\t1.234,56\n13.01.2024\tBakery, bread\t45,90\t\n', '\t'],
    ['pipes', '05-01-2024|Salário|1234,56\n13-01-2024|Padaria; pão|-45,90\n', '|'],
    ['semicolons with a title line above the header', 'Extrato de conta\nData;Descrição;Valor\n05/01/2024;Salário;1.234,56\n13/01/2024;Padaria;-45,90\n', ';'],
    ['semicolons with a quoted field across two lines', 'Data;Descrição;Valor\n05/01/2024;"Salário,\nJaneiro";1.234,56\n13/01/2024;Padaria;-45,90\n', ';'],
  ])('finds %s', (_, text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('whether line one names the columns', () => {
  const rows = (...lines: string[][]): CsvRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));
  it.each([
    ['labels', ['Data', 'Descrição', 'Valor (R$)'], true],
    ['a date and an amount', ['05/01/2024', 'Salário', '1.234,56'], false],
    ['an amount with a currency sign and a D mark', ['Padaria', 'R$ 45,90 D'], false],
    ['an empty line', ['', ''], false],
  ])('%s: header %s', (_, cells, header) => {
    expect(looksLikeHeader(cells)).toBe(header);
  });

  it.each([
    ['a header, then records', rows(['Data', 'Descrição', 'Valor'], ['05/01/2024', 'Salário', '1,00']), { first_line_is_header: true, ignore_line_one: false }],
    ['records only', rows(['05/01/2024', 'Salário', '1,00'], ['06/01/2024', 'Pão', '2,00']), { first_line_is_header: false, ignore_line_one: false }],
    ['a title, a header, then records', rows(['Extrato'], ['Data', 'Descrição', 'Valor'], ['05/01/2024', 'Salário', '1,00']), { first_line_is_header: true, ignore_line_one: true }],
    ['a title, then records', rows(['Extrato'], ['05/01/2024', 'Salário', '1,00']), { first_line_is_header: false, ignore_line_one: true }],
  ])('suggests for %s', (_, input, expected) => {
    expect(detectHeader(input)).toEqual(expected);
  });
});

describe('the rows of a statement, each with the line it starts on', () => {
  it('counts empty lines, CRLF, a lone CR and quoted line breaks, and leaves out rows with no text', () => {
    const text = 'a;b\r\n\r\n1;2\r\n"x\r\ny";3\r\n;\r\n5;6\n7;8\r9;10';
    expect(parseCsvRows(text, ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 4, cells: ['x\r\ny', '3'] },
      { line: 7, cells: ['5', '6'] },
      { line: 8, cells: ['7', '8'] },
      { line: 9, cells: ['9', '10'] },
    ]);
  });

  it('trims cells, keeps quotes inside an unquoted field and reads doubled quotes in a quoted one', () => {
    expect(parseCsvRows(' 05/01/2024 ; Loja "Central" ; "Disse ""oi""" ', ';')).toEqual([{ line: 1, cells: ['05/01/2024', 'Loja "Central"', 'Disse "oi"'] }]);
  });

  it.each([
    ['a quote left open', 'a;b\r\n"p\r\nq";2\r\n5;"bad\r\n6;7\r\n8;9\r\n', {}, 'broken-quote', 4],
    ['a closing quote followed by text', 'a;b\n1;2\n5;"bad"x\n6;7\n', {}, 'broken-quote', 3],
    ['a quote left open that reaches the record size limit', `a;b\n1;"open\n${'x;y\n'.repeat(100)}`, { maxRecordSize: 64 }, 'record-too-large', 2],
    ['more rows than allowed', 'a;b\n1;2\n3;4\n', { maxRows: 2 }, 'too-many-rows', 3],
  ])('refuses %s with the line', (_, text, limits, code, line) => {
    const e = refusal(() => parseCsvRows(text, ';', limits));
    expect(e.problems).toEqual([expect.objectContaining({ code, line })]);
    expect(e.status).toBe(422);
    expect(e.reason).toMatch(new RegExp(`^Line ${line}: `));
  });

  it('refuses a file without rows', () => {
    expect(refusal(() => parseCsvRows('\n ; \n', ';')).problems).toEqual([expect.objectContaining({ code: 'empty-file', line: null })]);
  });

  it('takes the delimiter from an Excel "sep=" line and leaves that line out, the others keeping their numbers', () => {
    const csv = readCsv(Buffer.from('sep=,\r\nData,Valor;Saldo\r\n05/01/2024,1;2\r\n'));
    expect(csv.delimiter).toBe(',');
    expect(csv.rows).toEqual([
      { line: 2, cells: ['Data', 'Valor;Saldo'] },
      { line: 3, cells: ['05/01/2024', '1;2'] },
    ]);
  });

  it('reads an uploaded Windows-1252 file: encoding, delimiter, header and rows', () => {
    expect(readCsv(cp1252('Data;Histórico;Valor\r\n05/01/2024;Salário;1.234,56\r\n'))).toEqual({
      encoding: 'windows-1252',
      bom: false,
      delimiter: ';',
      first_line_is_header: true,
      ignore_line_one: false,
      rows: [
        { line: 1, cells: ['Data', 'Histórico', 'Valor'] },
        { line: 2, cells: ['05/01/2024', 'Salário', '1.234,56'] },
      ],
    });
  });
});

describe('the rows of a statement read as they go by (scanCsvRows, scanCsv)', () => {
  const collect = async (text: string, delimiter: ';' | ',', limits = {}) => {
    const rows: CsvRow[] = [];
    const count = await scanCsvRows(text, delimiter, (r) => rows.push(r), limits);
    return { rows, count };
  };
  const refusedWith = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof CsvError) return e.problems;
      throw e;
    }
    throw new Error('expected a CsvError');
  };

  it('hands over the rows parseCsvRows returns, with their lines (empty lines, a lone CR, a quoted line break)', async () => {
    const text = 'a;b\r\n\r\n1;"x\r\ny"\r2;z\n;\n3;w';
    const { rows, count } = await collect(text, ';');
    expect(rows).toEqual(parseCsvRows(text, ';'));
    expect(rows.map((r) => r.line)).toEqual([1, 3, 5, 7]);
    expect(count).toBe(4);
  });

  it('refuses a broken quote at the line its record starts, as parseCsvRows does, in a file longer than one parser piece', async () => {
    const text = `${'01/01/2024;ação;1,00\n'.repeat(20_000)}02/01/2024;"open;2,00\n03/01/2024;b;3,00\n`;
    expect(await refusedWith(collect(text, ';'))).toEqual([expect.objectContaining({ code: 'broken-quote', line: 20_001 })]);
    expect(() => parseCsvRows(text, ';')).toThrow(expect.objectContaining({ problems: [expect.objectContaining({ code: 'broken-quote', line: 20_001 })] }));
  });

  it('refuses a file without rows and one with more rows than the limit (at the first row over it)', async () => {
    expect(await refusedWith(collect('\n;\n', ';'))).toEqual([expect.objectContaining({ code: 'empty-file' })]);
    expect(await refusedWith(collect('a\n\nb\nc\n', ',', { maxRows: 2 }))).toEqual([expect.objectContaining({ code: 'too-many-rows', line: 4 })]);
  });

  it('tells the dialect and the header from the first rows, as readCsv does, without keeping the rows', async () => {
    const bytes = cp1252('Extrato;;\r\nData;Histórico;Valor\r\n05/01/2024;Café;-1,50\r\n');
    const seen: number[] = [];
    const { rows: _, ...dialect } = readCsv(bytes);
    expect(await scanCsv(bytes, (r) => seen.push(r.line))).toEqual({ ...dialect, rows: 3 });
    expect(seen).toEqual([1, 2, 3]);
  });
});

// issue 27 #4: an .xlsx, a PDF, a PNG and random bytes all got 201 at upload and a column matching of garbage
describe('what is no CSV file at all', () => {
  const zip = (...names: string[]) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), ...names.map((n) => Buffer.from(`\0\0\0\0${n}\x78\x9c`, 'latin1'))]);

  it.each<[string, Buffer, keyof typeof NOT_CSV_REASONS]>([
    ['an Excel workbook (.xlsx)', zip('[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'), 'spreadsheet'],
    ['a LibreOffice sheet (.ods)', zip('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'), 'spreadsheet'],
    ['an Excel 97–2003 workbook (.xls)', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(512)]), 'spreadsheet'],
    ['another zip', zip('photos/a.jpg'), 'binary'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), 'binary'],
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]), 'binary'],
    ['random bytes', randomBytes(4096), 'binary'],
  ])('refuses %s (415) with a reason a person can act on', (_, bytes, kind) => {
    expect(sniffNotCsv(bytes)).toBe(kind);
    let refused: unknown;
    try {
      readCsv(bytes);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).status, (refused as AppError).reason]).toEqual([415, NOT_CSV_REASONS[kind]]);
    expect(NOT_CSV_REASONS[kind].startsWith('This is not a CSV file')).toBe(true);
  });

  it.each<[string, Buffer]>([
    ['a Windows-1252 statement', cp1252('Data;Histórico;Valor\r\n01/10/2026;Pagamento ação “Ü”;-1,00\r\n')],
    ['a UTF-16 one with its BOM', utf16le('Data\tHistórico\tValor\r\n01/10/2026\tação\t-1,00\r\n')],
    ['a UTF-8 one of accented capitals cut in two by the sniff (ÁÍÏÐÝ end in bytes Windows-1252 leaves undefined)', Buffer.from(`Data;Histórico;Valor\n${'13/10/2026;SALÁRIO ÍÏÐÝ;-1,00\n'.repeat(5000)}`, 'utf8')],
    ['a text with one stray NUL byte (its line is refused at import, with its number)', Buffer.from('Data;Histórico;Valor\n13/10/2026;Paga\0mento;-1,00\n14/10/2026;ok;-2,00\n')],
  ])('takes %s', (_, bytes) => {
    expect(sniffNotCsv(bytes)).toBeNull();
    expect(readCsv(bytes).rows.length).toBeGreaterThan(1);
  });
});

