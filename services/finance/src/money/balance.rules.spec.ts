import { MAX_EXACT_MINOR } from '@app/proto';
import { exactBalance } from './balance-book';
import { effectChange, recordEffect } from './balance.rules';

const income = { wallet_id: 'wal-a', value: 1050, confirmed: true };

describe('what a money record does to balances', () => {
  it('does nothing while unconfirmed or imported', () => {
    expect(recordEffect('Income', { ...income, confirmed: false })).toEqual(new Map());
    expect(recordEffect('Income', { ...income, imported: true })).toEqual(new Map());
  });

  it('adds an income, takes an outgo, moves a transfer with its fee from the source', () => {
    expect(recordEffect('Income', income)).toEqual(new Map([['wal-a', 1050]]));
    expect(recordEffect('Outgo', { ...income })).toEqual(new Map([['wal-a', -1050]]));
    expect(recordEffect('Transfer', { source_wallet_id: 'wal-a', destination_wallet_id: 'wal-b', value: 10000, fee: 250, confirmed: true })).toEqual(
      new Map([
        ['wal-a', -10250],
        ['wal-b', 10000],
      ]),
    );
  });

  it('takes an exchange’s fee from the source or from what reaches the destination, by fee_kind', () => {
    const base = { source_wallet_id: 'wal-brl', destination_wallet_id: 'wal-usd', value_out: 55000, value_in: 10000, fee: 300, confirmed: true };
    expect(recordEffect('Exchange', { ...base, fee_kind: 'source' })).toEqual(
      new Map([
        ['wal-brl', -55300],
        ['wal-usd', 10000],
      ]),
    );
    expect(recordEffect('Exchange', { ...base, fee_kind: 'destination' })).toEqual(
      new Map([
        ['wal-brl', -55000],
        ['wal-usd', 9700],
      ]),
    );
  });

  it('changes balances by the difference between the record before and after (confirm, edit, move to another wallet)', () => {
    expect(effectChange('Outgo', { ...income, confirmed: false }, income)).toEqual(new Map([['wal-a', -1050]]));
    expect(effectChange('Outgo', income, { ...income, value: 1000 })).toEqual(new Map([['wal-a', 50]]));
    expect(effectChange('Income', income, { ...income, wallet_id: 'wal-b' })).toEqual(
      new Map([
        ['wal-a', -1050],
        ['wal-b', 1050],
      ]),
    );
    expect(effectChange('Income', income, { ...income, description: 'only words' })).toEqual(new Map());
  });
});

// issue 27 #6: a balance is a JSON number every client reads exactly, or the write is refused (never rounded)
describe('a balance moved', () => {
  it('is exact up to 2^53 − 1 minor units either way, and refused (422) past it', () => {
    expect(exactBalance(MAX_EXACT_MINOR - 10, 10)).toBe(MAX_EXACT_MINOR);
    expect(exactBalance(-MAX_EXACT_MINOR + 5, -5)).toBe(-MAX_EXACT_MINOR);
    expect(() => exactBalance(MAX_EXACT_MINOR - 10, 11)).toThrow(expect.objectContaining({ status: 422, reason: 'The balance would pass the largest amount kept exactly (9007199254740991 in minor units)' }));
    expect(() => exactBalance(-9_000_000_000_000_000, -9_000_000_000_000)).toThrow(expect.objectContaining({ status: 422 }));
  });
});

