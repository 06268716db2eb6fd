import { ACCOUNT_REASONS, AppError, CONFIRMED_PLANS, ConfirmedPlan, Doc, FIELD_MESSAGES as M, FREE_GROUPS_CONFIRMED, FREE_GROUPS_UNCONFIRMED } from '@app/proto';

// The rules of a group (spec §3 Account, §5 group profile edit, §6 free groups and corporate sub-groups), without I/O.

export const MAX_NAME = 200;
export const MAX_EMAIL = 320;

export interface Profile {
  name: string;
  billing_email: string | null;
}

function nameError(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return M.blank;
  if (typeof value !== 'string') return M.invalid;
  if (value.trim().length > MAX_NAME) return M.tooLong;
  return null;
}

/** The name of a new group: required (422 `{name: 'cant-be-blank'}`). */
export function validateName(value: unknown): string {
  const error = nameError(value);
  if (error) throw new AppError('unprocessable_entity', { name: error });
  return (value as string).trim();
}

// One plain address, the form registration accepts (identity judges it with validator's isEmail: no display name, no
// quoted local part, a host with a TLD). The accounts service does not declare validator, so this is a conservative
// rule of its own: it refuses at least what isEmail refuses there, and lists (commas), names (angle brackets), quotes.
const LOCAL_PART = /^[^\s@,;:<>()[\]\\"]+$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TLD = /^(?:\p{L}{2,}|xn--[a-z0-9-]{2,})$/iu;

/** Whether `address` is one plain e-mail address: local@host.tld, at most 254 characters (64 before the @). */
export function isPlainEmail(address: string): boolean {
  if (address.length > 254) return false;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && TLD.test(labels[labels.length - 1]);
}

/** The billing e-mail's field error (null when it is one plain address); the value is judged trimmed. */
export function billingEmailError(value: string): string | null {
  const v = value.trim();
  if (v.length > MAX_EMAIL) return M.tooLong;
  return isPlainEmail(v) ? null : M.invalid;
}

/**
 * The group profile after an edit: `name` required when given (a body without it keeps the name), `billing_email`
 * edited as text (spec §5) and one plain address (spec §8 "is invalid"), empty or null clears it. Other fields are
 * not the client's.
 */
export function validateProfile(body: Record<string, unknown>, prev: Profile): Profile {
  const errors: Record<string, string> = {};
  let name = prev.name;
  if ('name' in body) {
    const error = nameError(body.name);
    if (error) errors.name = error;
    else name = (body.name as string).trim();
  }
  let billing = prev.billing_email;
  if ('billing_email' in body) {
    const v = body.billing_email;
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) billing = null;
    else if (typeof v !== 'string') errors.billing_email = M.invalid;
    else if (billingEmailError(v)) errors.billing_email = billingEmailError(v)!;
    else billing = v.trim();
  }
  if (Object.keys(errors).length) throw new AppError('unprocessable_entity', errors);
  return { name, billing_email: billing };
}

/** How many free groups the caller may create or belong to, and the sentence when that is reached (spec §6). */
export function freeGroupLimit(confirmed: boolean): { max: number; reason: string } {
  return confirmed
    ? { max: FREE_GROUPS_CONFIRMED, reason: ACCOUNT_REASONS.freeGroupLimit }
    : { max: FREE_GROUPS_UNCONFIRMED, reason: ACCOUNT_REASONS.freeGroupUnconfirmed };
}

/** The plan facts of a group: its `confirmed-plan` and `parent-account-id` configuration values. */
export interface PlanFacts {
  plan: unknown;
  parent: unknown;
}

export function parentOf(facts: Pick<PlanFacts, 'parent'>): string | null {
  return typeof facts.parent === 'string' && facts.parent !== '' ? facts.parent : null;
}

/** A group on the Free plan: confirmed-plan free (the default) and not a sub-group of a corporate account. */
export function isFreeGroup(facts: PlanFacts): boolean {
  return (facts.plan === undefined || facts.plan === null || facts.plan === 'free') && !parentOf(facts);
}

/** Sub-groups exist only for corporate accounts with no parent (spec §6). */
export function canHaveSubGroups(facts: PlanFacts): boolean {
  return facts.plan === 'corp' && !parentOf(facts);
}

/**
 * The group's plan and payment facts: its `confirmed-plan`, `livemode` and `platform_customer_id` settings, and the
 * provider's price id of the plan it pays (null when it pays none).
 */
export interface PaymentFacts {
  plan: unknown;
  livemode: unknown;
  customerId: unknown;
  platformPriceId: string | null;
}

/** The confirmed plan a `confirmed-plan` value stands for: free when unset or not a plan. */
export function confirmedPlanOf(value: unknown): ConfirmedPlan {
  return (CONFIRMED_PLANS as readonly unknown[]).includes(value) ? (value as ConfirmedPlan) : 'free';
}

/**
 * The Account as the API answers it (proto AccountDoc, spec §3): the stored name and billing e-mail with the plan
 * (`confirmed-plan`, and `v7_plan`: the same plan, the field the plan icon reads), the mode (`livemode`, false until
 * a payment) and the payment ids (null when none). Only administrators get the payment ids: see presentTo.
 */
export function accountAnswer(account: Doc, facts: PaymentFacts): Doc {
  const plan = confirmedPlanOf(facts.plan);
  return {
    ...account,
    'confirmed-plan': plan,
    v7_plan: plan,
    livemode: facts.livemode === true,
    platform_price_id: facts.platformPriceId,
    platform_customer_id: typeof facts.customerId === 'string' && facts.customerId !== '' ? facts.customerId : null,
  };
}
