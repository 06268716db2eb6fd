import type { GroupPlan } from '@app/proto';
import type { ModuleName } from '../../modules/active-module';

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

/** The features and screenshots that show an optional module: marked "coming soon" until its remote is deployed. */
export const FEATURE_MODULES: Partial<Record<(typeof FEATURES)[number] | (typeof SCREENSHOTS)[number], Exclude<ModuleName, 'ticket'>>> = {
  finance: 'finance',
  disk: 'disk',
  notes: 'notes',
  reader: 'reader',
};
/** The plans whose price is a stored plan price (the plan page's figures); the dedicated server is quoted. */
export const STORED_PRICE_PLANS = ['free', 'pro', 'corp'] as const satisfies readonly GroupPlan[];
