import { describe, expect, it } from 'vitest';
import { GROUP_PLANS } from '@app/proto';
import { accountPlan, planIcon } from './plan-icon';

describe('planIcon', () => {
  it('shows free, pro, corp and locked as themselves, a dedicated server as corp', () => {
    expect(GROUP_PLANS.map((p) => [p, planIcon(p)])).toEqual([
      ['locked', 'locked'],
      ['free', 'free'],
      ['pro', 'pro'],
      ['corp', 'corp'],
      ['server', 'corp'],
    ]);
  });
  it('shows no plan or an unknown one as free', () => {
    for (const p of [undefined, null, '', 'gold', 'toString', '__proto__']) expect(planIcon(p)).toBe('free');
  });
});

describe('accountPlan', () => {
  it("is the account's v7_plan when given, else its confirmed plan", () => {
    expect(accountPlan({ v7_plan: 'locked', 'confirmed-plan': 'pro' })).toBe('locked');
    expect(accountPlan({ 'confirmed-plan': 'corp' })).toBe('corp');
    expect(accountPlan(undefined)).toBeUndefined();
  });
});
