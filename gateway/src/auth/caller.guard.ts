import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { errors } from '@app/proto';
import { assertDatabaseParams } from '../documents/tenancy.service';
import { routeNameOf } from '../http/request-log';
import { ACCESS_KEY, AccessLevel, anonymousCaller, GatewayRequest } from './caller';
import { CallerResolver } from './caller.resolver';
import { SessionCookies, UNSAFE_METHODS } from './session-cookies';

/**
 * The global guard: refuses a `{db}` or `{account_id}` that cannot be a database (404), resolves the caller once per
 * request (see CallerResolver), enforces the route's @Access level and the XSRF double submit for unsafe methods
 * authenticated by the session cookie.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: CallerResolver,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<AccessLevel>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? 'user';
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    const reply = http.getResponse<FastifyReply>();

    assertDatabaseParams(request.params);
    if (access === 'public') {
      request.caller = anonymousCaller(request.id, routeNameOf(request));
      return true;
    }
    const caller = await this.resolver.resolve(request, reply);
    if (access === 'user' && caller.via === 'none') {
      if (caller.staleCookie) this.cookies.clear(request, reply);
      throw errors.unauthorized();
    }
    if (caller.via === 'session' && UNSAFE_METHODS.has(request.method)) this.cookies.assertXsrf(request, caller.session!);
    request.caller = caller;
    return true;
  }
}
