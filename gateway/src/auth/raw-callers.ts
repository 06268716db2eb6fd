import type { IncomingHttpHeaders, IncomingMessage } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { loginBuckets } from '../rate-limit/buckets';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { ResolvedCaller } from './caller';
import { CallerResolver } from './caller.resolver';
import { SessionCookies, UNSAFE_METHODS } from './session-cookies';
import { TokenVerifier } from './token.verifier';

// The caller of a request taken from Node's server before fastify (the disk's bytes, a bank statement's upload): the
// same checks as every route — a bearer token, HTTP Basic with the e-mail and a user token where a client can't do
// better (WebDAV), or the session cookie with the XSRF header on writes — answered without Nest's machinery.

const BASIC = /^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i;

export interface RawRequest {
  headers: IncomingHttpHeaders;
  id: string;
  ip: string;
  method?: string;
  url?: string;
}

@Injectable()
export class RawCallers {
  constructor(
    private readonly resolver: CallerResolver,
    private readonly cookies: SessionCookies,
    private readonly tokens: TokenVerifier,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Who is calling. `basic`: HTTP Basic is accepted; `cookie`: the session cookie is (a WebDAV client sends none, and a
   * page must not make a browser write through WebDAV with one). Cookies a session re-check writes go into setCookies.
   */
  async resolve(req: IncomingMessage, request: RawRequest, setCookies: string[], opts: { basic: boolean; cookie: boolean }): Promise<ResolvedCaller> {
    const basic = BASIC.exec(req.headers.authorization ?? '');
    if (basic && opts.basic) return this.basic(basic[1], request);
    if (req.headers.authorization) {
      if (basic) throw errors.unauthorized('Use an Authorization: Bearer token');
      return (await this.resolver.resolveWithoutReply(request))!;
    }
    if (!opts.cookie) throw errors.unauthorized('Use your e-mail and a user token (HTTP Basic)');
    let caller = await this.resolver.resolveWithoutReply(request);
    if (!caller) {
      // a session due for its re-check, or no session: the full resolution, its cookies written back with the answer
      const reply = { header: (name: string, value: string) => name.toLowerCase() === 'set-cookie' && setCookies.push(value) } as unknown as FastifyReply;
      const fake = { ...request, protocol: /^https:/i.test(this.config.publicUrl) ? 'https' : 'http' } as unknown as FastifyRequest;
      caller = await this.resolver.resolve(fake, reply);
    }
    if (caller.via === 'none') throw errors.unauthorized();
    if (caller.via === 'session' && UNSAFE_METHODS.has(req.method ?? 'GET')) this.cookies.assertXsrf(request, caller.session!);
    return caller;
  }

  /** HTTP Basic: the user's e-mail and one of their tokens; failures count in the login buckets (429 when full). */
  private async basic(encoded: string, request: { ip: string; id: string }): Promise<ResolvedCaller> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const email = colon > 0 ? decoded.slice(0, colon).trim().toLowerCase() : '';
    const token = colon > 0 ? decoded.slice(colon + 1) : '';
    const buckets = loginBuckets(this.config.rateLimits, email, request.ip);
    const states = await Promise.all(buckets.map((b) => this.limiter.state(b)));
    if (states.some((s, i) => s.count >= buckets[i].limit.max)) throw errors.tooManyRequests();
    try {
      const verified = await this.tokens.verify(token);
      if (!email || verified.user.email.toLowerCase() !== email) throw errors.unauthorized('E-mail or token is incorrect');
      return {
        ctx: {
          user_id: verified.user_id,
          db: null,
          roles: verified.roles,
          admin: false,
          token: { id: verified.token_id, permissions: verified.permissions },
          request_id: request.id,
          locale: verified.locale,
          user: verified.user,
        },
        via: 'token',
        staleCookie: false,
      };
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        await this.limiter.hit(...buckets);
        throw errors.unauthorized('E-mail or token is incorrect');
      }
      throw err;
    }
  }
}
