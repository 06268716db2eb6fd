import { describe, expect, it } from 'vitest';
import { formatNumberInput, parseNumber, readNumberDigits, type NumberRules } from './number';

const read = (text: string, language: string, rules?: NumberRules) => {
  const r = parseNumber(text, language, rules);
  return r.ok ? r.value : r.problem;
};

describe('parseNumber', () => {
  it('reads 1,5 as 1.5 in pt-BR and in en, never as 15', () => {
    expect(read('1,5', 'pt-BR')).toBe(1.5);
    expect(read('1,5', 'en')).toBe(1.5);
    expect(read('1.5', 'en')).toBe(1.5);
    expect(read('1.5', 'pt-BR')).toBe(1.5);
    expect(read('0,25', 'pt-BR')).toBe(0.25);
    expect(read(',5', 'pt-BR')).toBe(0.5);
    expect(read('7', 'en')).toBe(7);
  });

  it("reads the language's thousands first: 1.234 is 1234 in pt-BR and 1.234 in en, 1,500 is 1500 in en and 1.5 in pt-BR", () => {
    expect(read('1.234', 'pt-BR')).toBe(1234);
    expect(read('1.234', 'en')).toBe(1.234);
    expect(read('1,500', 'en')).toBe(1500);
    expect(read('1,500', 'pt-BR')).toBe(1.5);
    expect(read('1.234,5', 'pt-BR')).toBe(1234.5);
    expect(read('1,234.5', 'en')).toBe(1234.5);
    expect(read('1 234,5', 'pt-BR')).toBe(1234.5);
  });

  it('refuses what it cannot read: 7,5,0, letters, exponents, a plus, mixed group signs', () => {
    for (const text of ['7,5,0', '12a', 'abc', '1e3', '+5', '1..2', '1.23.456', '1 2', '--5', '.', ',', 'US$ 5']) {
      expect([text, read(text, 'pt-BR')]).toEqual([text, 'invalid']);
      expect([text, read(text, 'en')]).toEqual([text, 'invalid']);
    }
  });

  it('refuses a fraction in a whole-number field (5,0 is 5) and decimals beyond the maximum', () => {
    expect(read('1,5', 'pt-BR', { integer: true })).toBe('not-integer');
    expect(read('1.5', 'en', { integer: true })).toBe('not-integer');
    expect(read('5,0', 'pt-BR', { integer: true })).toBe(5);
    expect(read('1.000', 'pt-BR', { integer: true })).toBe(1000);
    expect(read('1,234', 'pt-BR', { maxDecimals: 2 })).toBe('decimals');
    expect(read('1,23', 'pt-BR', { maxDecimals: 2 })).toBe(1.23);
  });

  it('is empty for blank text, refuses a minus unless negatives are allowed, and numbers past 15 digits', () => {
    expect(parseNumber('  ', 'en')).toEqual({ ok: true, value: null });
    expect(read('-3', 'en')).toBe('negative');
    expect(read('-0', 'en')).toBe(0);
    expect(read('-3,5', 'pt-BR', { allowNegative: true })).toBe(-3.5);
    expect(read('1234567890123456', 'en')).toBe('too-large');
  });
});

describe('readNumberDigits', () => {
  it('gives the sign, integer and fraction digits without separators', () => {
    expect(readNumberDigits('-1.234,50', 'pt-BR')).toEqual({ negative: true, int: '1234', frac: '50' });
    expect(readNumberDigits('', 'en')).toBeNull();
    expect(readNumberDigits('x', 'en')).toBe('invalid');
  });
});

describe('formatNumberInput', () => {
  it("writes the language's decimal separator without grouping", () => {
    expect(formatNumberInput(1234.5, 'pt-BR')).toBe('1234,5');
    expect(formatNumberInput(1234.5, 'en')).toBe('1234.5');
    expect(formatNumberInput(30, 'pt-BR')).toBe('30');
  });
});
