import { CallerContext, errors, publicLabel } from '@app/proto';

// What a module service reads from the gateway's CallerContext (DESIGN: tenancy). It trusts only the context: the
// gateway has already checked that the caller is an accepted member of the account addressed.

/** The group addressed (`/{account_id}/…`); module records live only in groups (403 elsewhere). */
export function groupDb(ctx: CallerContext): string {
  if (!ctx.user_id) throw errors.unauthorized();
  if (!ctx.db || !ctx.db.startsWith('acc-')) throw errors.forbidden();
  return ctx.db;
}

/**
 * Who did it, as documents record it: the user id and the public label (the full name, else the masked address).
 * Not the session's label: for a user without a full name that is the address, and every member reads these records.
 */
export function actorOf(ctx: CallerContext): { _id: string | null; label: string | null } {
  return { _id: ctx.user_id, label: ctx.user ? publicLabel(ctx.user.fullname, ctx.user.email) : null };
}
