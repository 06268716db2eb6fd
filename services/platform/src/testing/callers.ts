import { randomBytes } from 'crypto';
import { AppError, type CallerContext } from '@app/proto';

// Who calls a service in its tests: users as the gateway knows them and the CallerContext it would pass, built by hand
// (no identity service needed), and the AppError a call fails with. Shared by every service's test harness.

let counter = 0;

/** A short id no other test of the run has. */
export const uniqueId = (): string => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** A signed-in user as the gateway knows it (identity is not needed: the context carries the user summary). */
export interface TestUser {
  user_id: string;
  email: string;
  fullname: string;
  confirmed: boolean;
  locale: string;
}

/** `fullname: ''` stands for a user without a full name. */
export function newUser(opts: { confirmed?: boolean; locale?: string; fullname?: string; email?: string } = {}): TestUser {
  const id = uniqueId();
  return {
    user_id: `usr-${id}`,
    email: opts.email ?? `user-${id}@example.com`,
    fullname: opts.fullname ?? `User ${id}`,
    confirmed: opts.confirmed ?? true,
    locale: opts.locale ?? 'en',
  };
}

/** The context the gateway would pass for `user` addressing `db` (default: the user's own db). */
export function ctxOf(user: TestUser, db: string | null = user.user_id, opts: { admin?: boolean; token?: CallerContext['token'] } = {}): CallerContext {
  return {
    user_id: user.user_id,
    db,
    roles: [user.user_id, 'user'],
    admin: opts.admin ?? false,
    token: opts.token ?? null,
    request_id: `test-${counter++}`,
    locale: user.locale,
    // as identity sends it: the label is the full name, else the address
    user: { email: user.email, fullname: user.fullname || null, label: user.fullname || user.email, gravatar_hash: 'd41d8cd98f00b204e9800998ecf8427e', confirmed: user.confirmed },
  };
}

/** The AppError a call fails with (fails the test if it succeeds). */
export async function failure(p: Promise<unknown>): Promise<{ error: string; reason: unknown; status: number }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { error: err.error, reason: err.reason, status: err.status };
    throw err;
  }
  throw new Error('expected the call to fail');
}
