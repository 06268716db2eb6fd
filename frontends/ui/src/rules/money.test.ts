import { describe, expect, it } from 'vitest';
import { currencyDigits, currencySymbol, formatAmount, formatMinorMoney, formatMoney, parseMoney, toMajor, toMinor } from './money';

const cents = (text: string, language: string) => {
  const r = parseMoney(text, language);
  return r.ok ? r.minor : r.problem;
};

describe('parseMoney', () => {
  it('reads the language’s own decimal separator: 75,50 in pt-BR and 75.50 in en are 7550 cents', () => {
    expect(cents('75,50', 'pt-BR')).toBe(7550);
    expect(cents('75.50', 'en')).toBe(7550);
    expect(cents('0,5', 'pt-BR')).toBe(50);
    expect(cents(',5', 'pt-BR')).toBe(50);
    expect(cents('75,', 'pt-BR')).toBe(7500);
    expect(cents('75', 'en')).toBe(7500);
  });

  it('reads thousands groups of the language: 1.234,56 and 1.234 in pt-BR, 1,234.56 and 1,234 in en', () => {
    expect(cents('1.234,56', 'pt-BR')).toBe(123456);
    expect(cents('1.234', 'pt-BR')).toBe(123400);
    expect(cents('1.234.567', 'pt-BR')).toBe(123456700);
    expect(cents('1,234.56', 'en')).toBe(123456);
    expect(cents('1,234', 'en')).toBe(123400);
    expect(cents('1 234,56', 'pt-BR')).toBe(123456);
    expect(cents('1\u00a0234.56', 'en')).toBe(123456);
  });

  it('reads the other language’s separator only when the own reading is impossible: 75.50 in pt-BR, 75,50 in en', () => {
    expect(cents('75.50', 'pt-BR')).toBe(7550);
    expect(cents('75,50', 'en')).toBe(7550);
    expect(cents('1,5', 'en')).toBe(150);
    expect(cents('1.234,56', 'en')).toBe(123456);
    expect(cents('1,234.56', 'pt-BR')).toBe(123456);
  });

  it('refuses more decimals than the currency has instead of re-reading them as thousands: 1,234 and 1,500 in pt-BR, 1.234 in en', () => {
    expect(cents('1,234', 'pt-BR')).toBe('decimals');
    expect(cents('1,500', 'pt-BR')).toBe('decimals');
    expect(cents('1.234', 'en')).toBe('decimals');
    expect(cents('10.000', 'en')).toBe('decimals');
    expect(parseMoney('1,234', 'pt-BR', { digits: 3 })).toEqual({ ok: true, minor: 1234 });
    expect(parseMoney('12', 'en', { digits: 0 })).toEqual({ ok: true, minor: 12 });
  });

  it('refuses what it cannot read: 7,5,0, letters, bad groups, mixed group signs, lone separators', () => {
    for (const text of ['7,5,0', '7.5.0', '12a', 'abc', '1..2', '1,,2', '12,34,56', '1.23.456', '1.234 567', '.', ',', '1 2', '--5', '1e3', '+5']) {
      expect([text, cents(text, 'pt-BR')]).toEqual([text, 'invalid']);
      expect([text, cents(text, 'en')]).toEqual([text, 'invalid']);
    }
  });

  it('is empty for blank text, ignores a currency sign, refuses a minus unless negatives are allowed', () => {
    expect(parseMoney('  ', 'en')).toEqual({ ok: true, minor: null });
    expect(cents('US$ 75,50', 'pt-BR')).toBe(7550);
    expect(cents('R$75,50', 'pt-BR')).toBe(7550);
    expect(cents('$ 1,234.56', 'en')).toBe(123456);
    expect(cents('US$', 'en')).toBe('invalid');
    expect(cents('-5', 'en')).toBe('negative');
    expect(parseMoney('-5,25', 'pt-BR', { allowNegative: true })).toEqual({ ok: true, minor: -525 });
    expect(cents('-0', 'en')).toBe(0);
  });

  it('refuses amounts beyond what a double holds to the cent', () => {
    expect(cents('9999999999999,99', 'pt-BR')).toBe(999999999999999);
    expect(cents('99999999999999,99', 'pt-BR')).toBe('too-large');
  });
});

describe('formatMoney', () => {
  it('shows US$, a no-break space and the language’s separators: US$ 604,00 in pt-BR, US$ 604.00 in en', () => {
    expect(formatMoney(604, 'pt-BR')).toBe('US$\u00a0604,00');
    expect(formatMoney(604, 'en')).toBe('US$\u00a0604.00');
    expect(formatMoney(1234.5, 'en')).toBe('US$\u00a01,234.50');
    expect(formatMoney(1234.5, 'pt-BR')).toBe('US$\u00a01.234,50');
    expect(formatMoney(-5, 'en')).toBe('-US$\u00a05.00');
  });

  it('shows another currency with its symbol and decimals, and not-a-number as 0', () => {
    expect(formatMoney(604, 'pt-BR', 'BRL')).toBe('R$\u00a0604,00');
    expect(formatMoney(1500, 'en', 'JPY')).toBe('¥\u00a01,500');
    expect(formatMoney(undefined, 'en')).toBe('US$\u00a00.00');
    expect(formatMoney('x', 'pt-BR')).toBe('US$\u00a00,00');
    expect(formatMoney('75.5', 'en')).toBe('US$\u00a075.50');
  });

  it('formats bare amounts and converts between units and cents', () => {
    expect(formatAmount(75.5, 'pt-BR')).toBe('75,50');
    expect(formatAmount(1234567.891, 'en', 3)).toBe('1,234,567.891');
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencySymbol('USD', 'pt-BR')).toBe('US$');
    expect(toMajor(7550)).toBe(75.5);
    expect(toMinor(75.5)).toBe(7550);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });

  it('reads back what it formats, in both languages', () => {
    for (const language of ['en', 'pt-BR'])
      for (const value of [0, 0.05, 75.5, 1234.56, 1234567.89]) expect(parseMoney(formatMoney(value, language), language)).toEqual({ ok: true, minor: toMinor(value) });
  });

  it('shows an amount in minor units with the currency’s sign and the decimals it is given (R$, US$, €, ¥)', () => {
    expect(formatMinorMoney(123456, 'pt-BR', 'BRL')).toBe('R$\u00a01.234,56');
    expect(formatMinorMoney(123456, 'en', 'BRL')).toBe('R$\u00a01,234.56');
    expect(formatMinorMoney(-7550, 'en', 'USD')).toBe('-US$\u00a075.50');
    expect(formatMinorMoney(7550, 'pt-BR', 'USD')).toBe('US$\u00a075,50');
    expect(formatMinorMoney(1500, 'en', 'JPY')).toBe('¥\u00a01,500');
    expect(formatMinorMoney(1234567, 'pt-BR', 'BRL', 3)).toBe('R$\u00a01.234,567');
    expect(formatMinorMoney(100, 'en', 'EUR')).toBe('€\u00a01.00');
    expect(formatMoney(12.5, 'en', 'USD', 0)).toBe('US$\u00a013');
    // the largest amount finance stores (proto MAX_MINOR) still shows every cent
    expect(formatMinorMoney(9_000_000_000_001, 'en', 'USD')).toBe('US$\u00a090,000,000,000.01');
    expect(formatMinorMoney(undefined, 'en', 'BRL')).toBe('R$\u00a00.00');
  });

  it('shows ¤ for XXX, the code of no currency (an amount typed before its wallet is chosen)', () => {
    expect(currencySymbol('XXX', 'en')).toBe('¤');
    expect(currencySymbol('XXX', 'pt-BR')).toBe('¤');
    expect(currencyDigits('XXX')).toBe(2);
  });

  it('names a code Intl refuses as it is, with 2 decimals, instead of throwing', () => {
    expect(currencyDigits('XX1')).toBe(2);
    expect(currencySymbol('XX1', 'en')).toBe('XX1');
    expect(formatMinorMoney(100, 'en', 'XX1')).toBe('XX1\u00a01.00');
  });
});
