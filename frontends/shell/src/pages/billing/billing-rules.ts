import type { DiskUsage, PlanPriceDoc, PricePlan } from '@app/proto';

// The billing screens' rules, without I/O (spec §2 billing, usage, plan selection, checkout per price; §4 group plan;
// §5 plan checkout; §9 prices in cents shown in dollars, at least 3 plans, decimal size units).

/** The plan table's order (proto's PRICE_PLANS). */
export const PLAN_ORDER = ['free', 'pro', 'corp'] as const satisfies readonly PricePlan[];

/** The plan table needs at least 3 prices (spec §5, §9). */
export const MIN_PLANS = 3;

/** One price per plan, in the order free, pro, corp; null when fewer than 3 plans can be shown ('We could not find any plan'). */
export function planTable(prices: readonly PlanPriceDoc[] | undefined): PlanPriceDoc[] | null {
  if (!prices || prices.length < MIN_PLANS) return null;
  const byPlan = new Map<PricePlan, PlanPriceDoc>();
  for (const p of prices) if (p.active !== false && PLAN_ORDER.includes(p.group_plan) && !byPlan.has(p.group_plan)) byPlan.set(p.group_plan, p);
  const rows = PLAN_ORDER.map((plan) => byPlan.get(plan)).filter((p): p is PlanPriceDoc => !!p);
  return rows.length >= MIN_PLANS ? rows : null;
}

/** Cents as US dollars with 2 decimals and the US$ prefix (spec §9), in the page's language ('US$ 6.00', 'US$ 6,00'). */
export function formatDollars(cents: number, language = 'en'): string {
  const amount = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return `US$ ${amount}`;
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Bytes in decimal units (1 kB = 1000 B, spec §9): '950 B', '1.5 kB', '12 MB'. */
export function formatSize(bytes: number, language = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

export const isPaidPlan = (plan: unknown): plan is 'pro' | 'corp' => plan === 'pro' || plan === 'corp';

/** Paid-plan subscribers see the cancel button, hidden once a cancel request is pending (spec §4). */
export function showCancelButton(confirmedPlan: unknown, unconfirmedPlan: unknown): boolean {
  return isPaidPlan(confirmedPlan) && unconfirmedPlan !== 'cancel';
}

/** A checkout needs a billing e-mail: without one the user confirms one first (spec §4, §5). */
export function needsBillingEmail(email: string | null | undefined): boolean {
  return typeof email !== 'string' || email.trim() === '';
}

/** What checkout/{price_id} does: the words free and cancel switch without payment; anything else is a price id. */
export function checkoutKind(priceId: string | undefined): 'free' | 'cancel' | 'price' {
  return priceId === 'free' || priceId === 'cancel' ? priceId : 'price';
}

export interface UsageRow {
  kind: string;
  count: number;
  size: number;
}

/** Usage per kind, biggest first, and the totals. */
export function usageRows(counts: Record<string, { count: number; size: number }> | undefined): { rows: UsageRow[]; count: number; size: number } {
  const rows = Object.entries(counts ?? {})
    .map(([kind, c]) => ({ kind, count: c.count ?? 0, size: c.size ?? 0 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.size - a.size || b.count - a.count || a.kind.localeCompare(b.kind));
  return { rows, count: rows.reduce((n, r) => n + r.count, 0), size: rows.reduce((n, r) => n + r.size, 0) };
}

/**
 * The total storage size: the records' size plus the disk's bytes (every kept version, the trash included). Files are
 * not records (they count against the plan's drive storage, not the record limit), but they are stored all the same.
 */
export function totalStorage(recordsSize: number, disk: Pick<DiskUsage, 'bytes'> | null | undefined): number {
  return recordsSize + Math.max(0, disk?.bytes ?? 0);
}

/** The disk's use as a share of the plan's drive storage, 0–100 (0 when there is no quota). */
export function quotaPercent(bytes: number, quota: number): number {
  if (!(quota > 0)) return 0;
  return Math.min(100, Math.max(0, (bytes / quota) * 100));
}

/** An API reason as the key of billing.errors (spec §8: spaces become hyphens; apostrophes, dots and commas removed). */
export function billingReasonKey(reason: string): string {
  return reason.trim().replace(/['’.,]/g, '').replace(/\s+/g, '-');
}
