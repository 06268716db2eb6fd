import { AppError, errors, FIELD_MESSAGES, PasswordResetReply } from '@app/proto';
import type { AuthVia } from '../auth/caller';

// Rules of /_users at the gateway: who may change a profile, and which of identity's refusals count as a guess.

export const SESSION_NEEDED = 'Changing the profile or the password needs a signed-in session, not a token';

/**
 * A profile or password change needs a session cookie (and its XSRF header): a token is for the API's data and may
 * leak with a script, and it must not be enough to take the account over, whatever its permissions.
 */
export function assertProfileChangeBy(via: AuthVia): void {
  if (via !== 'session') throw errors.forbidden(SESSION_NEEDED);
}

/** identity's answer to a wrong current_password (422 `{current_password: 'is-invalid'}`): a failed password guess. */
export function isWrongCurrentPassword(err: unknown): boolean {
  if (!(err instanceof AppError) || err.status !== 422) return false;
  const reason = err.reason;
  return typeof reason === 'object' && reason !== null && reason.current_password === FIELD_MESSAGES.invalid;
}

/** The user and token ids of identity's reset answer, checked: one without them ends nothing (the caller logs it). */
export function resetTargets(answer: Partial<Record<keyof PasswordResetReply, unknown>>): { userId: string | null; tokenIds: string[] } {
  const userId = typeof answer.user_id === 'string' && answer.user_id ? answer.user_id : null;
  const ids = Array.isArray(answer.revoked_token_ids) ? answer.revoked_token_ids : [];
  return { userId, tokenIds: ids.filter((id): id is string => typeof id === 'string' && id.length > 0) };
}
