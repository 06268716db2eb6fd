import { createHmac, timingSafeEqual } from 'crypto';
import { AppError, UNSUBSCRIBE_PURPOSES, UNSUBSCRIBE_REASONS, UnsubscribePurpose } from '@app/proto';

// The token of a mailed unsubscribe link: `<user id>.<purpose>.<HMAC-SHA256 of both, base64url>`, keyed by a key
// derived from INTERNAL_SECRET for this use alone. It names one user and what to stop, it does not expire (a summary
// read months later must still stop the next one) and it can do nothing but switch that user's mails off.

const USER_ID = /^usr-[A-Za-z0-9_-]{1,80}$/;

/** The key the tokens are signed with: the shared secret, narrowed to this purpose (a token is no other signature). */
export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('servicedesk mail unsubscribe v1').digest();
}

function signature(key: Buffer, userId: string, purpose: string): string {
  return createHmac('sha256', key).update(`${userId}\n${purpose}`).digest('base64url');
}

export function unsubscribeToken(key: Buffer, userId: string, purpose: UnsubscribePurpose): string {
  if (!USER_ID.test(userId)) throw new Error(`not a user id: ${userId}`);
  return `${userId}.${purpose}.${signature(key, userId, purpose)}`;
}

/** The user and purpose a token names; 400 with one reason for anything else (malformed, unknown purpose, forged). */
export function verifyUnsubscribeToken(key: Buffer, token: string): { userId: string; purpose: UnsubscribePurpose } {
  const invalid = new AppError('bad_request', UNSUBSCRIBE_REASONS.invalid);
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid;
  const [userId, purpose, sig] = parts;
  if (!USER_ID.test(userId) || !(UNSUBSCRIBE_PURPOSES as readonly string[]).includes(purpose)) throw invalid;
  const want = Buffer.from(signature(key, userId, purpose));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw invalid;
  return { userId, purpose: purpose as UnsubscribePurpose };
}

/** `${publicUrl}/mail/unsubscribe?token=…&lang=…`: the gateway's page (GET) and one-click address (POST). */
export function unsubscribeLink(publicUrl: string, token: string, locale: string): string {
  const lang = /^pt/i.test(locale) ? 'pt-BR' : 'en';
  return `${publicUrl.replace(/\/+$/, '')}/mail/unsubscribe?token=${encodeURIComponent(token)}&lang=${lang}`;
}
