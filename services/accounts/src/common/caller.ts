import { AppError, CallerContext, CallerUser, Doc, errors } from '@app/proto';

// What the accounts service reads from the gateway's CallerContext (DESIGN: tenancy). It trusts only the context.

export interface SignedIn {
  user_id: string;
  user: CallerUser;
}

/** The signed-in caller with the user summary the gateway passes; 401 without one. */
export function signedIn(ctx: CallerContext): SignedIn {
  if (!ctx.user_id || !ctx.user) throw errors.unauthorized();
  return { user_id: ctx.user_id, user: { ...ctx.user, email: normalizeEmail(ctx.user.email) } };
}

/** The caller's own database (`/{user_id}/…`). */
export function isUserDb(ctx: CallerContext): boolean {
  return !!ctx.user_id && ctx.db === ctx.user_id;
}

/** The account addressed (`/{account_id}/…`); 403 for anything else (a user db that is not the caller's). */
export function accountDb(ctx: CallerContext): string {
  if (!ctx.user_id) throw errors.unauthorized();
  if (!ctx.db || !ctx.db.startsWith('acc-')) throw errors.forbidden();
  return ctx.db;
}

/** The database addressed, an account or the caller's own user db. */
export function anyDb(ctx: CallerContext): string {
  if (!ctx.db) throw errors.forbidden();
  if (ctx.db.startsWith('usr-') && ctx.db !== ctx.user_id) throw errors.forbidden();
  return ctx.db;
}

/** Administrator of the addressed account (the gateway's membership resolve set ctx.admin). */
export function requireAdmin(ctx: CallerContext): void {
  if (!ctx.admin) throw errors.forbidden();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The fields of a stored document without the server-stamped ones. */
export function fieldsOf(doc: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (!['_id', '_rev', 'klass', 'created_at', 'updated_at', 'created_by', '_deleted'].includes(k)) out[k] = v;
  }
  return out;
}

export function isAppError(err: unknown, key: string): err is AppError {
  return err instanceof AppError && err.error === key;
}
