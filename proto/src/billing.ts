import { z } from 'zod';
import { CallerContext } from './context';
import { FindQuery } from './documents';

// Plans and billing (spec §3 Plan price, §4 Group plan, §5 plan checkout and finding a price, §7 POST /prices/_find and
// the subscription update handlers, §9 plans): plan prices live in the accounts service's database `prices`; the
// payment provider (Stripe) is reached only by the accounts service.

/** The database that holds the PlanPrice documents (`POST /prices/_find`). */
export const PRICES_DB = 'prices';

/** Records a Free group may hold; switching to free is refused above it (spec §9). */
export const FREE_PLAN_RECORDS = 1000;
/** A plan switch locks further switching for this long (spec §4, §9). */
export const PLAN_SWITCH_LOCK_HOURS = 24;

/** The plans a price is for; free is synthesised at 0 for live and test (spec §9). */
export const PRICE_PLANS = ['free', 'pro', 'corp'] as const;
export type PricePlan = (typeof PRICE_PLANS)[number];

/** What `unconfirmed-plan` holds besides a price id (spec §3). */
export const PLAN_REQUESTS = ['free', 'cancel'] as const;
export type PlanRequest = (typeof PLAN_REQUESTS)[number];

export const BILLING_REASONS = {
  noPlan: 'We could not find any plan, please refresh the page',
  switchToFree: 'You can not switch to the free plan because you used more than 1,000 records',
  switchLock: 'You can switch plans only once every 24 hours, please try again later',
  nothingToCancel: 'There is no paid plan to cancel',
  notConfigured: 'The payment provider is not configured',
  badSignature: 'The webhook signature is invalid',
} as const;

/** A plan price (spec §3): unit_amount in cents; platform_price_id is the provider's price (null for free). */
export const PlanPriceDoc = z.object({
  _id: z.string(),
  _rev: z.string(),
  klass: z.literal('PlanPrice'),
  livemode: z.boolean(),
  group_plan: z.enum(PRICE_PLANS),
  unit_amount: z.number().int().min(0),
  platform_price_id: z.string().nullable(),
  active: z.boolean(),
});
export type PlanPriceDoc = z.infer<typeof PlanPriceDoc>;

/** accounts.prices.find (POST /prices/_find): active plan prices matching the selector. */
export const PricesFindRequest = z.object({ ctx: CallerContext, query: FindQuery });
export type PricesFindRequest = z.infer<typeof PricesFindRequest>;

/** accounts.billing.config (GET /billing/config): what the web app needs to load the provider's form. */
export const BillingConfigRequest = z.object({});
export type BillingConfigRequest = z.infer<typeof BillingConfigRequest>;
export const BillingConfigReply = z.object({
  /** null when no payment provider is configured (development, tests): the web app shows a notice instead */
  publishable_key: z.string().nullable(),
  /** the mode of the configured keys: the prices offered are the ones of this mode */
  livemode: z.boolean(),
});
export type BillingConfigReply = z.infer<typeof BillingConfigReply>;

/** accounts.billing.checkout (POST /{account_id}/_checkout {price_id}): an embedded checkout session for a paid plan. */
export const CheckoutRequest = z.object({ ctx: CallerContext, price_id: z.unknown().optional() });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;
export const CheckoutReply = z.object({
  client_secret: z.string(),
  session_id: z.string(),
  customer_id: z.string(),
  livemode: z.boolean(),
  price: PlanPriceDoc,
});
export type CheckoutReply = z.infer<typeof CheckoutReply>;

/** accounts.billing.webhook (POST /billing/webhook): the provider's event, exactly as received, and its signature. */
export const WebhookRequest = z.object({ payload: z.string(), signature: z.string() });
export type WebhookRequest = z.infer<typeof WebhookRequest>;
export const WebhookReply = z.object({ received: z.literal(true), handled: z.boolean() });
export type WebhookReply = z.infer<typeof WebhookReply>;
