import { AppError, BILLING_REASONS, Doc, FIELD_MESSAGES as M, FREE_PLAN_RECORDS, KLASSES, isKlass, PLAN_SWITCH_LOCK_HOURS, PricePlan } from '@app/proto';
import { revNumber } from '@app/platform';
import { isPlainEmail } from '../groups/account.rules';

// Plans and billing rules without I/O (spec §4 group plan, §5 plan checkout, §9 plans and limits).

/** A price to seed: free is synthesised at 0 for live and test (spec §9); pro and corp per 100/200 MB per month. */
export interface SeedPrice {
  _id: string;
  livemode: boolean;
  group_plan: PricePlan;
  unit_amount: number;
  platform_price_id: string | null;
}

/** Cents per month (spec §9: Professional 6, Corporate 18, in dollars). */
export const PLAN_AMOUNTS: Record<PricePlan, number> = { free: 0, pro: 600, corp: 1800 };

/** The id of the PlanPrice of a plan in a mode: `prc-{plan}-{live|test}`. */
export function planPriceId(plan: PricePlan, livemode: boolean): string {
  return `prc-${plan}-${livemode ? 'live' : 'test'}`;
}

/**
 * The PlanPrice documents every deployment has: free, pro and corp for test and live. The provider's price ids of
 * the configured mode come from STRIPE_PRICE_PRO / STRIPE_PRICE_CORP; the others keep placeholders until set.
 */
export function seedPrices(env: NodeJS.ProcessEnv, livemode: boolean): SeedPrice[] {
  const out: SeedPrice[] = [];
  for (const live of [false, true]) {
    const mode = live ? 'live' : 'test';
    for (const plan of ['free', 'pro', 'corp'] as const) {
      const configured = live === livemode ? (plan === 'pro' ? env.STRIPE_PRICE_PRO : plan === 'corp' ? env.STRIPE_PRICE_CORP : undefined) : undefined;
      out.push({
        _id: planPriceId(plan, live),
        livemode: live,
        group_plan: plan,
        unit_amount: PLAN_AMOUNTS[plan],
        platform_price_id: plan === 'free' ? null : configured || `price_${plan}_${mode}`,
      });
    }
  }
  return out;
}

/** Live records counted for the Free-plan limit (spec §3 Counter kinds). */
export function countedRecords(counters: Array<{ klass: string; count: number }>): number {
  return counters.filter((c) => isKlass(c.klass) && KLASSES[c.klass].counted).reduce((n, c) => n + c.count, 0);
}

/** 422 you_cannot_switch_to_free above 1,000 records (spec §8, §9). */
export function checkFreeAllowed(records: number): void {
  if (records > FREE_PLAN_RECORDS) throw new AppError('you_cannot_switch_to_free', BILLING_REASONS.switchToFree);
}

const LOCK_MS = PLAN_SWITCH_LOCK_HOURS * 60 * 60 * 1000;

/**
 * When the last plan switch happened: a change of `confirmed-plan` after the group's creation (a completed checkout,
 * a subscription that ended) or a request to move to free or cancel. Starting a checkout is not a switch: an
 * abandoned checkout must not lock the group.
 */
export function lastSwitchAt(confirmed: Doc | null, unconfirmed: Doc | null): number | null {
  const times: number[] = [];
  if (confirmed && revNumber(confirmed._rev) > 1) times.push(Date.parse(confirmed.updated_at));
  if (unconfirmed && (unconfirmed.value === 'free' || unconfirmed.value === 'cancel')) times.push(Date.parse(unconfirmed.updated_at));
  const valid = times.filter((t) => Number.isFinite(t));
  return valid.length ? Math.max(...valid) : null;
}

/** 429 within 24 hours of the last switch (spec §4: "a plan switch locks further switching for 24 hours"). */
export function checkSwitchLock(confirmed: Doc | null, unconfirmed: Doc | null, now: number = Date.now()): void {
  const last = lastSwitchAt(confirmed, unconfirmed);
  if (last !== null && now - last < LOCK_MS) throw new AppError('too_many_requests', BILLING_REASONS.switchLock);
}

/** The billing e-mail a checkout needs (spec §5: empty gives 'is invalid'; so does one stored before addresses were
 * checked that is not a plain address). */
export function requireBillingEmail(email: unknown): string {
  if (typeof email !== 'string' || !isPlainEmail(email.trim())) throw new AppError('unprocessable_entity', { billing_email: M.invalid });
  return email.trim();
}

export const isPaidPlan = (plan: unknown): plan is 'pro' | 'corp' => plan === 'pro' || plan === 'corp';

/**
 * The PlanPrice a group pays with: its paid confirmed plan in its mode (`livemode`), when it is the provider's
 * customer; null on free and for a sub-group, which has its parent's plan but pays nothing itself.
 */
export function paidPriceId(plan: unknown, livemode: unknown, customerId: unknown): string | null {
  if (!isPaidPlan(plan) || typeof customerId !== 'string' || customerId === '') return null;
  return planPriceId(plan, livemode === true);
}

/** Exactly one matching paid price, else 404 'We could not find any plan, please refresh the page' (spec §5). */
export function singlePaidPrice(matches: Doc[]): Doc {
  if (matches.length !== 1 || !isPaidPlan(matches[0].group_plan) || typeof matches[0].platform_price_id !== 'string') {
    throw new AppError('not_found', BILLING_REASONS.noPlan);
  }
  return matches[0];
}
