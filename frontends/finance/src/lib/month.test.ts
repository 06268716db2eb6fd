import { describe, expect, it } from 'vitest';
import type { MonthRow } from './api';
import { currencyTotalsDigits, monthSummary } from './month';

const row = (kind: 'Income' | 'Outgo', currency: string, category: string | null, value: number): MonthRow => ({ key: [kind, currency, category], value });

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
      { category: 'salary', income: 500000, outgo: 0 },
      { category: 'rent', income: 0, outgo: 150000 },
      { category: 'food', income: 1000, outgo: 12050 },
      { category: null, income: 0, outgo: 999 },
    ]);
    expect([brl.income, brl.outgo, brl.net]).toEqual([501000, 163049, 337951]);
    expect([usd.income, usd.outgo, usd.net]).toEqual([30000, 0, 30000]);
  });

  it('lists BRL, USD and EUR first, the other currencies after them alphabetically', () => {
    expect(monthSummary([row('Income', 'JPY', 'a', 1), row('Income', 'EUR', 'a', 1), row('Income', 'CHF', 'a', 1), row('Income', 'USD', 'a', 1)]).map((c) => c.currency)).toEqual(['USD', 'EUR', 'CHF', 'JPY']);
  });

  it('counts an empty category as none, and skips rows it can’t read', () => {
    expect(monthSummary([row('Outgo', 'BRL', '', 5), { key: ['Transfer', 'BRL', 'x'], value: 3 } as unknown as MonthRow, { key: null, value: 1 } as unknown as MonthRow])).toEqual([
      { currency: 'BRL', categories: [{ category: null, income: 0, outgo: 5 }], income: 0, outgo: 5, net: -5 },
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
      { kind: 'Outgo', currency: 'BRL', total: 4590 },
      { kind: 'Income', currency: 'BRL', total: 10000 },
    ]);
    expect(brl.categories.map((c) => [c.category, c.outgo])).toEqual([
      ['salary', 0],
      ['eating-out', 4590],
      ['food', 4590],
    ]);
    expect([brl.income, brl.outgo, brl.net]).toEqual([10000, 4590, 5410]);
    // without totals the rows are added up
    expect(monthSummary(rows)[0].outgo).toBe(9180);
  });
});
