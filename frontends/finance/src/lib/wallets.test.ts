import { describe, expect, it } from 'vitest';
import { changeWallet, defaultCurrency, initialWalletValues, toWalletDocument, validateWallet } from './wallets';

describe('the wallet form', () => {
  it('starts in reais with the currency’s decimals, active, no card', () => {
    expect(initialWalletValues()).toEqual({ name: '', currency: 'BRL', precision: null, start_balance: 0, card: false, limit: undefined, active: true });
  });

  it('keeps what the start balance and limit say when the currency or the decimals change', () => {
    const v = { ...initialWalletValues(), start_balance: 123456, card: true, limit: 500000 };
    expect(changeWallet(v, { currency: 'JPY' })).toMatchObject({ start_balance: 1235, limit: 5000 });
    expect(changeWallet(v, { precision: 3 })).toMatchObject({ start_balance: 1234560, limit: 5000000 });
    expect(changeWallet(v, { currency: 'USD' })).toMatchObject({ start_balance: 123456, limit: 500000 });
  });

  it('needs a name and a currency, and readable amounts', () => {
    expect(validateWallet({ ...initialWalletValues(), name: ' ', currency: '' })).toEqual({ name: 'validation.cant-be-blank', currency: 'validation.cant-be-blank' });
    expect(validateWallet({ ...initialWalletValues(), name: 'Cash', currency: 'brl', start_balance: NaN })).toEqual({ currency: 'validation.is-not-a-currency', start_balance: 'validation.is-not-a-number' });
    expect(validateWallet({ ...initialWalletValues(), name: 'Card', card: true, limit: NaN })).toEqual({ limit: 'validation.is-not-a-number' });
    expect(validateWallet({ ...initialWalletValues(), name: 'Cash', start_balance: -5000 })).toEqual({});
  });

  it('sends the wallet without the balance the service keeps, and no limit unless it is a card', () => {
    const prev = { created_at: '2026-04-01T10:00:00Z', updated_at: '2026-04-01T10:00:00Z', created_by: 'usr-1', _id: 'wal-1', _rev: '2-b', klass: 'Wallet' as const, name: 'Old', currency: 'BRL', start_balance: 0, card: true, limit: 100, active: true, balance: 999, label: 'Old' };
    expect(toWalletDocument({ ...initialWalletValues(prev), name: ' Nubank ', card: false }, prev)).toEqual({
      created_at: '2026-04-01T10:00:00Z',
      updated_at: '2026-04-01T10:00:00Z',
      created_by: 'usr-1',
      _id: 'wal-1',
      _rev: '2-b',
      klass: 'Wallet',
      name: 'Nubank',
      currency: 'BRL',
      precision: null,
      start_balance: 0,
      card: false,
      limit: null,
      active: true,
    });
    expect(toWalletDocument({ ...initialWalletValues(), name: 'Visa', currency: 'USD', precision: 2, card: true, limit: 250000, start_balance: -1000 })).toEqual({
      klass: 'Wallet',
      name: 'Visa',
      currency: 'USD',
      precision: 2,
      start_balance: -1000,
      card: true,
      limit: 250000,
      active: true,
    });
  });
});

// issue 27 #11: a new wallet started in reais for an English user
describe('a new wallet’s currency', () => {
  it('is the group’s (most of its active wallets), else the person’s locale’s, else the interface language’s', () => {
    const w = (currency: string, active = true) => ({ currency, active });
    expect(defaultCurrency([w('EUR'), w('USD'), w('EUR'), w('JPY', false), w('JPY', false)], 'en', ['en-US'])).toBe('EUR');
    expect(defaultCurrency([], 'en', ['en-GB', 'en'])).toBe('GBP');
    expect(defaultCurrency([], 'en', ['pt-BR', 'en-AU'])).toBe('AUD');
    expect(defaultCurrency([], 'en', ['de-DE'])).toBe('USD');
    expect(defaultCurrency(undefined, 'en', [])).toBe('USD');
    expect(defaultCurrency([], 'pt-BR', ['en-US'])).toBe('BRL');
    expect(defaultCurrency([w('BRL', false)], 'en', ['en-IN'])).toBe('INR');
  });

  it('takes the new currency’s decimals when the wallet’s were its old currency’s, and keeps a precision chosen', () => {
    expect(changeWallet({ ...initialWalletValues(), precision: 2, start_balance: 1000 }, { currency: 'JPY' })).toMatchObject({ currency: 'JPY', precision: null, start_balance: 10 });
    expect(changeWallet({ ...initialWalletValues(), precision: 4 }, { currency: 'JPY' })).toMatchObject({ currency: 'JPY', precision: 4 });
  });
});

