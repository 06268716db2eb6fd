import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'http';
import { inlineSafe } from '@app/proto';
import { DOCS_PATH } from './openapi';
import { STATUS_PAGE_HEADERS } from '../status-page/status-page.config';

// The security headers of every answer (set here in one onSend hook; @fastify/helmet would be the library for it, but
// it is not a dependency and this is four headers). Three Content-Security-Policies:
// - the web app's HTML pages: the shell and its Module Federation remotes load from the same origin (/static/,
//   /modules/<name>/, /independent-packages/); the billing pages add Stripe.js and its embedded-checkout frames, and the
//   profile shows the gravatar image online. The app is one page: a page reached by client-side navigation keeps the
//   policy of the page first loaded, so every app page allows what any app page needs.
//   style-src allows 'unsafe-inline' because Mantine writes <style> elements (its CSS variables) and Stripe.js styles
//   its frames' containers; a nonce would mean rewriting index.html per answer. Inline scripts stay forbidden.
// - the Swagger UI page: its own scripts, its inline styles and data: images (the API's JSON at /api/docs-json).
// - everything else (JSON, files): loads nothing, so a response opened as a document can run nothing.
// Pages opened from mailed links carry their token in the path: they send no Referer at all.

// Stripe's published lists for Stripe.js and for Checkout (the embedded checkout is both)
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  img: ['https://*.stripe.com'],
};
const GRAVATAR = 'https://www.gravatar.com';

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const APP_CSP = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'", ...STRIPE.script],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', GRAVATAR, ...STRIPE.img],
  'connect-src': ["'self'", ...STRIPE.connect],
  'frame-src': STRIPE.frame,
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export const DOCS_CSP = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export const API_CSP = policy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

const REFERRER = 'strict-origin-when-cross-origin';
const TOKEN_PAGE = /^\/user\/(confirm|password)\//;

/** The headers of an answer that is not an HTML page (the fast lane's and Node's own answers use these too). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': API_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER,
});

/** The security headers for an answer to `url` with this content type. */
export function securityHeaders(url: string, contentType: string | undefined): Record<string, string> {
  // a ticket's status page (/s/<token>, issue 31) and every answer under it: its own strict policy, no Referer
  if (url.startsWith('/s/')) return { ...STATUS_PAGE_HEADERS };
  if (!contentType || !/^text\/html\b/i.test(contentType)) return { ...API_SECURITY_HEADERS };
  const path = url.split('?')[0];
  const docs = path === `/${DOCS_PATH}` || path.startsWith(`/${DOCS_PATH}/`);
  return {
    ...API_SECURITY_HEADERS,
    'content-security-policy': docs ? DOCS_CSP : APP_CSP,
    'referrer-policy': !docs && TOKEN_PAGE.test(path) ? 'no-referrer' : REFERRER,
  };
}

export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const type = reply.getHeader('content-type');
    reply.headers(securityHeaders(request.url, typeof type === 'string' ? type : undefined));
    done(null, payload);
  });
}

/**
 * User content (a file's bytes over /files and /dav) is never a page of the app's origin: a sandboxing CSP (an opened
 * HTML or SVG file runs no script and gets an origin of its own, so it cannot read the session or call the API), no
 * sniffing, framed by the app only (the disk's PDF preview), no Referer. The disk's own policy for /files is kept
 * (it is the same or stricter).
 */
export const USER_CONTENT_CSP = policy({
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  sandbox: [],
  'frame-ancestors': ["'self'"],
}).replace('sandbox ;', 'sandbox;');

/**
 * The headers the gateway sends with an answer of the disk (/files, /dav), from the disk's own: every answer gets the
 * user-content policy above and loses any CORS header (webdav-server answers `Access-Control-Allow-Origin: *` with
 * credentials allowed: any site could then read a member's files with their cookie), and a WebDAV read of a file of
 * a type a browser could run (HTML, SVG, XML…) is an attachment, as /files serves it.
 */
export function userContentHeaders(method: string | undefined, status: number, upstream: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream)) if (value !== undefined && !name.startsWith('access-control-')) out[name] = value;
  out['content-security-policy'] = typeof upstream['content-security-policy'] === 'string' ? upstream['content-security-policy'] : USER_CONTENT_CSP;
  out['x-content-type-options'] = 'nosniff';
  out['x-frame-options'] = 'SAMEORIGIN';
  out['referrer-policy'] = 'no-referrer';
  const type = typeof upstream['content-type'] === 'string' ? upstream['content-type'] : '';
  const read = method === 'GET' || method === 'HEAD';
  if (read && status >= 200 && status < 300 && !upstream['content-disposition'] && type && !inlineSafe(type)) out['content-disposition'] = 'attachment';
  return out;
}
