import type { IncomingHttpHeaders } from 'http';
import type { FastifyReply } from 'fastify';

// Cookies, read and written here. (@fastify/cookie 11 loads the ESM-only `cookie` package with a dynamic import(),
// which Jest's CommonJS sandbox refuses, so the gateway could not start inside the test suites with it; the two
// cookies the gateway uses need only this much of RFC 6265.)

export const SESSION_COOKIE = 'AuthSession';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'lax';
  secure: boolean;
  /** seconds; 0 expires the cookie now */
  maxAge?: number;
}

/** The cookies of a Cookie header; the first of duplicate names wins, undecodable values are kept as sent. */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!TOKEN.test(name)) throw new Error(`invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
    parts.push(`Expires=${new Date(Date.now() + options.maxAge * 1000).toUTCString()}`);
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

export function readCookie(request: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  return parseCookieHeader(request.headers.cookie)[name];
}

/** Adds a Set-Cookie header (fastify keeps every set-cookie value, it does not replace the previous one). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', serializeCookie(name, value, options));
}

export function clearCookie(reply: FastifyReply, name: string, options: Omit<CookieOptions, 'maxAge'>): void {
  setCookie(reply, name, '', { ...options, maxAge: 0 });
}
