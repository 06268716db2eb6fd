import { describe, expect, it } from 'vitest';
import { amountTexts, recordTitle, walletsText } from './present';
import { KINDS, walletLookup, type MoneyDoc } from './records';

const lookup = walletLookup([
  { _id: 'wal-itau', name: 'Itaú', currency: 'BRL', precision: null, active: true },
  { _id: 'wal-usd', name: 'Wise', currency: 'USD', precision: null, active: true },
]);
const doc = (fields: Record<string, unknown>) => ({ _id: 'x-1', _rev: '1-a', ...fields }) as unknown as MoneyDoc;

describe('how a record reads in lists', () => {
  it('is called by its description, else who was paid, else its kind', () => {
    expect(recordTitle(KINDS.outgos, doc({ description: 'Bread', paid_to: 'Padaria' }), 'Outgo')).toBe('Bread');
    expect(recordTitle(KINDS.outgos, doc({ description: ' ', paid_to: 'Padaria' }), 'Outgo')).toBe('Padaria');
    expect(recordTitle(KINDS.transfers, doc({}), 'Transfer')).toBe('Transfer');
  });

  it('names its wallets, source → destination, and an unknown wallet by its id', () => {
    expect(walletsText(KINDS.incomes, doc({ wallet_id: 'wal-itau' }), lookup)).toBe('Itaú');
    expect(walletsText(KINDS.exchanges, doc({ source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-gone' }), lookup)).toBe('Itaú → wal-gone');
  });

  it('shows amounts in each wallet’s currency: an exchange out → in, its fee on the side that pays it', () => {
    expect(amountTexts(KINDS.outgos, doc({ wallet_id: 'wal-itau', value: 7550 }), lookup, 'pt-BR')).toEqual({ amount: 'R$\u00a075,50' });
    expect(amountTexts(KINDS.transfers, doc({ source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-itau', value: 10000, fee: 0 }), lookup, 'en')).toEqual({ amount: 'R$\u00a0100.00', fee: undefined });
    expect(amountTexts(KINDS.exchanges, doc({ source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-usd', value_out: 100000, value_in: 19000, fee: 250, fee_kind: 'destination' }), lookup, 'en')).toEqual({
      amount: 'R$\u00a01,000.00 → US$\u00a0190.00',
      fee: 'US$\u00a02.50',
    });
    // a wallet the list doesn't know: the currency the service wrote on the record
    expect(amountTexts(KINDS.incomes, doc({ wallet_id: 'wal-gone', value: 100, currency: 'EUR' }), lookup, 'en')).toEqual({ amount: '€\u00a01.00' });
  });
});
