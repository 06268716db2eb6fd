import { type FeedCredentials } from '@app/proto';

// What a subscription's HTTP Basic credentials become on a write, and where they may be sent, without I/O (security
// issue 25, item 13). The address typed may carry them (`https://user:password@host/feed`): proto's splitFeedAddress
// takes them out; they are kept apart (reader.feed_credentials) and sent to the origin they were typed for only.

/** What a write does to the stored credentials. */
export type SignIn = { action: 'keep' } | { action: 'set'; credentials: FeedCredentials } | { action: 'forget' };

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The credentials when they are for this address's origin (scheme, host and port), else null: never sent elsewhere. */
export function credentialsFor(url: string, credentials: FeedCredentials | null | undefined): FeedCredentials | null {
  if (!credentials) return null;
  return originOf(url) === credentials.origin ? credentials : null;
}

/**
 * The credentials a subscription fetches with after a write, and what the write does to the stored ones:
 * - typed in the address: they replace the stored ones;
 * - `forget` (the write sent `basic_auth_user: null`): none;
 * - otherwise the stored ones stay, while the address stays on their origin (an address moved to another site
 *   forgets them: they would never be sent there, and must not be).
 * `url` is the address stored (the feed found, which may be on another origin than the page typed).
 */
export function signInAfterWrite(input: { typed: FeedCredentials | null; forget: boolean; stored: FeedCredentials | null; url: string }): { signIn: SignIn; credentials: FeedCredentials | null } {
  const { typed, forget, stored, url } = input;
  if (typed) {
    const usable = credentialsFor(url, typed);
    if (usable) return { signIn: { action: 'set', credentials: usable }, credentials: usable };
    return { signIn: stored ? { action: 'forget' } : { action: 'keep' }, credentials: null };
  }
  if (forget || (stored && !credentialsFor(url, stored))) return { signIn: stored ? { action: 'forget' } : { action: 'keep' }, credentials: null };
  return { signIn: { action: 'keep' }, credentials: stored };
}

/** Whether a write changes whom the feed signs in as (its fetch state then starts over, due now). */
export const changesSignIn = (signIn: SignIn) => signIn.action !== 'keep';

/**
 * The userinfo of an address as the URL serializer writes it (`alice:s3cret` of `http://alice:s3cret@host/`), or null:
 * what relative links made absolute against such an address carry, to be taken out of what was stored with it.
 */
export function userinfoOf(url: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(url);
  return m ? m[1] : null;
}

/**
 * The spellings of `://<userinfo>@` that a stored text may hold: as the URL serializer writes it, and HTML-escaped
 * (sanitized content writes `&` as `&amp;` in attributes). Each is replaced by `://`.
 */
export function userinfoSpellings(userinfo: string): string[] {
  const plain = `://${userinfo}@`;
  const html = plain.replace(/&/g, '&amp;');
  return html === plain ? [plain] : [plain, html];
}
