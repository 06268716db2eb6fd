import { PASSWORD_RESET_HOURS } from '@app/proto';
import { confirmedFields, UserDoc, UserFields } from '../users/user.rules';

/** spec §9: a reset link is valid 24 hours. */
export function resetExpired(sentAt: string | null, now = new Date()): boolean {
  const sent = sentAt ? Date.parse(sentAt) : NaN;
  return !Number.isFinite(sent) || now.getTime() - sent > PASSWORD_RESET_HOURS * 3600 * 1000;
}

/**
 * What a reset sets besides the password. The link proved the reader owns the address it went to, so that address is
 * confirmed: a pending unconfirmed_email the link went to becomes the e-mail; a link sent to the e-mail confirms it
 * (and leaves a pending change pending, since nobody has shown they own the new address).
 */
export function resetFields(user: UserDoc, now: string): Partial<UserFields> {
  const base: Partial<UserFields> = { reset_password_token_hash: null, reset_password_sent_at: null, reset_password_sent_to: null };
  if (user.unconfirmed_email && user.reset_password_sent_to === user.unconfirmed_email) return { ...base, ...confirmedFields(user, now) };
  if (!user.confirmed_at && user.reset_password_sent_to === user.email) return { ...base, confirmed_at: now };
  return base;
}
