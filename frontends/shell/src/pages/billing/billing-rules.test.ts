import { describe, expect, it } from 'vitest';
import { billingReasonKey, checkoutKind, formatDollars, formatSize, needsBillingEmail, planTable, quotaPercent, showCancelButton, totalStorage, usageRows } from './billing-rules';
import type { PlanPriceDoc as PlanPrice } from '@app/proto';

const price = (group_plan: PlanPrice['group_plan'], unit_amount: number, extra: Partial<PlanPrice> = {}): PlanPrice => ({
  _id: `prc-${group_plan}-test`,
  _rev: '1-a',
  klass: 'PlanPrice',
  livemode: false,
  group_plan,
  unit_amount,
  platform_price_id: group_plan === 'free' ? null : `price_${group_plan}`,
  active: true,
  ...extra,
});

describe('billing rules', () => {
  it('shows the plan table only with at least 3 prices, one per plan in the order free, pro, corp', () => {
    expect(planTable(undefined)).toBeNull();
    expect(planTable([])).toBeNull();
    expect(planTable([price('free', 0), price('pro', 600)])).toBeNull();
    expect(planTable([price('corp', 1800), price('free', 0), price('pro', 600)])?.map((p) => p.group_plan)).toEqual(['free', 'pro', 'corp']);
    // three prices that do not cover three plans are not a table either
    expect(planTable([price('free', 0), price('pro', 600), price('pro', 700, { _id: 'prc-pro-2' })])).toBeNull();
    expect(planTable([price('free', 0), price('pro', 600), price('corp', 1800, { active: false })])).toBeNull();
  });

  it('formats prices from cents as US dollars with 2 decimals', () => {
    expect(formatDollars(600)).toBe('US$ 6.00');
    expect(formatDollars(1850)).toBe('US$ 18.50');
    expect(formatDollars(0)).toBe('US$ 0.00');
    expect(formatDollars(90000)).toBe('US$ 900.00');
    expect(formatDollars(123456)).toBe('US$ 1,234.56');
    expect(formatDollars(600, 'pt-BR')).toBe('US$ 6,00');
  });

  it('formats sizes in decimal units', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1000)).toBe('1 kB');
    expect(formatSize(1500)).toBe('1.5 kB');
    expect(formatSize(12_345_678)).toBe('12 MB');
    expect(formatSize(2_000_000_000)).toBe('2 GB');
    expect(formatSize(1500, 'pt-BR')).toBe('1,5 kB');
  });

  it('shows the cancel button to paid-plan subscribers until a cancel is pending', () => {
    expect(showCancelButton('pro', undefined)).toBe(true);
    expect(showCancelButton('corp', 'prc-pro-test')).toBe(true);
    expect(showCancelButton('corp', 'free')).toBe(true);
    expect(showCancelButton('pro', 'cancel')).toBe(false);
    expect(showCancelButton('free', undefined)).toBe(false);
    expect(showCancelButton(undefined, undefined)).toBe(false);
    expect(showCancelButton('locked', undefined)).toBe(false);
  });

  it('requires a billing e-mail before checkout', () => {
    expect(needsBillingEmail(null)).toBe(true);
    expect(needsBillingEmail(undefined)).toBe(true);
    expect(needsBillingEmail('  ')).toBe(true);
    expect(needsBillingEmail('pay@shop.test')).toBe(false);
  });

  it('reads checkout/{price_id}: free and cancel switch, anything else is a price', () => {
    expect(checkoutKind('free')).toBe('free');
    expect(checkoutKind('cancel')).toBe('cancel');
    expect(checkoutKind('prc-pro-live')).toBe('price');
  });

  it('lists usage per kind, biggest first, with totals', () => {
    expect(usageRows({ Account: { count: 1, size: 500 }, Ticket: { count: 10, size: 9000 }, Wallet: { count: 0, size: 0 } })).toEqual({
      rows: [
        { kind: 'Ticket', count: 10, size: 9000 },
        { kind: 'Account', count: 1, size: 500 },
      ],
      count: 11,
      size: 9500,
    });
  });

  it("adds the disk's bytes to the records' size for the total storage (nothing while the disk is absent)", () => {
    expect(totalStorage(1500, { bytes: 120_000_000 })).toBe(120_001_500);
    expect(totalStorage(1500, null)).toBe(1500);
    expect(totalStorage(1500, undefined)).toBe(1500);
  });

  it("gives the disk's use as a share of the quota, 0 to 100, and 0 without a quota", () => {
    expect(quotaPercent(120_000_000, 1_000_000_000)).toBeCloseTo(12);
    expect(quotaPercent(0, 100_000_000)).toBe(0);
    expect(quotaPercent(150_000_000, 100_000_000)).toBe(100);
    expect(quotaPercent(5, 0)).toBe(0);
  });

  it('keys API reasons like the error banner', () => {
    expect(billingReasonKey('You can not switch to the free plan because you used more than 1,000 records')).toBe(
      'You-can-not-switch-to-the-free-plan-because-you-used-more-than-1000-records',
    );
  });
});
