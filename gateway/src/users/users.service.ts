import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RpcClient } from '@app/platform';
import { OkReply, PublicUser, RegisterRequest, WriteReply } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { SessionCookies } from '../auth/session-cookies';
import { SessionStore } from '../auth/session.store';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { objectBody } from '../http/body-parser';
import { parseFields, revOf } from '../http/query';
import { Bucket, bucketKey, RateLimiter } from '../rate-limit/rate-limiter';

// /_users: registration, profile, e-mail confirmation and password reset, each one call to identity. The mails these
// trigger are rate limited per address and per IP.

@Injectable()
export class UsersService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  register(body: unknown): Promise<PublicUser> {
    return this.rpc.call('identity.user.register', objectBody(body) as RegisterRequest);
  }

  get(caller: ResolvedCaller, name: string, fields: unknown): Promise<Partial<PublicUser>> {
    return this.rpc.call('identity.user.get', { ctx: caller.ctx, name, fields: parseFields(fields) });
  }

  /** A password change ends the user's other sessions; this one re-reads the user on its next request. */
  async update(caller: ResolvedCaller, id: string, queryRev: unknown, rawBody: unknown): Promise<WriteReply> {
    const body = objectBody(rawBody);
    const reply = await this.rpc.call('identity.user.update', { ctx: caller.ctx, id, rev: revOf(queryRev, body), body });
    if (caller.ctx.user_id === id && body.password !== undefined && body.password !== null && body.password !== '') {
      await this.sessions.destroyOthers(id, caller.sessionId);
    }
    if (caller.via === 'session') await this.sessions.markStale(caller.sessionId!, caller.session!);
    return reply;
  }

  async requestConfirmation(request: FastifyRequest, rawBody: unknown): Promise<OkReply> {
    const body = objectBody(rawBody);
    await this.limiter.consume(...this.mailBuckets('confirmation', body.email, request.ip));
    return this.rpc.call('identity.confirmation.request', { email: body.email, locale: body.locale });
  }

  /** A confirmed e-mail changes what the session may do (accept invitations, invite): its profile is reloaded. */
  async confirm(request: FastifyRequest, token: string): Promise<OkReply> {
    const reply = await this.rpc.call('identity.confirmation.confirm', { token });
    await this.reloadSessionOf(request);
    return reply;
  }

  async requestPasswordReset(request: FastifyRequest, rawBody: unknown): Promise<OkReply> {
    const body = objectBody(rawBody);
    await this.limiter.consume(...this.mailBuckets('password', body.email, request.ip));
    return this.rpc.call('identity.password.request', { email: body.email, locale: body.locale });
  }

  /** A reset through the mailed link also confirms the e-mail (spec §4). */
  async resetPassword(request: FastifyRequest, token: string, rawBody: unknown): Promise<OkReply> {
    const body = objectBody(rawBody);
    const reply = await this.rpc.call('identity.password.reset', { token, password: body.password, password_confirmation: body.password_confirmation });
    await this.reloadSessionOf(request);
    return reply;
  }

  /**
   * These routes are public (the mailed token says who): a session cookie sent along, if any, reloads its profile on
   * its next request (a session elsewhere does within the re-check interval, or at its next GET /_session).
   */
  private async reloadSessionOf(request: FastifyRequest): Promise<void> {
    const id = this.cookies.sessionId(request);
    const session = id ? await this.sessions.get(id) : null;
    if (id && session) await this.sessions.markStale(id, session);
  }

  private mailBuckets(kind: 'confirmation' | 'password', email: unknown, ip: string): Bucket[] {
    const { mailPerEmail, mailPerIp } = this.config.rateLimits;
    const buckets: Bucket[] = [{ name: `${kind}:ip:${ip}`, limit: mailPerIp }];
    const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
    if (address) buckets.push({ name: `${kind}:email:${bucketKey(address)}`, limit: mailPerEmail });
    return buckets;
  }
}
