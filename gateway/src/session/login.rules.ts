import { AppError, errors } from '@app/proto';

// Who may open a session. A page of another site can make a browser post a login form (login CSRF): the victim's
// browser is then signed into the attacker's account and what they type lands there. Browsers say where a request
// comes from (Origin on every POST, Sec-Fetch-Site in current ones), and only JSON is taken, which a cross-site page
// cannot send without the browser asking the gateway first (CORS), which it never allows.

export const CROSS_SITE_LOGIN = 'Logins from another site are refused';
export const JSON_ONLY = 'Unsupported Media Type: send the body as application/json';

type Header = string | string[] | undefined;

function first(value: Header): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `scheme://host[:port]` of a URL, or null for anything that is not one (an Origin of `null`, say). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * 403 when the browser says the login comes from another site: Sec-Fetch-Site `cross-site`, or an Origin that is not
 * one of `allowed` (the web app's PUBLIC_URL and the address the request was sent to). Without either header (API
 * clients, scripts) the login is taken: they are not browsers a page can drive.
 */
export function assertSameSiteLogin(headers: { origin?: Header; 'sec-fetch-site'?: Header }, allowed: Array<string | null>): void {
  if (first(headers['sec-fetch-site'])?.trim().toLowerCase() === 'cross-site') throw errors.forbidden(CROSS_SITE_LOGIN);
  const origin = first(headers.origin);
  if (origin === undefined) return;
  const from = originOf(origin.trim());
  if (!from || !allowed.includes(from)) throw errors.forbidden(CROSS_SITE_LOGIN);
}

/** 415 for a login body that is not JSON (a form post); no body at all is left to the missing-fields answer. */
export function assertJsonLogin(contentType: Header): void {
  const type = first(contentType);
  if (type === undefined || type.trim() === '') return;
  if (type.split(';')[0].trim().toLowerCase() !== 'application/json') throw new AppError('unsupported_media_type', JSON_ONLY);
}

/** A refusal of the password (identity's 401) counts as a failed login; anything else gives the place back. */
export function isFailedLogin(err: unknown): boolean {
  return err instanceof AppError && err.status === 401;
}
