import {
  ACCOUNT_REASONS,
  ADMIN_FLAGS,
  AppError,
  CallerContext,
  Doc,
  errors,
  FIELD_MESSAGES as M,
  NOTIFICATION_FLAGS,
  SubscriptionDoc,
} from '@app/proto';
import { fieldsOf, normalizeEmail, SignedIn } from '../common/caller';
import { publicLabel } from '../common/privacy.rules';

// The rules of a membership (spec §3 Membership, §4 pending → accepted, §5, §6), without I/O.

export type Subscription = SubscriptionDoc & Doc;

/** Notification defaults of a new membership. */
export const MEMBER_DEFAULTS = { bookmark: false, all_notifications: false, ticket_created: true, comment_created: true } as const;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const MAX_EMAIL = 320;

// the label others read: never the address itself (the session's label is the address when there is no full name)
function userSummary(caller: SignedIn) {
  return { _id: caller.user_id, email: caller.user.email, fullname: caller.user.fullname, label: publicLabel(caller.user.fullname, caller.user.email) };
}

/** The creator of a group: an accepted administrator member (spec §6: the creator must be an administrator). */
export function creatorSubscription(accountId: string, accountName: string, caller: SignedIn): Record<string, unknown> {
  return {
    klass: 'Subscription',
    account_id: accountId,
    account_name: accountName,
    user_id: caller.user_id,
    user: userSummary(caller),
    email: caller.user.email,
    status: 'accepted',
    admin: true,
    report_view: true,
    ...MEMBER_DEFAULTS,
  };
}

export interface Invitation {
  email: string;
  admin: boolean;
  report_view: boolean;
}

function flag(value: unknown, name: string, errors: Record<string, string>): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') errors[name] = M.invalid;
  return value === true;
}

/** POST /{account_id} with klass Subscription: an address to invite and the two access flags. */
export function validateInvitation(body: Record<string, unknown>): Invitation {
  const errs: Record<string, string> = {};
  const raw = body.email;
  let email = '';
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) errs.email = M.blank;
  else if (typeof raw !== 'string' || !EMAIL.test(raw.trim())) errs.email = M.invalid;
  else if (raw.trim().length > MAX_EMAIL) errs.email = M.tooLong;
  else email = normalizeEmail(raw);
  const admin = flag(body.admin, 'admin', errs);
  const report_view = flag(body.report_view, 'report_view', errs);
  if (Object.keys(errs).length) throw new AppError('unprocessable_entity', errs);
  return { email, admin, report_view };
}

/** A pending membership: no user_id until the invitee accepts (matched by the invited address). */
export function invitationSubscription(accountId: string, accountName: string, inviter: SignedIn, inv: Invitation): Record<string, unknown> {
  return {
    klass: 'Subscription',
    account_id: accountId,
    account_name: accountName,
    email: inv.email,
    status: 'pending',
    admin: inv.admin,
    report_view: inv.report_view,
    ...MEMBER_DEFAULTS,
    invited_by_id: inviter.user_id,
    invited_by: { _id: inviter.user_id, label: publicLabel(inviter.user.fullname, inviter.user.email), gravatar_hash: inviter.user.gravatar_hash },
  };
}

export function isOwn(sub: Doc, userId: string | null): boolean {
  return !!userId && sub.user_id === userId;
}

/** A pending invitation addressed to the caller's address, whether or not they proved it is theirs. */
function addressedTo(sub: Doc, caller: SignedIn): boolean {
  return sub.user_id === undefined && sub.email === caller.user.email;
}

/**
 * The invitation is for the caller: by user id, or (before acceptance) by the invited address once the caller has
 * confirmed it — anyone can register with an address they do not own.
 */
export function isInvitee(sub: Doc, caller: SignedIn): boolean {
  return isOwn(sub, caller.user_id) || (caller.user.confirmed && addressedTo(sub, caller));
}

/** The accepted membership: the invitee's id and summary; 403 without a confirmed e-mail, 409 when already accepted. */
export function acceptInvitation(sub: Doc, caller: SignedIn): Record<string, unknown> {
  if (!isOwn(sub, caller.user_id) && !addressedTo(sub, caller)) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
  if (!caller.user.confirmed) throw errors.forbidden(ACCOUNT_REASONS.confirmFirst);
  if (sub.status !== 'pending') throw errors.conflict(ACCOUNT_REASONS.alreadyAccepted);
  return { ...fieldsOf(sub), user_id: caller.user_id, user: userSummary(caller), status: 'accepted' };
}

export interface ChangeFacts {
  /** the group's creator (Account.created_by) */
  creatorId: string | null;
}

/**
 * A PUT of a membership: the three notification flags by the member or an administrator, `admin` and `report_view`
 * by administrators only and never on their own membership; the creator stays an administrator. Other fields of the
 * body are not the client's and are ignored. Returns the fields to store and whether `admin` is being switched on.
 */
export function changeMembership(ctx: CallerContext, prev: Doc, body: Record<string, unknown>, facts: ChangeFacts): { fields: Record<string, unknown>; grantsAdmin: boolean } {
  const own = isOwn(prev, ctx.user_id);
  // even an unchanged write of someone else's membership would answer it whole (their address included)
  if (!own && !ctx.admin) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
  const changes: Record<string, boolean> = {};
  const invalid: Record<string, string> = {};
  for (const key of [...NOTIFICATION_FLAGS, ...ADMIN_FLAGS]) {
    if (!(key in body) || body[key] === prev[key]) continue;
    if (typeof body[key] !== 'boolean') invalid[key] = M.invalid;
    else changes[key] = body[key] as boolean;
  }
  if (Object.keys(invalid).length) throw new AppError('unprocessable_entity', invalid);
  for (const key of Object.keys(changes)) {
    if ((NOTIFICATION_FLAGS as readonly string[]).includes(key)) continue; // the member's own, or an administrator
    if (!ctx.admin) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
    if (own) throw errors.forbidden(ACCOUNT_REASONS.changeOwn);
    if (key === 'admin' && changes.admin === false && facts.creatorId && prev.user_id === facts.creatorId) {
      throw errors.forbidden(ACCOUNT_REASONS.creatorStays);
    }
  }
  return { fields: { ...fieldsOf(prev), ...changes }, grantsAdmin: changes.admin === true };
}

/** DELETE of a membership: administrators only, never one's own, never the creator's. */
export function checkRemoval(ctx: CallerContext, prev: Doc, facts: ChangeFacts): void {
  if (isOwn(prev, ctx.user_id)) throw errors.forbidden(ACCOUNT_REASONS.deleteOwn);
  if (!ctx.admin) throw errors.forbidden(ACCOUNT_REASONS.notAllowed);
  if (facts.creatorId && prev.user_id === facts.creatorId) throw errors.forbidden(ACCOUNT_REASONS.creatorStays);
}
