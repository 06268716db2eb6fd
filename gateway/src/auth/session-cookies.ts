import { timingSafeEqual } from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { clearCookie, CookieOptions, readCookie, SESSION_COOKIE, setCookie, XSRF_COOKIE, XSRF_HEADER } from '../http/cookies';
import type { SessionData } from './session.store';

// The two cookies of a session: `AuthSession` (httpOnly) and `XSRF-TOKEN` (readable by the page, echoed back in the
// X-XSRF-TOKEN header on unsafe requests: double submit). Both SameSite=Lax, Path=/, and Secure when the product is
// served over https (PUBLIC_URL), when the request came over TLS, or with COOKIE_SECURE=true. PUBLIC_URL decides by
// default because a TLS proxy usually speaks plain http to the gateway, and X-Forwarded-Proto counts only with
// TRUST_PROXY.

export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

@Injectable()
export class SessionCookies {
  private readonly alwaysSecure: boolean;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.alwaysSecure = config.cookieSecure || /^https:/i.test(config.publicUrl);
  }

  sessionId(request: { headers: IncomingHttpHeaders }): string | undefined {
    return readCookie(request, SESSION_COOKIE) || undefined;
  }

  private options(request: FastifyRequest, httpOnly: boolean, maxAge: number): CookieOptions {
    const secure = this.alwaysSecure || request.protocol === 'https';
    return { path: '/', httpOnly, sameSite: 'lax', secure, maxAge };
  }

  issue(request: FastifyRequest, reply: FastifyReply, sessionId: string, data: SessionData, maxAge: number): void {
    setCookie(reply, SESSION_COOKIE, sessionId, this.options(request, true, maxAge));
    setCookie(reply, XSRF_COOKIE, data.xsrf, this.options(request, false, maxAge));
  }

  clear(request: FastifyRequest, reply: FastifyReply): void {
    clearCookie(reply, SESSION_COOKIE, this.options(request, true, 0));
    clearCookie(reply, XSRF_COOKIE, this.options(request, false, 0));
  }

  /** Double submit: the X-XSRF-TOKEN header must equal the session's token. */
  assertXsrf(request: { headers: IncomingHttpHeaders }, data: SessionData): void {
    const raw = request.headers[XSRF_HEADER];
    const sent = Buffer.from(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
    const want = Buffer.from(data.xsrf);
    if (sent.length !== want.length || !timingSafeEqual(sent, want)) throw errors.forbidden('Invalid or missing XSRF token');
  }
}
