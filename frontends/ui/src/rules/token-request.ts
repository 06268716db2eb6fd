// A screen that needs a user token (the disk's WebDAV setup: a token with write permission is the drive's password)
// sends the person to the profile's token tab with what it needs, and gets the new token back: the tab opens with the
// permission preselected and says why, and once the token is made it offers the way back, carrying the token in the
// history entry's state (never in an address, which a proxy or the browser's history would keep).

export type TokenAccess = 'read' | 'write';

/** What the token is for: the tab's note says it in words. */
export type TokenPurpose = 'webdav';

export interface TokenRequest {
  access: TokenAccess;
  purpose: TokenPurpose | null;
  /** a path of this site to go back to (null: none, or one that was not a plain path of this site) */
  returnTo: string | null;
}

/** The profile tab where user tokens are made. */
export const TOKENS_TAB_PATH = '/user/profile';

/** The history state key under which the way back carries the new token. */
export const NEW_TOKEN_STATE = 'newToken';

/** A path of this site only: `/…`, not `//host` nor `/\host` (which browsers read as another site). */
export function isLocalPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path);
}

/** The token tab's address asking for a token: `/user/profile?page=user_tokens&access=write&for=webdav&return=…`. */
export function tokenRequestPath(request: { access: TokenAccess; purpose?: TokenPurpose; returnTo?: string }): string {
  const query = new URLSearchParams({ page: 'user_tokens', access: request.access });
  if (request.purpose) query.set('for', request.purpose);
  if (request.returnTo && isLocalPath(request.returnTo)) query.set('return', request.returnTo);
  return `${TOKENS_TAB_PATH}?${query.toString()}`;
}

/** What the token tab was asked for (read only, without a purpose or a way back, when nothing was asked). */
export function readTokenRequest(search: URLSearchParams): TokenRequest {
  const purpose = search.get('for');
  const returnTo = search.get('return');
  return {
    access: search.get('access') === 'write' ? 'write' : 'read',
    purpose: purpose === 'webdav' ? purpose : null,
    returnTo: isLocalPath(returnTo) ? returnTo : null,
  };
}

/** The new token carried back in a history entry's state, if any. */
export function newTokenOf(state: unknown): string | null {
  const token = state && typeof state === 'object' ? (state as Record<string, unknown>)[NEW_TOKEN_STATE] : undefined;
  return typeof token === 'string' && token ? token : null;
}
