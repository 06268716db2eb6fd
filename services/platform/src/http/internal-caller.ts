import { createHmac, timingSafeEqual } from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import { CallerContext, errors } from '@app/proto';

// The caller of a request the gateway passes on over HTTP (the disk's `/files` and `/dav` bytes, which never travel over
// NATS): the gateway has authenticated it and checked the membership, and says so in a header signed with the secret
// the two processes share (INTERNAL_SECRET). The signature covers the context, the method and the path, and expires
// after a minute, so a captured header can't be replayed for another file or later.

export const CALLER_HEADER = 'x-app-caller';
export const CALLER_SIGNATURE_HEADER = 'x-app-caller-signature';
const LIFETIME_MS = 60_000;
const DEV_SECRET = 'servicedesk-development-internal-secret';

/** The shared secret; a production process refuses to start without one. */
export function internalSecret(env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.INTERNAL_SECRET;
  if (secret && secret.length >= 16) return secret;
  if (env.NODE_ENV === 'production') throw new Error('INTERNAL_SECRET (16 characters or more) must be set in production');
  return DEV_SECRET;
}

function signature(secret: string, payload: string, method: string, path: string): string {
  return createHmac('sha256', secret).update(`${method.toUpperCase()} ${path}\n${payload}`).digest('base64url');
}

/** The two headers that carry `ctx` for a request of `method` on `path` (the path only, no query). */
export function signCaller(ctx: CallerContext, secret: string, method: string, path: string, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ ctx, exp: now + LIFETIME_MS })).toString('base64url');
  return { [CALLER_HEADER]: payload, [CALLER_SIGNATURE_HEADER]: signature(secret, payload, method, path) };
}

/** The caller the gateway signed for this request, or 401 when the headers are missing, forged, for another request or old. */
export function verifyCaller(headers: IncomingHttpHeaders, secret: string, method: string, path: string, now = Date.now()): CallerContext {
  const payload = headers[CALLER_HEADER];
  const sig = headers[CALLER_SIGNATURE_HEADER];
  if (typeof payload !== 'string' || typeof sig !== 'string') throw errors.unauthorized();
  const expected = Buffer.from(signature(secret, payload, method, path));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw errors.unauthorized();
  let parsed: { ctx?: unknown; exp?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw errors.unauthorized();
  }
  if (typeof parsed.exp !== 'number' || parsed.exp < now) throw errors.unauthorized();
  const ctx = CallerContext.safeParse(parsed.ctx);
  if (!ctx.success) throw errors.unauthorized();
  return ctx.data;
}
