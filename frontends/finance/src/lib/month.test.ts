import { describe, expect, it } from 'vitest';
import type { MonthRow } from './api';
import { currencyTotalsDigits, monthSummary } from './month';

const row = (kind: 'Income' | 'Outgo', currency: string, category: string | null, value: number | string): MonthRow => ({ key: [kind, currency, category], value });

describe('the month view’s rows as the month screen shows them', () => {
  it('puts incomes and outgos of a category side by side, per currency, with the totals and the net', () => {
    const summary = monthSummary([
      row('Outgo', 'BRL', 'food', 12050),
      row('Income', 'BRL', 'salary', 500000),
      row('Outgo', 'BRL', null, 999),
      row('Income', 'USD', 'freelance', 30000),
      row('Outgo', 'BRL', 'rent', 150000),
      row('Income', 'BRL', 'food', 1000),
    ]);
    expect(summary.map((c) => c.currency)).toEqual(['BRL', 'USD']);
    const [brl, usd] = summary;
    expect(brl.categories).toEqual([
      { category: 'salary', income: 500000n, outgo: 0n },
      { category: 'rent', income: 0n, outgo: 150000n },
      { category: 'food', income: 1000n, outgo: 12050n },
      { category: null, income: 0n, outgo: 999n },
    ]);
    expect([brl.income, brl.outgo, brl.net]).toEqual([501000n, 163049n, 337951n]);
    expect([usd.income, usd.outgo, usd.net]).toEqual([30000n, 0n, 30000n]);
  });

  it('lists BRL, USD and EUR first, the other currencies after them alphabetically', () => {
    expect(monthSummary([row('Income', 'JPY', 'a', 1), row('Income', 'EUR', 'a', 1), row('Income', 'CHF', 'a', 1), row('Income', 'USD', 'a', 1)]).map((c) => c.currency)).toEqual(['USD', 'EUR', 'CHF', 'JPY']);
  });

  it('counts an empty category as none, and skips rows it can’t read', () => {
    expect(monthSummary([row('Outgo', 'BRL', '', 5), { key: ['Transfer', 'BRL', 'x'], value: 3 } as unknown as MonthRow, { key: null, value: 1 } as unknown as MonthRow])).toEqual([
      { currency: 'BRL', categories: [{ category: null, income: 0n, outgo: 5n }], income: 0n, outgo: 5n, net: -5n },
    ]);
  });

  it('reads totals at the decimals the currency’s wallets share, else the currency’s own', () => {
    expect(currencyTotalsDigits('BRL', [{ currency: 'BRL', precision: 3 }, { currency: 'BRL', precision: 3 }, { currency: 'USD', precision: 0 }])).toBe(3);
    expect(currencyTotalsDigits('BRL', [{ currency: 'BRL', precision: 3 }, { currency: 'BRL', precision: null }])).toBe(2);
    expect(currencyTotalsDigits('JPY', undefined)).toBe(0);
  });

  it('takes the totals counted once a record when given: a record of two categories is in both bars, once in the total', () => {
    const rows = [row('Outgo', 'BRL', 'food', 4590), row('Outgo', 'BRL', 'eating-out', 4590), row('Income', 'BRL', 'salary', 10000)];
    const [brl] = monthSummary(rows, [
      { kind: 'Outgo', currency: 'BRL', total: 4590n },
      { kind: 'Income', currency: 'BRL', total: 10000n },
    ]);
    expect(brl.categories.map((c) => [c.category, c.outgo])).toEqual([
      ['salary', 0n],
      ['eating-out', 4590n],
      ['food', 4590n],
    ]);
    expect([brl.income, brl.outgo, brl.net]).toEqual([10000n, 4590n, 5410n]);
    // without totals the rows are added up
    expect(monthSummary(rows)[0].outgo).toBe(9180n);
  });

  // issue 27 #6: 1,001 records of 90 billion and one of a cent gave …000, a cent lost past 2^53
  it('sums exactly past 2^53 minor units, reading the view’s totals written as strings', () => {
    const [chf] = monthSummary([row('Income', 'CHF', null, '9009000000000001'), row('Outgo', 'CHF', 'x', 9_000_000_000_000), row('Outgo', 'CHF', 'y', '9007199254740993')]);
    expect(chf.categories.map((c) => [c.category, c.income, c.outgo])).toEqual([
      ['y', 0n, 9007199254740993n],
      ['x', 0n, 9000000000000n],
      [null, 9009000000000001n, 0n],
    ]);
    expect([chf.income, chf.outgo, chf.net]).toEqual([9009000000000001n, 9016199254740993n, -7199254740992n]);
  });
});
