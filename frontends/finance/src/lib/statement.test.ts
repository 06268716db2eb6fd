import { describe, expect, it } from 'vitest';
import {
  checkChoices,
  chooseColumn,
  columnsOf,
  dateColumnOf,
  guessChoices,
  mustChooseDateFormat,
  PREVIEW_REASONS,
  previewDateFormat,
  previewRecords,
  REFUSING,
  splitRows,
  type ColumnChoice,
  type StatementOptions,
} from './statement';

const OPTIONS: StatementOptions = { first_line_is_header: true, ignore_line_one: false, date_format: null, most_items_are: 'outgo', apply_mappings: true };

// a Brazilian bank's statement as the upload answers it (cells, header first)
const ITAU = [
  ['Data', 'Histórico', 'Valor', 'Favorecido'],
  ['01/10/2026', 'PIX RECEBIDO', '1.100,00', 'Fulano'],
  ['02/10/2026', 'UBER *TRIP', '-23,90', 'Uber'],
  ['13/10/2026', 'Padaria', '-8,50', ''],
];

/** Rows as the upload answers them, each starting on the line `lines` says (the next line each, by default). */
const uploaded = (rows: string[][], lines = rows.map((_, i) => i + 1)) => ({ rows, row_lines: lines });

describe('splitting the rows', () => {
  it('takes the header from the first line, or from the second when line one is ignored, keeping the file’s line numbers', () => {
    expect(splitRows(uploaded(ITAU), OPTIONS)).toEqual({ header: ITAU[0], data: [2, 3, 4].map((line) => ({ line, cells: ITAU[line - 1] })) });
    const titled = [['Extrato conta corrente'], ...ITAU];
    const { header, data } = splitRows(uploaded(titled), { first_line_is_header: true, ignore_line_one: true });
    expect([header, data[0].line]).toEqual([ITAU[0], 3]);
    expect(splitRows(uploaded(ITAU.slice(1)), { first_line_is_header: false, ignore_line_one: false }).header).toBeNull();
  });

  it('numbers each row by the line of the file where the upload says it starts, as the import’s problems do, not by its position', () => {
    // a blank line after the header, and a description quoted over two lines on the first record
    const { data } = splitRows(uploaded(ITAU, [1, 3, 5, 6]), OPTIONS);
    expect(data.map((r) => r.line)).toEqual([3, 5, 6]);
    const bad = [...ITAU.slice(0, 2), ['02/10/2026', 'UBER *TRIP', 'abc', 'Uber']];
    const { records } = previewRecords(splitRows(uploaded(bad, [1, 3, 5]), OPTIONS).data, ['date', 'description', 'value', 'third_party'], OPTIONS, 2);
    expect(records.map((r) => [r.line, r.problem])).toEqual([
      [3, null],
      [5, 'not-an-amount'],
    ]);
  });
});

describe('matching columns', () => {
  it('guesses from Portuguese and English header words, each role once', () => {
    const { header, data } = splitRows(uploaded(ITAU), OPTIONS);
    expect(guessChoices(header, data, 4)).toEqual(['date', 'description', 'value', 'third_party']);
    expect(guessChoices(['Date', 'Description', 'Debit', 'Credit', 'Category'], [], 5)).toEqual(['date', 'description', 'debit', 'credit', 'categories']);
    expect(guessChoices(['Data', 'Data valor', 'Valor'], [], 3)).toEqual(['date', 'ignore', 'value']);
  });

  it('guesses from the values when the file has no header: the dates, the amounts, the longest text', () => {
    const { data } = splitRows(uploaded(ITAU.slice(1)), { first_line_is_header: false, ignore_line_one: false });
    expect(guessChoices(null, data, 4)).toEqual(['date', 'description', 'value', 'ignore']);
  });

  it('gives a role to one column: choosing it for another frees the first', () => {
    const choices: ColumnChoice[] = ['date', 'description', 'value', 'third_party'];
    expect(chooseColumn(choices, 3, 'description')).toEqual(['date', 'ignore', 'value', 'description']);
    expect(chooseColumn(choices, 0, 'ignore')).toEqual(['ignore', 'description', 'value', 'third_party']);
    expect(columnsOf(['date', 'ignore', 'value', 'description'])).toEqual({ date: 0, value: 2, description: 3 });
  });

  it('refuses, with spec §8’s messages as the import does, fewer than 3 columns, no amount, an amount and a debit, or no date', () => {
    const columns = 'Please match the header of each column (at least 3 columns required).';
    expect(checkChoices(['date', 'value', 'ignore'])).toBe(columns);
    expect(checkChoices(['description', 'value', 'third_party'])).toBe('The date column or the Date format seems to be wrong.');
    expect(checkChoices(['date', 'description', 'third_party'])).toBe(columns);
    expect(checkChoices(['date', 'value', 'debit', 'description'])).toBe(columns);
    // no date and no amount: the import names the columns first
    expect(checkChoices(['description', 'third_party', 'categories'])).toBe(columns);
    expect(checkChoices(['date', 'value', 'description'])).toBeNull();
    expect(checkChoices(['date', 'debit', 'credit'])).toBeNull();
    // a statement of debits only (or credits only) imports
    expect(checkChoices(['date', 'debit', 'description'])).toBeNull();
    expect(checkChoices(['date', 'credit', 'description'])).toBeNull();
  });
});

describe('the preview of the records', () => {
  it('makes negative amounts outgos and positive ones incomes, in positive minor units, dates as yyyy-mm-dd', () => {
    const { data } = splitRows(uploaded(ITAU), OPTIONS);
    const { records, date_format } = previewRecords(data, ['date', 'description', 'value', 'third_party'], OPTIONS, 2);
    expect(date_format).toBe('dd/mm/yyyy');
    expect(records.map((r) => [r.line, r.klass, r.date, r.value, r.description, r.third_party, r.problem])).toEqual([
      [2, 'Income', '2026-10-01', 110000, 'PIX RECEBIDO', 'Fulano', null],
      [3, 'Outgo', '2026-10-02', 2390, 'UBER *TRIP', 'Uber', null],
      [4, 'Outgo', '2026-10-13', 850, 'Padaria', null, null],
    ]);
  });

  it('makes every row most_items_are when no amount has a sign, and reads a debit and a credit column', () => {
    const unsigned = splitRows(uploaded([['Date', 'Memo', 'Amount'], ['2026-10-01', 'Rent', '1500.00'], ['2026-10-02', 'Salary', '3000.00']]), OPTIONS).data;
    expect(previewRecords(unsigned, ['date', 'description', 'value'], { ...OPTIONS, most_items_are: 'income' }, 2).records.map((r) => r.klass)).toEqual(['Income', 'Income']);
    const pair = splitRows(uploaded([['Date', 'Memo', 'Debit', 'Credit'], ['2026-10-01', 'Rent', '1500.00', ''], ['2026-10-02', 'Salary', '', '3000.00']]), OPTIONS).data;
    expect(previewRecords(pair, ['date', 'description', 'debit', 'credit'], OPTIONS, 2).records.map((r) => [r.klass, r.value])).toEqual([
      ['Outgo', 150000],
      ['Income', 300000],
    ]);
  });

  it('says which rows are left out (no amount, no date, zero) and which would fail the import (a date or amount that does not read)', () => {
    const rows = [['Data', 'Histórico', 'Valor'], ['Saldo anterior', '', ''], ['01/10/2026', 'Tarifa', '0,00'], ['02/10/2026', 'Sem valor', ''], ['03/10/2026', 'Erro', 'abc'], ['31/02/2026', 'Data ruim', '-1,00']];
    const { records } = previewRecords(splitRows(uploaded(rows), OPTIONS).data, ['date', 'description', 'value'], { ...OPTIONS, date_format: 'dd/mm/yyyy' }, 2);
    expect(records.map((r) => [r.line, r.problem])).toEqual([
      [2, 'no-date'],
      [3, 'zero-amount'],
      [4, 'no-amount'],
      [5, 'not-an-amount'],
      [6, 'not-a-date'],
    ]);
  });

  it('reads rows as the import does: a date that does not read fails its line, the closest format reads the others, texts are cut', () => {
    const rows = [['Data', 'Histórico', 'Valor', 'Favorecido'], ['13/10/2026', 'a', '-1,00', ''], ['10/13/2026', 'b', '', ''], ['14/10/2026', 'c'.repeat(1200), '-3,00', 'p'.repeat(250)]];
    const { records, date_format, refusal } = previewRecords(splitRows(uploaded(rows), OPTIONS).data, ['date', 'description', 'value', 'third_party'], OPTIONS, 2);
    expect([date_format, refusal]).toEqual(['dd/mm/yyyy', null]);
    expect(records.map((r) => [r.line, r.date, r.problem, r.description?.length, r.third_party?.length])).toEqual([
      [2, '2026-10-13', null, 1, undefined],
      [3, null, 'not-a-date', 1, undefined],
      [4, '2026-10-14', null, 1000, 200],
    ]);
  });

  it('names an amount the import refuses as the import does (too many decimals, too large, not an amount), each failing the import, and says when no row has a date', () => {
    const rows = [['Data', 'Histórico', 'Valor'], ['01/10/2026', 'decimals', '-1,005'], ['02/10/2026', 'large', '-90.000.000.000,01'], ['03/10/2026', 'text', 'abc'], ['04/10/2026', 'ok', '-2,50']];
    const { records } = previewRecords(splitRows(uploaded(rows), OPTIONS).data, ['date', 'description', 'value'], OPTIONS, 2);
    expect(records.map((r) => r.problem)).toEqual(['too-many-decimals', 'amount-too-large', 'not-an-amount', null]);
    expect(records.map((r) => r.problem && REFUSING.includes(r.problem))).toEqual([true, true, true, null]);
    const undated = previewRecords(splitRows(uploaded([['Data', 'Histórico', 'Valor'], ['Saldo', 'x', '1,00']]), OPTIONS).data, ['date', 'description', 'value'], OPTIONS, 2);
    expect([undated.refusal, undated.date_format, undated.records[0].problem]).toEqual(['The date column or the Date format seems to be wrong.', null, 'no-date']);
  });

  // issue 27 #3 #5
  it('reads the dates as the whole file says (its one format), asks the person when they read two ways, and says a header alone has no rows', () => {
    const two = { column: 0, formats: ['dd/mm/yyyy' as const, 'mm/dd/yyyy' as const], sample: { value: '10/01/2024', line: 2, readings: { 'dd/mm/yyyy': '2024-01-10', 'mm/dd/yyyy': '2024-10-01' } } };
    const one = { column: 0, formats: ['mm/dd/yyyy' as const], sample: null };
    const choices: ColumnChoice[] = ['date', 'description', 'value'];
    expect(dateColumnOf({ date_columns: [two] }, choices)).toBe(two);
    expect(dateColumnOf({ date_columns: [two] }, ['description', 'date', 'value'])).toBeNull();
    expect(dateColumnOf({}, choices)).toBeNull();
    expect([mustChooseDateFormat(two, { date_format: null }), mustChooseDateFormat(two, { date_format: 'mm/dd/yyyy' }), mustChooseDateFormat(one, { date_format: null })]).toEqual([true, false, false]);
    expect([previewDateFormat(two, { date_format: null }), previewDateFormat(two, { date_format: 'mm/dd/yyyy' }), previewDateFormat(one, { date_format: null }), previewDateFormat(null, { date_format: null })]).toEqual([
      null,
      'mm/dd/yyyy',
      'mm/dd/yyyy',
      null,
    ]);
    const empty = previewRecords([], choices, OPTIONS, 2);
    expect([empty.refusal, empty.records]).toEqual([PREVIEW_REASONS.noRows, []]);
  });
});
