import { describe, expect, it } from 'vitest';
import { changeValues, initialValues, KINDS, listSelector, toDocument, validateRecord, walletLookup, type RecordValues } from './records';

const wallets = walletLookup([
  { _id: 'wal-itau', name: 'Itaú', currency: 'BRL', precision: null, active: true },
  { _id: 'wal-nubank', name: 'Nubank', currency: 'BRL', precision: null, active: true },
  { _id: 'wal-usd', name: 'Wise', currency: 'USD', precision: null, active: true },
  { _id: 'wal-jpy', name: 'Yen', currency: 'JPY', precision: null, active: true },
  { _id: 'wal-bhd', name: 'Dinar', currency: 'BHD', precision: null, active: true },
  { _id: 'wal-brl3', name: 'Precise', currency: 'BRL', precision: 3, active: true },
  { _id: 'wal-old', name: 'Old', currency: 'BRL', precision: null, active: false },
]);
const today = '2026-05-10';
const META = { created_at: '2026-04-01T10:00:00Z', updated_at: '2026-04-01T10:00:00Z', created_by: 'usr-1' };
const start = (segment: keyof typeof KINDS, patch: Partial<RecordValues> = {}): RecordValues => ({ ...initialValues(KINDS[segment], undefined, { today }), ...patch });

describe('a new money record', () => {
  it('starts today, on the wallet given (the source of a transfer), with no fee', () => {
    expect(initialValues(KINDS.outgos, undefined, { today, wallet: 'wal-itau' })).toMatchObject({ date: today, wallet_id: 'wal-itau', source_wallet_id: null, value: undefined, fee: undefined });
    expect(initialValues(KINDS.transfers, undefined, { today, wallet: 'wal-itau' })).toMatchObject({ wallet_id: null, source_wallet_id: 'wal-itau', destination_wallet_id: null, fee: 0, fee_kind: 'source' });
  });

  it('reads a stored record back: categories joined by commas, the party, the amounts in minor units', () => {
    const doc = { ...META, _id: 'out-1', _rev: '1-a', klass: 'Outgo' as const, date: '2026-04-02', wallet_id: 'wal-itau', value: 12345, paid_to: 'Padaria', categories: ['food', 'eating-out'], description: 'Bread' };
    expect(initialValues(KINDS.outgos, doc, { today, wallet: 'wal-usd' })).toMatchObject({ date: '2026-04-02', wallet_id: 'wal-itau', value: 12345, party: 'Padaria', categories: 'food, eating-out', description: 'Bread' });
  });
});

describe('changing the wallet under an amount already typed', () => {
  it('keeps what the amount says at the new wallet’s decimals (10,55 → 10,550 in BHD, 11 in JPY)', () => {
    const typed = start('incomes', { value: 1055 });
    expect(changeValues(KINDS.incomes, typed, { wallet_id: 'wal-bhd' }, wallets).value).toBe(10550);
    expect(changeValues(KINDS.incomes, typed, { wallet_id: 'wal-jpy' }, wallets).value).toBe(11);
    expect(changeValues(KINDS.incomes, { ...typed, wallet_id: 'wal-itau' }, { wallet_id: 'wal-usd' }, wallets).value).toBe(1055);
    expect(changeValues(KINDS.incomes, { ...typed, wallet_id: 'wal-itau' }, { wallet_id: 'wal-brl3' }, wallets).value).toBe(10550);
  });

  it('moves an exchange’s fee to the destination’s decimals when the destination pays it, and leaves an unreadable amount alone', () => {
    const ex = start('exchanges', { source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-jpy', value_out: 10000, value_in: 3000, fee: 250 });
    const after = changeValues(KINDS.exchanges, ex, { fee_kind: 'destination' }, wallets);
    expect([after.value_out, after.value_in, after.fee]).toEqual([10000, 3000, 3]);
    expect(changeValues(KINDS.incomes, start('incomes', { value: NaN }), { wallet_id: 'wal-jpy' }, wallets).value).toBeNaN();
  });
});

describe('the checks before sending (spec §5)', () => {
  it('needs a date, a wallet and an amount above 0', () => {
    expect(validateRecord(KINDS.outgos, start('outgos', { date: '' }), wallets)).toEqual({
      date: 'validation.cant-be-blank',
      wallet_id: 'validation.cant-be-blank',
      value: 'validation.cant-be-blank',
    });
    expect(validateRecord(KINDS.outgos, start('outgos', { date: '2026-02-30', wallet_id: 'wal-itau', value: 0 }), wallets)).toEqual({
      date: 'validation.is-not-a-date',
      value: 'validation.must-be-greater-than-0',
    });
    expect(validateRecord(KINDS.outgos, start('outgos', { wallet_id: 'wal-itau', value: NaN }), wallets)).toEqual({ value: 'validation.is-not-a-number' });
    expect(validateRecord(KINDS.outgos, start('outgos', { wallet_id: 'wal-itau', value: 9_000_000_000_001 }), wallets)).toEqual({ value: 'validation.must-be-less-than-or-equal-to-9000000000000' });
    expect(validateRecord(KINDS.incomes, start('incomes', { wallet_id: 'wal-itau', value: 1 }), wallets)).toEqual({});
  });

  it('refuses an inactive wallet, as the service does (an older record’s wallet made inactive since)', () => {
    expect(validateRecord(KINDS.incomes, start('incomes', { wallet_id: 'wal-old', value: 1 }), wallets)).toEqual({ wallet_id: 'validation.is-inactive' });
    expect(validateRecord(KINDS.transfers, start('transfers', { source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-old', value: 1 }), wallets)).toEqual({ destination_wallet_id: 'validation.is-inactive' });
  });

  it('refuses a transfer between wallets of different currencies, and to the same wallet', () => {
    const transfer = (source: string, destination: string) => validateRecord(KINDS.transfers, start('transfers', { source_wallet_id: source, destination_wallet_id: destination, value: 100 }), wallets);
    expect(transfer('wal-itau', 'wal-usd')).toEqual({ destination_wallet_id: 'validation.must-have-the-same-currency' });
    expect(transfer('wal-itau', 'wal-itau')).toEqual({ destination_wallet_id: 'validation.must-be-another-wallet' });
    expect(transfer('wal-itau', 'wal-nubank')).toEqual({});
    // one currency, two precisions: still one currency
    expect(transfer('wal-itau', 'wal-brl3')).toEqual({});
  });

  it('refuses an exchange between wallets of one currency, and needs both amounts', () => {
    const exchange = (source: string, destination: string, patch: Partial<RecordValues> = {}) =>
      validateRecord(KINDS.exchanges, start('exchanges', { source_wallet_id: source, destination_wallet_id: destination, value_out: 10000, value_in: 1900, ...patch }), wallets);
    expect(exchange('wal-itau', 'wal-nubank')).toEqual({ destination_wallet_id: 'validation.must-have-another-currency' });
    expect(exchange('wal-itau', 'wal-usd')).toEqual({});
    expect(exchange('wal-itau', 'wal-usd', { value_in: undefined, fee: NaN })).toEqual({ value_in: 'validation.cant-be-blank', fee: 'validation.is-not-a-number' });
  });
});

describe('the document sent', () => {
  it('has the kind’s fields, the categories as tags and blanks as null', () => {
    const values = start('outgos', { wallet_id: 'wal-itau', value: 7550, categories: 'Food, eating out,food', party: ' Padaria ', description: '  ' });
    expect(toDocument(KINDS.outgos, values)).toEqual({ klass: 'Outgo', date: today, wallet_id: 'wal-itau', value: 7550, paid_to: 'Padaria', categories: ['food', 'eating-out'], description: null });
  });

  it('sends an exchange’s two amounts, fee and fee side; a transfer’s fee 0 when none was typed', () => {
    expect(toDocument(KINDS.exchanges, start('exchanges', { source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-usd', value_out: 10000, value_in: 1900, fee: 150, fee_kind: 'destination' }))).toEqual({
      klass: 'Exchange',
      date: today,
      description: null,
      categories: [],
      source_wallet_id: 'wal-itau',
      destination_wallet_id: 'wal-usd',
      value_out: 10000,
      value_in: 1900,
      fee: 150,
      fee_kind: 'destination',
    });
    expect(toDocument(KINDS.transfers, start('transfers', { source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-nubank', value: 5000, fee: undefined }))).toMatchObject({ value: 5000, fee: 0 });
  });

  it('keeps an edited record’s other fields but never sends back what only the service writes', () => {
    const prev = { ...META, _id: 'inc-1', _rev: '3-c', klass: 'Income' as const, date: '2026-04-01', wallet_id: 'wal-itau', value: 100, confirmed: true, imported: true, currency: 'BRL', label: 'x' };
    const doc = toDocument(KINDS.incomes, { ...initialValues(KINDS.incomes, prev, { today }), value: 200 }, prev);
    expect(doc).toMatchObject({ _id: 'inc-1', _rev: '3-c', klass: 'Income', value: 200, created_at: '2026-04-01T10:00:00Z' });
    for (const field of ['confirmed', 'imported', 'currency', 'label']) expect(doc).not.toHaveProperty(field);
  });
});

describe('a list of one wallet’s records', () => {
  it('selects the wallet of an income or outgo, either side of a transfer or exchange', () => {
    expect(listSelector(KINDS.outgos, null)).toEqual({ klass: 'Outgo' });
    expect(listSelector(KINDS.incomes, 'wal-1')).toEqual({ klass: 'Income', wallet_id: 'wal-1' });
    expect(listSelector(KINDS.exchanges, 'wal-1')).toEqual({ klass: 'Exchange', $or: [{ source_wallet_id: 'wal-1' }, { destination_wallet_id: 'wal-1' }] });
  });
});
