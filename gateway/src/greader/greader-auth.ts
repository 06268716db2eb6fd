import { createHash } from 'crypto';
import type { IncomingMessage } from 'http';
import { Injectable } from '@nestjs/common';
import { AppError, CallerContext, errors } from '@app/proto';
import { CallerResolver } from '../auth/caller.resolver';
import { RawCallers } from '../auth/raw-callers';
import { TenancyService } from '../documents/tenancy.service';

// Who calls the Google Reader API. ClientLogin takes the user's e-mail (Email) and one of their user tokens (Passwd),
// checked exactly like WebDAV's HTTP Basic (RawCallers: the login rate limits, the e-mail must be the token's user's),
// and answers that token as `Auth`; the client then sends `Authorization: GoogleLogin auth=<token>` on every call,
// verified like a bearer token (CallerResolver → TokenVerifier: a revoked token stops working at once). Every call
// addresses the group of the URL, whose membership is checked like any group call (TenancyService), and which must have
// the reader module switched on (exoreader): else 403, Google's Error=ServiceDisabled for ClientLogin.

const GOOGLE_LOGIN = /^GoogleLogin\s+auth=([^\s,]+)\s*$/i;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface LoginRequest {
  id: string;
  ip: string;
}

@Injectable()
export class GreaderAuth {
  constructor(
    private readonly callers: RawCallers,
    private readonly resolver: CallerResolver,
    private readonly tenancy: TenancyService,
  ) {}

  /** ClientLogin: the token to use as `auth`, once the e-mail, the token and the membership of the group are right. */
  async login(accountId: string, email: unknown, passwd: unknown, request: LoginRequest): Promise<{ auth: string; ctx: CallerContext }> {
    if (typeof email !== 'string' || typeof passwd !== 'string' || !email.trim() || !passwd) throw errors.unauthorized('Email and Passwd (a user token) are needed');
    const authorization = `Basic ${Buffer.from(`${email.trim()}:${passwd}`).toString('base64')}`;
    const headers = { authorization };
    const fake = { headers, method: 'POST' } as unknown as IncomingMessage;
    const caller = await this.callers.resolve(fake, { headers, id: request.id, ip: request.ip }, [], { basic: true, cookie: false });
    return { auth: passwd, ctx: await this.group(caller.ctx, accountId) };
  }

  /** The caller in the group of the URL, which must have the reader module on. */
  private async group(caller: CallerContext, accountId: string): Promise<CallerContext> {
    const ctx = await this.tenancy.resolveGroup(caller, accountId);
    this.tenancy.assertModule(ctx, 'exoreader');
    return ctx;
  }

  /**
   * The caller of a plain GET a feed reader makes with credentials in the address (the OPML of the subscriptions):
   * HTTP Basic with the e-mail and a user token, as WebDAV takes them (the login limits apply), or the Google or bearer
   * header; a read-only token is enough. 401 without them, 403 outside the group.
   */
  async readerCaller(accountId: string, request: { headers: Record<string, unknown>; id: string; ip: string }): Promise<CallerContext> {
    const authorization = typeof request.headers.authorization === 'string' ? request.headers.authorization : '';
    if (/^Basic\s/i.test(authorization)) {
      const headers = { authorization };
      const fake = { headers, method: 'GET' } as unknown as IncomingMessage;
      const caller = await this.callers.resolve(fake, { headers, id: request.id, ip: request.ip }, [], { basic: true, cookie: false });
      return this.group(caller.ctx, accountId);
    }
    if (!authorization) throw errors.unauthorized('Use your e-mail and a user token (HTTP Basic, or in the address: https://e-mail:token@host/…)');
    return this.caller(accountId, authorization, request.id);
  }

  /** The caller of an API call: 401 without `GoogleLogin auth=…` (or a bearer token) or with a bad one, 403 outside the group. */
  async caller(accountId: string, authorization: unknown, requestId: string): Promise<CallerContext> {
    const header = typeof authorization === 'string' ? authorization : '';
    const token = GOOGLE_LOGIN.exec(header)?.[1] ?? BEARER.exec(header)?.[1];
    if (!token) throw errors.unauthorized('Use Authorization: GoogleLogin auth=<the Auth of ClientLogin>');
    const resolved = await this.resolver.resolveWithoutReply({ headers: { authorization: `Bearer ${token}` }, id: requestId });
    if (!resolved || !resolved.ctx.user_id) throw errors.unauthorized();
    return this.group(resolved.ctx, accountId);
  }

  /**
   * The edit token (`T`) of `/reader/api/0/token`: derived from the auth token, so it needs no storage. Writes are
   * authenticated by the Authorization header, which a page of another site cannot send, so T is not checked.
   */
  editToken(authorization: string): string {
    return createHash('sha256').update(`greader-edit:${authorization}`).digest('base64url').slice(0, 40);
  }
}

/** What ClientLogin answers for a failure, in Google's `Error=` form, with its status. */
export function clientLoginError(err: unknown): { status: number; body: string; headers?: Record<string, string> } | null {
  if (!(err instanceof AppError)) return null;
  if (err.status === 401) return { status: 401, body: 'Error=BadAuthentication\n' };
  if (err.status === 403) return { status: 403, body: `Error=ServiceDisabled\nInfo=${typeof err.reason === 'string' ? err.reason : 'forbidden'}\n` };
  if (err.status === 429) {
    const retry = (err as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
    return { status: 429, body: 'Error=Unknown\nInfo=Too many attempts, please try again later\n', headers: retry ? { 'retry-after': String(retry) } : undefined };
  }
  return null;
}
