import { createHash, randomUUID } from 'crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { clientAddress } from '../http/client-address';
import { loginBuckets } from '../rate-limit/buckets';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { ResolvedCaller } from './caller';
import { CallerResolver } from './caller.resolver';
import { SessionCookies, UNSAFE_METHODS } from './session-cookies';
import { TokenVerifier, type VerifiedToken } from './token.verifier';

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

/** A request taken from Node's server as the raw doors pass it on: a new id, the client's address as fastify's routes see it. */
export function rawRequest(req: IncomingMessage, trustProxy: boolean): RawRequest {
  return { method: req.method, url: req.url, headers: req.headers, id: randomUUID(), ip: clientAddress(req, trustProxy) };
}

@Injectable()
export class RawCallers {
  /** Checks of one e-mail and token under way, by their hash: the requests that come meanwhile wait for that check. */
  private readonly checking = new Map<string, Promise<VerifiedToken>>();

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

  /**
   * HTTP Basic: the user's e-mail and one of their tokens. A token verified moments ago (in the verifier's cache) with
   * its own e-mail passes without touching the limits; any other attempt holds a place in the login buckets while it
   * is checked, atomically as the web login does (429 when full), and keeps it only when it fails: parallel wrong
   * attempts once all read "not full" before any of them counted. Requests with the same e-mail and token that come
   * while they are checked wait for that one check: a sync client opens 8–16 requests at once, and when none found a
   * cached answer (at its start, or when the answer's 30 s were up) each took a place, the e-mail's 10 were full and
   * the right token was refused 429 with a Retry-After of up to a minute (rclone waits it out).
   */
  private async basic(encoded: string, request: { ip: string; id: string }): Promise<ResolvedCaller> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const email = colon > 0 ? decoded.slice(0, colon).trim().toLowerCase() : '';
    const token = colon > 0 ? decoded.slice(colon + 1) : '';
    const known = email ? await this.tokens.cached(token) : undefined;
    if (known && known.user.email.toLowerCase() === email) return tokenCaller(known, request.id);
    const key = createHash('sha256').update(`${email}\n${token}`).digest('base64url');
    let check = this.checking.get(key);
    if (!check) {
      check = this.check(email, token, request.ip).finally(() => this.checking.delete(key));
      this.checking.set(key, check);
    }
    return tokenCaller(await check, request.id);
  }

  private check(email: string, token: string, ip: string): Promise<VerifiedToken> {
    const buckets = loginBuckets(this.config.rateLimits, email, ip);
    return this.limiter
      .attempt(
        buckets,
        async () => {
          const answer = await this.tokens.verify(token);
          if (!email || answer.user.email.toLowerCase() !== email) throw errors.unauthorized('E-mail or token is incorrect');
          return answer;
        },
        (err) => err instanceof AppError && err.status === 401,
      )
      .catch((err: unknown) => {
        // a full bucket is a TooManyRequestsError: 429 with its Retry-After
        throw err instanceof AppError && err.status === 401 ? errors.unauthorized('E-mail or token is incorrect') : err;
      });
  }
}

function tokenCaller(verified: VerifiedToken, requestId: string): ResolvedCaller {
  return {
    ctx: {
      user_id: verified.user_id,
      db: null,
      roles: verified.roles,
      admin: false,
      token: { id: verified.token_id, permissions: verified.permissions },
      request_id: requestId,
      locale: verified.locale,
      user: verified.user,
    },
    via: 'token',
    staleCookie: false,
  };
}
