import { ACCOUNT_REASONS, AppError, FIELD_MESSAGES as M, FREE_GROUPS_CONFIRMED, FREE_GROUPS_UNCONFIRMED } from '@app/proto';

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

/**
 * The group profile after an edit: `name` required when given (a body without it keeps the name), `billing_email`
 * free text (spec §5: "billing email edited as text"), empty or null clears it. Other fields are not the client's.
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
    else if (v.trim().length > MAX_EMAIL) errors.billing_email = M.tooLong;
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
