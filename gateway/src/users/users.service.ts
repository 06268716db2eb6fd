import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcClient } from '@app/platform';
import { OkReply, PublicUser, RegisterRequest, WriteReply } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { SessionCookies } from '../auth/session-cookies';
import { SessionStore } from '../auth/session.store';
import { TokenVerifier } from '../auth/token.verifier';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { objectBody } from '../http/body-parser';
import { parseFields, revOf } from '../http/query';
import { loginBuckets, registrationBuckets } from '../rate-limit/buckets';
import { Bucket, bucketKey, RateLimiter } from '../rate-limit/rate-limiter';
import { assertProfileChangeBy, isWrongCurrentPassword, resetTargets } from './users.rules';

// /_users: registration, profile, e-mail confirmation and password reset, each one call to identity. Registrations
// are limited per IP, the mails these trigger per address and per IP, and a wrong current_password counts as a
// failed login.

const logger = new Logger('users');

@Injectable()
export class UsersService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
    private readonly tokens: TokenVerifier,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Every attempt counts, refused or not: a bot cannot create accounts, nor probe taken addresses, in bulk. */
  async register(request: FastifyRequest, body: unknown): Promise<PublicUser> {
    await this.limiter.consume(...registrationBuckets(this.config.rateLimits, request.ip));
    return this.rpc.call('identity.user.register', objectBody(body) as RegisterRequest);
  }

  get(caller: ResolvedCaller, name: string, fields: unknown): Promise<Partial<PublicUser>> {
    return this.rpc.call('identity.user.get', { ctx: caller.ctx, name, fields: parseFields(fields) });
  }

  /**
   * Session callers only (a token gets 403). The current password is a guess like a login's: it takes a place in the
   * caller's login buckets (their e-mail, the IP) before identity checks it, and keeps it when it was wrong. A password
   * change ends the user's other sessions (API tokens stay: the user manages them on their own); this one re-reads the
   * user on its next request.
   */
  async update(caller: ResolvedCaller, request: FastifyRequest, id: string, queryRev: unknown, rawBody: unknown): Promise<WriteReply> {
    assertProfileChangeBy(caller.via);
    const body = objectBody(rawBody);
    const buckets = loginBuckets(this.config.rateLimits, caller.session!.user?.email, request.ip);
    const reply = await this.limiter.attempt(
      buckets,
      () => this.rpc.call('identity.user.update', { ctx: caller.ctx, id, rev: revOf(queryRev, body), body }),
      isWrongCurrentPassword,
    );
    if (caller.ctx.user_id === id && body.password !== undefined && body.password !== null && body.password !== '') {
      await this.sessions.destroyOthers(id, caller.sessionId);
    }
    await this.sessions.markStale(caller.sessionId!, caller.session!);
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

  /**
   * A reset through the mailed link (which also confirms the e-mail, spec §4) is what a user does when someone else
   * may know the password: every session of the user ends, the tokens identity revoked stop working at once, and the
   * cookies the request came with are cleared. The answer names nobody (the link's holder need not be signed in).
   */
  async resetPassword(request: FastifyRequest, reply: FastifyReply, token: string, rawBody: unknown): Promise<OkReply> {
    const body = objectBody(rawBody);
    const answer = await this.rpc.call('identity.password.reset', {
      token,
      password: body.password,
      password_confirmation: body.password_confirmation,
    });
    const { userId, tokenIds } = resetTargets(answer);
    if (userId) await this.sessions.destroyOthers(userId);
    else logger.error('identity.password.reset answered without user_id: the user’s sessions were not ended');
    for (const id of tokenIds) await this.tokens.forget(id);

    const cookie = this.cookies.sessionId(request);
    if (cookie) {
      const session = await this.sessions.get(cookie);
      if (session) await this.sessions.destroy(cookie, session.user_id); // another user's session in this browser too
      this.cookies.clear(request, reply);
    }
    return { ok: true };
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
