import type { Pool } from 'pg';
import { CallerContext, PublicUser } from '@app/proto';
import { InProcessService, startInProcess } from '@app/platform/testing/in-process-service';
import type { SunkMail } from '@app/platform/mail/testing/smtp-sink';

// Starts the identity service in-process (see startInProcess) and calls it over NATS like the gateway does.

export type IdentityHarness = InProcessService;

export function startIdentity(name: string): Promise<IdentityHarness> {
  return startInProcess({ name, service: 'identity', load: async () => (await import('../identity.module')).IdentityModule });
}

let counter = 0;
/** A fresh address for each test, so tests share the database without meeting. */
export function newEmail(tag = 'user'): string {
  return `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The context the gateway would pass for a signed-in user (or a bearer token) addressing `db`. */
export function ctxOf(userId: string | null, db: string | null = userId, token: CallerContext['token'] = null): CallerContext {
  return { user_id: userId, db, roles: userId ? [userId, 'user'] : [], admin: false, token, request_id: `test-${counter++}` };
}

export { failure } from '@app/platform/testing/callers';

/** The next mail to `to` after the `seen` ones already received (take `seen` from sink.to(to).length before acting). */
export function nextMail(h: IdentityHarness, to: string, seen: number): Promise<SunkMail> {
  return h.sink.waitFor(to, (m) => h.sink.to(to).indexOf(m) >= seen);
}

/** The token at the end of a mailed link (`/user/confirm/<token>` or `/user/password/<token>`). */
export function linkToken(mail: SunkMail, kind: 'confirm' | 'password'): string {
  const m = new RegExp(`/user/${kind}/([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m) throw new Error(`no /user/${kind}/ link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}

/** Sets a date field of a stored user to `hoursAgo` hours in the past (the 30-day and 24-hour rules). */
export async function backdate(pool: Pool, userId: string, field: string, hoursAgo: number): Promise<void> {
  const when = new Date(Date.now() - hoursAgo * 3600 * 1000).toISOString();
  const res = await pool.query(
    `UPDATE identity.documents SET body = jsonb_set(body, $1::text[], to_jsonb($2::text)) WHERE account_id = '_users' AND id = $3`,
    [[field], when, userId],
  );
  if (res.rowCount !== 1) throw new Error(`no user ${userId}`);
}

export interface Registered {
  user: PublicUser;
  email: string;
  password: string;
}

/** Registers a user with a password (and optionally confirms it through the mailed link). */
export async function registerUser(h: IdentityHarness, opts: { locale?: string; fullname?: string; confirm?: boolean; email?: string } = {}): Promise<Registered> {
  const email = opts.email ?? newEmail();
  const password = 'correct horse battery';
  const user = await h.rpc.call('identity.user.register', {
    email,
    fullname: opts.fullname ?? 'Test User',
    password,
    password_confirmation: password,
    accept: true,
    locale: opts.locale ?? 'en',
  });
  if (opts.confirm) {
    const mail = await h.sink.waitFor(email);
    await h.rpc.call('identity.confirmation.confirm', { token: linkToken(mail, 'confirm') });
  }
  return { user, email, password };
}
