import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '@app/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { routeNameOf } from '../http/request-log';
import { anonymousCaller, ResolvedCaller } from './caller';
import { SessionCookies } from './session-cookies';
import { SessionProfile, SessionProfileLoader, sessionFieldsOf } from './session-profile';
import { SessionData, SessionStore } from './session.store';
import { TokenVerifier } from './token.verifier';

// Turns a request's credentials into a ResolvedCaller: a bearer token first, else the session cookie, else nobody.
// A session whose profile is older than `recheckSeconds` (or was marked stale, or predates the user summary) is loaded
// again (SessionProfileLoader): the user may have been locked out or deleted, or joined or left a group meanwhile.

@Injectable()
export class CallerResolver {
  constructor(
    private readonly profiles: SessionProfileLoader,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
    private readonly tokens: TokenVerifier,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async resolve(request: FastifyRequest, reply: FastifyReply): Promise<ResolvedCaller> {
    const route_name = routeNameOf(request);
    const authorization = request.headers.authorization;
    if (authorization) return this.fromToken(authorization, request.id, route_name);

    const sessionId = this.cookies.sessionId(request);
    if (!sessionId) return anonymousCaller(request.id, route_name);
    let session = await this.sessions.get(sessionId);
    if (!session) return anonymousCaller(request.id, route_name, true);

    let fresh: SessionProfile | undefined;
    if (this.needsRecheck(session)) {
      ({ session, fresh } = await this.recheck(request, reply, sessionId, session));
    }
    return { ...sessionCaller(sessionId, session, request.id, route_name), fresh };
  }

  /**
   * The caller of a request that needs no cookie written back (the fast lane's case): a bearer token, or a live session
   * that is not due for its re-check. `undefined` when the full pipeline must resolve it (no credentials, an unknown
   * cookie, a re-check), which then answers exactly as for any route.
   */
  async resolveWithoutReply(request: { headers: IncomingHttpHeaders; id: string }): Promise<ResolvedCaller | undefined> {
    const route_name = routeNameOf(request);
    const authorization = request.headers.authorization;
    if (authorization) return this.fromToken(authorization, request.id, route_name);
    const sessionId = this.cookies.sessionId(request);
    if (!sessionId) return undefined;
    const session = await this.sessions.get(sessionId);
    if (!session || this.needsRecheck(session)) return undefined;
    return sessionCaller(sessionId, session, request.id, route_name);
  }

  private needsRecheck(session: SessionData): boolean {
    return !session.user || Date.now() - session.checked_at > this.config.session.recheckSeconds * 1000;
  }

  /**
   * Loads the session's profile again and stores it (roles, locale, user, memberships, time). A deleted user (401) ends
   * the session; a locked-out one (403 'Please confirm your email first') keeps it but is refused until it confirms.
   */
  async recheck(request: FastifyRequest, reply: FastifyReply, sessionId: string, session: SessionData): Promise<{ session: SessionData; fresh: SessionProfile }> {
    let fresh: SessionProfile;
    try {
      fresh = await this.profiles.load(session.user_id);
    } catch (err) {
      if (err instanceof AppError && (err.status === 401 || err.status === 404)) {
        await this.sessions.destroy(sessionId, session.user_id);
        this.cookies.clear(request, reply);
        throw errors.unauthorized();
      }
      throw err;
    }
    const next: SessionData = { ...session, ...sessionFieldsOf(fresh), checked_at: Date.now() };
    await this.sessions.save(sessionId, next);
    this.cookies.issue(request, reply, sessionId, next, this.sessions.ttlSeconds); // slide the cookie with the session
    return { session: next, fresh };
  }

  private async fromToken(authorization: string, request_id: string, route_name?: string): Promise<ResolvedCaller> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw errors.unauthorized('Use a session cookie or an Authorization: Bearer token');
    const token = await this.tokens.verify(match[1]);
    return {
      ctx: {
        user_id: token.user_id,
        db: null,
        roles: token.roles,
        admin: false,
        token: { id: token.token_id, permissions: token.permissions },
        request_id,
        locale: token.locale,
        user: token.user,
        ...(route_name ? { route_name } : {}),
      },
      via: 'token',
      staleCookie: false,
    };
  }
}

function sessionCaller(sessionId: string, session: SessionData, request_id: string, route_name: string | undefined): ResolvedCaller {
  return {
    ctx: {
      user_id: session.user_id,
      db: null,
      roles: session.roles,
      admin: false,
      token: null,
      request_id,
      locale: session.locale,
      user: session.user,
      ...(route_name ? { route_name } : {}),
    },
    via: 'session',
    sessionId,
    session,
    staleCookie: false,
  };
}
