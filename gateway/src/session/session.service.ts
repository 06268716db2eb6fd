import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcClient } from '@app/platform';
import { errors } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { ResolvedCaller } from '../auth/caller';
import { CallerResolver } from '../auth/caller.resolver';
import { SessionCookies } from '../auth/session-cookies';
import { SessionProfile, SessionProfileLoader, sessionFieldsOf } from '../auth/session-profile';
import { SessionStore } from '../auth/session.store';
import { loginBuckets } from '../rate-limit/buckets';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { objectBody } from '../http/body-parser';
import { assertJsonLogin, assertSameSiteLogin, isFailedLogin, originOf } from './login.rules';

export interface LoginAnswer {
  ok: true;
  name: string | null;
  roles: string[];
}

export interface AnonymousSession {
  ok: true;
  userCtx: { name: null; roles: string[] };
}

/**
 * /_session: login (from this site only, JSON only, rate limited on failures), the session check, logout. The session
 * keeps the user's profile (SessionProfileLoader: roles with the acc- ones, locale, user summary, memberships);
 * GET /_session always reloads it.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly profiles: SessionProfileLoader,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
    private readonly resolver: CallerResolver,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * A failed login keeps the place it took in the e-mail's and the IP's buckets before identity checked the password,
   * so parallel guesses cannot pass a check that has not counted the others yet; the 11th attempt is 429 whatever it is.
   */
  async login(request: FastifyRequest, reply: FastifyReply, rawBody: unknown): Promise<LoginAnswer> {
    assertSameSiteLogin(request.headers, [originOf(this.config.publicUrl), originOf(`${request.protocol}://${request.host}`)]);
    assertJsonLogin(request.headers['content-type']);
    const body = objectBody(rawBody);
    const username = body.username ?? body.name; // CouchDB clients send `name`
    const password = body.password;
    const answer = await this.limiter.attempt(
      loginBuckets(this.config.rateLimits, username, request.ip),
      () => this.rpc.call('identity.session.login', { username, password }),
      isFailedLogin,
    );

    const profile = await this.profiles.load(answer.user_id);
    const previous = this.cookies.sessionId(request);
    if (previous) await this.sessions.destroy(previous); // a new login never continues an old session id
    const { id, data } = await this.sessions.create({ user_id: answer.user_id, ...sessionFieldsOf(profile), checked_at: Date.now() });
    this.cookies.issue(request, reply, id, data, this.sessions.ttlSeconds);
    return { ok: true, name: answer.userCtx.name, roles: profile.userCtx.roles };
  }

  async current(caller: ResolvedCaller, request: FastifyRequest, reply: FastifyReply): Promise<SessionProfile | AnonymousSession> {
    if (caller.via === 'none') {
      if (caller.staleCookie) {
        this.cookies.clear(request, reply);
        throw errors.unauthorized();
      }
      return { ok: true, userCtx: { name: null, roles: [] } };
    }
    if (caller.fresh) return caller.fresh;
    if (caller.via === 'session') return (await this.resolver.recheck(request, reply, caller.sessionId!, caller.session!)).fresh;
    return this.profiles.load(caller.ctx.user_id!);
  }

  async logout(caller: ResolvedCaller, request: FastifyRequest, reply: FastifyReply): Promise<{ ok: true }> {
    if (caller.via === 'session') await this.sessions.destroy(caller.sessionId!, caller.session!.user_id);
    this.cookies.clear(request, reply);
    return { ok: true };
  }
}
