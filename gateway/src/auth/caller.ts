import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CallerContext } from '@app/proto';
import type { SessionProfile } from './session-profile';
import type { SessionData } from './session.store';

// Who is calling, resolved once per request by CallerGuard and handed to every service call as proto's CallerContext.

/**
 * Declared on each route (STYLE 3):
 * - `public`: no caller is resolved (register, login, confirmation, password reset); no XSRF check.
 * - `optional`: a session or token is used when present (GET/DELETE /_session).
 * - `user` (the default): a signed-in caller is required, else 401 'Please login again'.
 */
export type AccessLevel = 'public' | 'optional' | 'user';
export const ACCESS_KEY = 'gateway:access';
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_KEY, level);

export type AuthVia = 'session' | 'token' | 'none';

export interface ResolvedCaller {
  ctx: CallerContext;
  via: AuthVia;
  /** the session cookie's id, when authenticated by a session */
  sessionId?: string;
  session?: SessionData;
  /** a session cookie came but names no live session (expired, logged out, dropped) */
  staleCookie: boolean;
  /** the profile loaded when the session was re-checked during this request */
  fresh?: SessionProfile;
}

export type GatewayRequest = FastifyRequest & { caller?: ResolvedCaller };

export function anonymousCaller(request_id: string, route_name?: string, staleCookie = false): ResolvedCaller {
  return {
    ctx: { user_id: null, db: null, roles: [], admin: false, token: null, request_id, ...(route_name ? { route_name } : {}) },
    via: 'none',
    staleCookie,
  };
}

/** The caller resolved by CallerGuard, as a handler parameter. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): ResolvedCaller => {
  const request = context.switchToHttp().getRequest<GatewayRequest>();
  if (!request.caller) throw new Error('CallerGuard did not run for this route');
  return request.caller;
});
