import type { AccountDoc, GroupPlan } from '@app/proto';

// The one rule for a group's plan icon and label (spec §2 top bar and membership card: free, pro, corp, locked; §4 group
// plans: locked, free, pro, corp, server, undefined). A dedicated server is a paid plan above corporate and has no icon
// of its own: it shows as corporate. No plan, or one the web app does not know, shows as free.

export const PLAN_ICONS = ['free', 'pro', 'corp', 'locked'] as const;
export type PlanIconKind = (typeof PLAN_ICONS)[number];

const ICON_OF: Record<GroupPlan, PlanIconKind> = { locked: 'locked', free: 'free', pro: 'pro', corp: 'corp', server: 'corp' };

/** The icon of a group plan; the label is the i18n key `plan.<icon>`. */
export function planIcon(plan: string | null | undefined): PlanIconKind {
  return plan && Object.prototype.hasOwnProperty.call(ICON_OF, plan) ? ICON_OF[plan as GroupPlan] : 'free';
}

/** A group's plan as GET /accounts/{id} answers it: v7_plan (locked, server, …) when given, else the confirmed plan. */
export function accountPlan(account: Partial<Pick<AccountDoc, 'v7_plan' | 'confirmed-plan'>> | null | undefined): string | undefined {
  return account?.v7_plan ?? account?.['confirmed-plan'] ?? undefined;
}
