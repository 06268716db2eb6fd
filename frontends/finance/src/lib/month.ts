import { minorBigInt, type WalletDoc } from '@app/proto';
import { currencyDigits } from '@app/ui';
import type { MonthRow, MonthTotal } from './api';
import { FIRST_CURRENCIES } from './money';

// The month view's rows (kind, currency, category → total in minor units) as the month screen shows them: one part
// per currency with its categories (incomes and outgos side by side) and its totals. Sums are BigInt: exact at any
// size (a month of a thousand 90-billion records passes what a number holds: issue 27 #6). Pure.

export interface CategoryTotals {
  /** null: records without a category */
  category: string | null;
  income: bigint;
  outgo: bigint;
}

export interface CurrencyMonth {
  currency: string;
  categories: CategoryTotals[];
  income: bigint;
  outgo: bigint;
  /** incomes minus outgos */
  net: bigint;
}

const currencyRank = (c: string) => {
  const i = (FIRST_CURRENCIES as readonly string[]).indexOf(c);
  return i < 0 ? FIRST_CURRENCIES.length : i;
};

/**
 * `totals`, when known, are the month's sums per currency counted once a record (the view's rows count a record under
 * each of its categories); without them the totals add the rows up.
 */
export function monthSummary(rows: readonly MonthRow[], totals?: readonly MonthTotal[]): CurrencyMonth[] {
  const byCurrency = new Map<string, Map<string | null, CategoryTotals>>();
  for (const t of totals ?? []) if (!byCurrency.has(t.currency)) byCurrency.set(t.currency, new Map());
  for (const row of rows) {
    const value = minorBigInt(row.value);
    if (!Array.isArray(row.key) || value === null) continue;
    const [kind, currency, rawCategory] = row.key;
    if (kind !== 'Income' && kind !== 'Outgo') continue;
    const category = rawCategory || null;
    let categories = byCurrency.get(currency);
    if (!categories) byCurrency.set(currency, (categories = new Map()));
    let totals = categories.get(category);
    if (!totals) categories.set(category, (totals = { category, income: 0n, outgo: 0n }));
    if (kind === 'Income') totals.income += value;
    else totals.outgo += value;
  }
  return [...byCurrency.entries()]
    .map(([currency, categories]) => {
      // the biggest movements first; records without a category last
      const size = (c: CategoryTotals) => c.income + c.outgo;
      const list = [...categories.values()].sort(
        (a, b) => Number(a.category === null) - Number(b.category === null) || (size(b) > size(a) ? 1 : size(b) < size(a) ? -1 : 0) || String(a.category).localeCompare(String(b.category)),
      );
      const given = (kind: MonthTotal['kind']) => totals?.find((t) => t.kind === kind && t.currency === currency)?.total ?? 0n;
      const income = totals ? given('Income') : list.reduce((s, c) => s + c.income, 0n);
      const outgo = totals ? given('Outgo') : list.reduce((s, c) => s + c.outgo, 0n);
      return { currency, categories: list, income, outgo, net: income - outgo };
    })
    .sort((a, b) => currencyRank(a.currency) - currencyRank(b.currency) || a.currency.localeCompare(b.currency));
}

/** The decimals a currency's totals are in: its wallets' precision when they agree on one, else the currency's. */
export function currencyTotalsDigits(currency: string, wallets: readonly Pick<WalletDoc, 'currency' | 'precision'>[] | undefined): number {
  const own = new Set((wallets ?? []).filter((w) => w.currency === currency).map((w) => (typeof w.precision === 'number' ? w.precision : currencyDigits(currency))));
  return own.size === 1 ? [...own][0] : currencyDigits(currency);
}
