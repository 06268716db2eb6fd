import { describe, expect, it } from 'vitest';
import { currencyCodes, currencyName, formatWalletMoney, rescale, walletDigits, formatExactMoney } from './money';

describe('finance money', () => {
  it('takes a wallet’s precision over its currency’s decimals', () => {
    expect(walletDigits({ currency: 'BRL' })).toBe(2);
    expect(walletDigits({ currency: 'JPY', precision: null })).toBe(0);
    expect(walletDigits({ currency: 'BRL', precision: 4 })).toBe(4);
    expect(walletDigits(undefined)).toBe(2);
  });

  it('shows minor units with the wallet’s sign: R$ for BRL, US$ for USD in both languages, others by Intl', () => {
    expect(formatWalletMoney(123456, 'pt-BR', { currency: 'BRL' })).toBe('R$\u00a01.234,56');
    expect(formatWalletMoney(123456, 'en', { currency: 'USD' })).toBe('US$\u00a01,234.56');
    expect(formatWalletMoney(123456, 'pt-BR', { currency: 'USD' })).toBe('US$\u00a01.234,56');
    expect(formatWalletMoney(-500, 'en', { currency: 'EUR' })).toBe('-€\u00a05.00');
    expect(formatWalletMoney(1234567, 'pt-BR', { currency: 'BRL', precision: 3 })).toBe('R$\u00a01.234,567');
    expect(formatWalletMoney(1500, 'en', { currency: 'JPY' })).toBe('¥\u00a01,500');
  });

  it('moves an amount between decimals exactly, rounding only when decimals are dropped', () => {
    expect(rescale(1055, 2, 3)).toBe(10550);
    expect(rescale(1055, 2, 0)).toBe(11);
    expect(rescale(1049, 2, 0)).toBe(10);
    expect(rescale(undefined, 2, 0)).toBeUndefined();
    expect(rescale(NaN, 2, 0)).toBeNaN();
  });

  it('offers every ISO code with BRL, USD and EUR first, and names them in the language', () => {
    const codes = currencyCodes();
    expect(codes.slice(0, 3)).toEqual(['BRL', 'USD', 'EUR']);
    expect(codes).toContain('JPY');
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.slice(3)).toEqual([...codes.slice(3)].sort());
    expect(currencyName('BRL', 'pt-BR')).toBe('Real brasileiro');
    expect(currencyName('BRL', 'en')).toBe('Brazilian Real');
  });
});

// issue 27 #6: sums past 2^53 come as strings (or BigInt) and are shown to the cent
describe('an amount past 2^53 minor units', () => {
  it('is shown from its digits, in each language, never through a division by 100', () => {
    expect(formatExactMoney('9009000000000001', 'en', 'CHF', 2)).toBe('CHF\u00a090,090,000,000,000.01');
    expect(formatExactMoney(-9009000000000001n, 'pt-BR', 'BRL', 2)).toBe('-R$\u00a090.090.000.000.000,01');
    expect(formatExactMoney('90090000000000017', 'en', 'JPY', 0)).toBe('¥\u00a090,090,000,000,000,017');
    expect(formatWalletMoney('9009000000000001', 'en', { currency: 'TND', precision: 3 })).toBe('TND\u00a09,009,000,000,000.001');
    expect(formatWalletMoney(123456, 'pt-BR', { currency: 'BRL' })).toBe('R$\u00a01.234,56');
  });
});

