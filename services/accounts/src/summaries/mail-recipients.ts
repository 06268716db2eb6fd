import { randomUUID } from 'crypto';
import { CallerContext, PublicUser } from '@app/proto';
import type { RpcClient } from '@app/platform';

// Who a scheduled mail goes to: the user's address, name and language are identity's. The accounts service reads
// them with identity.user.get, the call that answers a user their own profile, in a context naming that user: an
// internal call made for the user's own mail (never routed from outside: the gateway builds every outside context).

export interface MailRecipient {
  id: string;
  email: string;
  fullname: string;
  locale: string;
  /** the address was confirmed (confirmed_at set) */
  confirmed: boolean;
}

/** A user's own context, for a call made on their behalf by the service (no token, no group). */
export function selfContext(userId: string, purpose: string): CallerContext {
  return { user_id: userId, db: userId, roles: [userId, 'user'], admin: false, token: null, request_id: `${purpose}-${randomUUID()}` };
}

/** The user as a mail needs them; null when identity no longer has the user (deleted). */
export async function readRecipient(rpc: RpcClient, userId: string, purpose: string): Promise<MailRecipient | null> {
  let user: Partial<PublicUser>;
  try {
    user = await rpc.call('identity.user.get', { ctx: selfContext(userId, purpose), name: userId, fields: ['email', 'fullname', 'locale', 'confirmed_at'] }, { timeoutMs: 10_000 });
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
  if (typeof user.email !== 'string' || user.email === '') return null;
  return { id: userId, email: user.email, fullname: user.fullname ?? '', locale: user.locale || 'en', confirmed: typeof user.confirmed_at === 'string' && user.confirmed_at !== '' };
}
