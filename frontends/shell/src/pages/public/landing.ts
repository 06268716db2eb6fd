import type { GroupPlan } from '@app/proto';

// The landing page's content (spec §2: preview, features, screenshots, pricing, FAQ of 6 entries); texts in public.*.
export const FEATURES = ['tickets', 'customers', 'finance', 'disk', 'notes', 'reader', 'groups', 'api'] as const;
export const SCREENSHOTS = ['dashboard', 'tickets', 'finance'] as const;
/** Plans with the spec §9 figures (the texts carry them, per language). */
export const PLANS = [
  { key: 'free', monthly: false },
  { key: 'pro', monthly: true },
  { key: 'corp', monthly: true },
  { key: 'server', monthly: false },
] as const satisfies ReadonlyArray<{ key: GroupPlan; monthly: boolean }>;
export const FAQ_COUNT = 6;
