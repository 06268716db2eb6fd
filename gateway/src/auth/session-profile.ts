import { Injectable, Logger } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import { AppError, RolesGetReply, SessionReply } from '@app/proto';

// What the gateway knows about a signed-in user, loaded in one place for the login, the 60 s re-check of a session,
// GET /_session and the bearer-token verifier: identity's answer (userCtx, locale, confirmed, the user summary) plus
// the accounts service's session roles (acc- ids of accepted memberships and pending invitations) and memberships.

const logger = new Logger('session-profile');

/** GET /_session's answer: identity's roles `[user_id, 'user']` followed by the acc- roles; `memberships` from accounts. */
export type SessionProfile = SessionReply;

@Injectable()
export class SessionProfileLoader {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Identity's errors pass through (401: the user is gone; 403: locked until the e-mail is confirmed). When the accounts
   * service does not answer (503), the profile has identity's roles only and no `memberships`.
   */
  async load(user_id: string): Promise<SessionProfile> {
    const identity = await this.rpc.call('identity.session.get', { user_id });
    const accounts = await this.accountRoles(user_id, identity.user.email, identity.confirmed);
    if (!accounts) {
      const { memberships: _ignored, ...rest } = identity;
      void _ignored;
      return rest;
    }
    const roles = [...identity.userCtx.roles];
    for (const role of accounts.roles) if (!roles.includes(role)) roles.push(role);
    return { ...identity, userCtx: { ...identity.userCtx, roles }, memberships: accounts.memberships };
  }

  /** Invitations addressed to the e-mail count only once the user has proved it (`confirmed`). */
  private async accountRoles(user_id: string, email: string, confirmed: boolean): Promise<RolesGetReply | null> {
    try {
      return await this.rpc.call('accounts.roles.get', { user_id, email, confirmed });
    } catch (err) {
      if (err instanceof AppError && err.status === 503) {
        logger.warn(`accounts.roles.get for ${user_id}: ${err.message}; the session has identity's roles only`);
        return null;
      }
      throw err;
    }
  }
}

/** The fields of a stored session that come from the profile (a missing `memberships` clears the old list). */
export function sessionFieldsOf(profile: SessionProfile) {
  return { roles: profile.userCtx.roles, locale: profile.locale, user: profile.user, memberships: profile.memberships };
}
