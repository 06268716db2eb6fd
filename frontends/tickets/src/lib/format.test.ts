import { describe, expect, it } from 'vitest';
import { formatDate, formatDocument, formatMoney, formatQuantity, isoDay } from './format';
import { estimateTotal, searchRegex, titleFromContent } from './tickets';

describe('formats', () => {
  it('writes dates year-month-day in English and day/month/year in Portuguese', () => {
    expect(formatDate('2026-03-04', 'en')).toBe('2026-03-04');
    expect(formatDate('2026-03-04', 'pt-BR')).toBe('04/03/2026');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('writes money with the currency (US$) and two decimals in the language’s format', () => {
    expect(formatMoney(1234.5, 'en')).toBe('US$\u00a01,234.50');
    expect(formatMoney(1234.5, 'pt-BR')).toBe('US$\u00a01.234,50');
    expect(formatMoney(undefined, 'en')).toBe('US$\u00a00.00');
  });

  it('writes quantities with the language’s decimal separator', () => {
    expect(formatQuantity(1.5, 'pt-BR')).toBe('1,5');
    expect(formatQuantity(1000, 'en')).toBe('1,000');
    expect(formatQuantity('x', 'en')).toBe('');
  });

  it('punctuates a CPF or CNPJ stored as digits', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('529.982.247-25')).toBe('529.982.247-25');
  });

  it('moves days in the local calendar', () => {
    expect(isoDay(30, new Date(2026, 0, 15))).toBe('2026-02-14');
  });
});

describe('ticket rules', () => {
  it('takes the title from the first non-empty line, cut to 60', () => {
    expect(titleFromContent('\n  Printer jams \nagain')).toBe('Printer jams');
    expect(titleFromContent('y'.repeat(61))).toBe('y'.repeat(60));
    expect(titleFromContent('')).toBe('');
  });

  it('totals estimate items as Σ quantity × value to the cent', () => {
    expect(estimateTotal([{ quantity: 3, value: 0.1 }, { quantity: 1.5, value: 80 }])).toBe(120.3);
    expect(estimateTotal([{ quantity: '2', value: '49.9' }, { quantity: undefined, value: 5 }])).toBe(99.8);
    expect(estimateTotal(undefined)).toBe(0);
  });

  it('lowercases and escapes a search term', () => {
    expect(searchRegex('  C++ (Board) ')).toBe('c\\+\\+ \\(board\\)');
  });
});
