import { detectDateFormat, detectDecimalSeparator, parseAmount, parseDate, parseDebitCredit, type DateFormat, type DecimalSeparator } from './csv-values.rules';

describe('amounts in minor units', () => {
  it.each<[string, DecimalSeparator, number, number]>([
    ['1.234,56', ',', 2, 123456],
    ['-1.234,56', ',', 2, -123456],
    ['1.234,56-', ',', 2, -123456],
    ['(1,234.56)', '.', 2, -123456],
    ['1,234.56', '.', 2, 123456],
    ['1 234,56', ',', 2, 123456],
    ["1'234.56", '.', 2, 123456],
    ['1\u00a0234,56', ',', 2, 123456],
    ['R$ 1.234,56', ',', 2, 123456],
    ['-R$ 45,90', ',', 2, -4590],
    ['R$ -45,90', ',', 2, -4590],
    ['US$ 45.90', '.', 2, 4590],
    ['$45.90', '.', 2, 4590],
    ['45,90 €', ',', 2, 4590],
    ['(€ 45,90)', ',', 2, -4590],
    ['+45,90', ',', 2, 4590],
    ['45,90 D', ',', 2, -4590],
    ['45,90 C', ',', 2, 4590],
    ['45.90 DR', '.', 2, -4590],
    ['45,9', ',', 2, 4590],
    [',5', ',', 2, 50],
    ['1234', ',', 2, 123400],
    ['1.234', ',', 2, 123400],
    ['12,500', ',', 2, 1250],
    ['1.234', '.', 3, 1234],
    ['1,234', '.', 0, 1234],
    ['0,00', ',', 2, 0],
    ['-0,00', ',', 2, 0],
  ])('reads %j (decimal %j, %i decimals) as %i', (text, decimal, precision, minor) => {
    expect(parseAmount(text, decimal, precision)).toEqual({ ok: true, minor });
  });

  it.each<[string, DecimalSeparator, number, string]>([
    ['abc', ',', 2, 'not-an-amount'],
    ['', ',', 2, 'not-an-amount'],
    ['-', ',', 2, 'not-an-amount'],
    ['12,3,4', ',', 2, 'not-an-amount'],
    ['1.2', ',', 2, 'not-an-amount'],
    ['1,234.56', ',', 2, 'not-an-amount'],
    ['-(1,00)', ',', 2, 'not-an-amount'],
    ['-1,00-', ',', 2, 'not-an-amount'],
    ['12,', ',', 2, 'not-an-amount'],
    ['12,34', '.', 2, 'not-an-amount'],
    ['12.345', '.', 2, 'too-many-decimals'],
    ['0,125', ',', 2, 'too-many-decimals'],
    ['99999999999999,00', ',', 2, 'amount-too-large'],
    ['1'.repeat(40), ',', 2, 'amount-too-large'],
  ])('refuses %j (decimal %j, %i decimals): %s', (text, decimal, precision, code) => {
    expect(parseAmount(text, decimal, precision)).toEqual({ ok: false, code });
  });

  it.each<[string, string, number]>([
    ['45,90', '', -4590],
    ['-45,90', '', -4590],
    ['', '1.234,56', 123456],
    ['0,00', '1.234,56', 123456],
    ['', '', 0],
  ])('reads debit %j and credit %j as %i (the debit leaves)', (debit, credit, minor) => {
    expect(parseDebitCredit(debit, credit, ',', 2)).toEqual({ ok: true, minor });
  });

  it('refuses a line with both a debit and a credit, and names the side of an unreadable cell', () => {
    expect(parseDebitCredit('1,00', '2,00', ',', 2)).toEqual({ ok: false, code: 'debit-and-credit', side: null });
    expect(parseDebitCredit('x', '', ',', 2)).toEqual({ ok: false, code: 'not-an-amount', side: 'debit' });
    expect(parseDebitCredit('', '1,234', ',', 2)).toEqual({ ok: false, code: 'too-many-decimals', side: 'credit' });
  });
});

describe('the decimal separator of a file, from all its amounts', () => {
  it.each<[string, string[], number, DecimalSeparator]>([
    ['both separators: the last one', ['1.234,56', '10'], 2, ','],
    ['both separators, US style', ['1,234.56', '10'], 2, '.'],
    ['one comma with 2 digits', ['45,90', '1234'], 2, ','],
    ['one point with 1 digit', ['45.9'], 2, '.'],
    ['a point used twice is a thousands separator', ['1.234.567'], 2, ','],
    ['3 digits after a point in a 2-decimal wallet: thousands', ['1.234', '12'], 2, ','],
    ['3 digits after a comma in a 2-decimal wallet: thousands', ['1,234', '12'], 2, '.'],
    ['3 digits after 0, is a decimal, not thousands', ['0,125'], 2, ','],
    ['3 digits in a 3-decimal wallet say nothing: the fallback', ['1.234'], 3, '.'],
    ['whole amounts only: the fallback', ['12', '-7'], 2, '.'],
    ['the majority wins over one odd value', ['45,90', '12,00', '1.5'], 2, ','],
  ])('%s', (_, values, precision, separator) => {
    expect(detectDecimalSeparator(values, precision)).toBe(separator);
  });
});

describe('dates', () => {
  it.each<[string, DateFormat, string | null]>([
    ['05/01/2024', 'dd/mm/yyyy', '2024-01-05'],
    ['5/1/2024', 'dd/mm/yyyy', '2024-01-05'],
    ['01/05/2024', 'mm/dd/yyyy', '2024-01-05'],
    ['2024-01-05', 'yyyy-mm-dd', '2024-01-05'],
    ['2024-01-05 00:00:00', 'yyyy-mm-dd', '2024-01-05'],
    ['2024-01-05T10:30:00Z', 'yyyy-mm-dd', '2024-01-05'],
    ['05.01.2024', 'dd.mm.yyyy', '2024-01-05'],
    ['05-01-2024', 'dd-mm-yyyy', '2024-01-05'],
    ['5/1/24', 'd/m/yy', '2024-01-05'],
    ['5/1/99', 'd/m/yy', '1999-01-05'],
    ['29/02/2024', 'dd/mm/yyyy', '2024-02-29'],
    ['29/02/2023', 'dd/mm/yyyy', null],
    ['31/04/2024', 'dd/mm/yyyy', null],
    ['13/13/2024', 'dd/mm/yyyy', null],
    ['00/01/2024', 'dd/mm/yyyy', null],
    ['05/01/24', 'dd/mm/yyyy', null],
    ['2024-01-05', 'dd/mm/yyyy', null],
    ['05/01/2024 lixo', 'dd/mm/yyyy', null],
  ])('reads %j as %s: %s', (text, format, date) => {
    expect(parseDate(text, format)).toBe(date);
  });

  it.each<[string, string[], DateFormat | null, DateFormat[]]>([
    ['a day over 12 first settles dd/mm', ['05/01/2024', '13/01/2024', ''], 'dd/mm/yyyy', ['dd/mm/yyyy']],
    ['a day over 12 second settles mm/dd', ['01/05/2024', '01/13/2024'], 'mm/dd/yyyy', ['mm/dd/yyyy']],
    ['ISO dates', ['2024-01-05', '2024-12-31'], 'yyyy-mm-dd', ['yyyy-mm-dd']],
    ['dotted dates', ['05.01.2024'], 'dd.mm.yyyy', ['dd.mm.yyyy']],
    ['dashed dates', ['05-01-2024', '31-01-2024'], 'dd-mm-yyyy', ['dd-mm-yyyy']],
    ['two-digit years', ['5/1/24', '31/1/24'], 'd/m/yy', ['d/m/yy']],
  ])('%s', (_, values, format, candidates) => {
    expect(detectDateFormat(values)).toEqual(expect.objectContaining({ format, candidates, ambiguous: false }));
  });

  it('says when no day is over 12: dd/mm first, mm/dd possible', () => {
    expect(detectDateFormat(['05/01/2024', '06/02/2024'])).toEqual({
      format: 'dd/mm/yyyy',
      candidates: ['dd/mm/yyyy', 'mm/dd/yyyy'],
      ambiguous: true,
      sample: { value: '05/01/2024', line: null, readings: { 'dd/mm/yyyy': '2024-01-05', 'mm/dd/yyyy': '2024-05-01' } },
      closest: 'dd/mm/yyyy',
    });
  });

  it('finds no format when the values disagree, and names the closest one', () => {
    expect(detectDateFormat(['13/01/2024', '01/13/2024', '14/01/2024'])).toEqual({ format: null, candidates: [], ambiguous: false, sample: null, closest: 'dd/mm/yyyy' });
    expect(detectDateFormat(['', ' '])).toEqual({ format: null, candidates: [], ambiguous: false, sample: null, closest: null });
  });
});
