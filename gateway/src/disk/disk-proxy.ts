import { randomUUID } from 'crypto';
import { request as httpRequest, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signCaller } from '@app/platform';
import { AppError, CallerContext, errors } from '@app/proto';
import { CallerResolver } from '../auth/caller.resolver';
import { ResolvedCaller } from '../auth/caller';
import { SessionCookies, UNSAFE_METHODS } from '../auth/session-cookies';
import { TokenVerifier } from '../auth/token.verifier';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { TenancyService } from '../documents/tenancy.service';
import { logFailure } from '../http/error.filter';
import { toErrorResponse } from '../http/error-mapping';
import { APP_VERSION_HEADER, logRequest } from '../http/request-log';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { loginBuckets } from '../rate-limit/buckets';

// `/files/{account_id}/…` and `/dav/{account_id}/…`: a file's bytes, streamed between the client and the disk service's
// HTTP server without being parsed or held (DESIGN: file bytes never travel over NATS). Taken from Node's server before
// fastify, like the fast lane, so no body parser touches them. The gateway authenticates the caller (WebDAV: HTTP
// Basic with the e-mail and a user token, or a bearer token; /files also a session cookie, with the XSRF header on
// writes), checks the group membership like every group call, and signs the caller into the request it passes on.

const DISK_PATH = /^\/(files|dav)\/([^/?#]+)(?:[/?#]|$)/;
const BASIC = /^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i;
/** hop-by-hop and credential headers never passed on (Host is: tagged If headers name the client's host) */
const DROPPED = new Set(['authorization', 'cookie', 'connection', 'keep-alive', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'x-app-caller', 'x-app-caller-signature']);
const REALM = 'Basic realm="ServiceDesk disk", charset="UTF-8"';

@Injectable()
export class DiskProxy {
  private readonly target: URL;

  constructor(
    private readonly resolver: CallerResolver,
    private readonly cookies: SessionCookies,
    private readonly tokens: TokenVerifier,
    private readonly tenancy: TenancyService,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.target = new URL(config.diskUrl);
  }

  /** Serves a /files or /dav request and returns true; false for any other path (fastify's). */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    const match = DISK_PATH.exec(req.url ?? '');
    if (!match) return false;
    void this.serve(req, res, match[1] as 'files' | 'dav', decodeSafe(match[2]));
    return true;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, door: 'files' | 'dav', accountId: string): Promise<void> {
    const started = performance.now();
    const request = { method: req.method, url: req.url, headers: req.headers, id: randomUUID(), ip: req.socket.remoteAddress ?? '' };
    const setCookies: string[] = [];
    let user: string | null = null;
    try {
      if (!accountId.startsWith('acc-')) throw errors.notFound('no group: a group id starts with acc-');
      const caller = await this.authenticate(req, door, request, setCookies);
      user = caller.ctx.user_id;
      const ctx: CallerContext = await this.tenancy.resolveGroup(caller.ctx, accountId);
      await this.forward(req, res, request.id, { ...ctx, request_id: request.id }, setCookies);
    } catch (err) {
      if (!res.headersSent && !res.destroyed) {
        const answer = toErrorResponse(err);
        if (answer.log) logFailure(request, answer.status, err);
        if (!req.complete) req.resume();
        const body = JSON.stringify(answer.body);
        const headers: OutgoingHttpHeaders = {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          [APP_VERSION_HEADER]: this.config.version,
          'x-request-id': request.id,
          ...answer.headers,
        };
        if (answer.status === 401 && door === 'dav') headers['www-authenticate'] = REALM;
        if (setCookies.length) headers['set-cookie'] = setCookies;
        res.writeHead(answer.status, headers);
        res.end(body);
      } else res.destroy();
    }
    res.once('close', () => logRequest(request, res.statusCode, performance.now() - started, user));
  }

  /** Who is calling: Basic (e-mail + user token), a bearer token, or (for /files only) the session cookie. */
  private async authenticate(
    req: IncomingMessage,
    door: 'files' | 'dav',
    request: { headers: IncomingHttpHeaders; id: string; ip: string; method?: string },
    setCookies: string[],
  ): Promise<ResolvedCaller> {
    const basic = BASIC.exec(req.headers.authorization ?? '');
    if (basic) return this.basic(basic[1], request);
    if (req.headers.authorization) return (await this.resolver.resolveWithoutReply(request))!;
    // a mounted drive sends no cookie; a page may not make the browser write through WebDAV with one (no XSRF there)
    if (door === 'dav') throw errors.unauthorized('Use your e-mail and a user token (HTTP Basic)');
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

  /** Streams the request to the disk service and its answer back; either side going away ends the other. */
  private forward(req: IncomingMessage, res: ServerResponse, requestId: string, ctx: CallerContext, setCookies: string[]): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!DROPPED.has(name) && value !== undefined) headers[name] = value;
    Object.assign(headers, signCaller(ctx, this.config.internalSecret, req.method ?? 'GET', path), { 'x-request-id': requestId }); // Host stays the client's: WebDAV's If headers name resources by their full URL
    return new Promise((resolve, reject) => {
      let answered = false; // an early answer (a refusal before the body) may be followed by a reset of the upload
      const upstream = httpRequest(
        { protocol: this.target.protocol, hostname: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers },
        (answer) => {
          answered = true;
          const out: OutgoingHttpHeaders = { ...answer.headers, [APP_VERSION_HEADER]: this.config.version, 'x-request-id': requestId, 'referrer-policy': 'no-referrer' };
          delete out.connection;
          delete out['keep-alive'];
          if (setCookies.length) out['set-cookie'] = [...setCookies, ...((answer.headers['set-cookie'] as string[] | undefined) ?? [])];
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.on('end', () => resolve());
          answer.on('error', () => res.destroy());
        },
      );
      // an idle transfer is dropped after a while; a long one that keeps moving is not
      upstream.setTimeout(this.config.diskIdleTimeoutMs, () => upstream.destroy(new AppError('service_unavailable', 'The disk did not answer in time')));
      upstream.on('error', (err) => {
        if (res.headersSent || answered) {
          res.destroy();
          resolve();
        } else reject(err instanceof AppError ? err : new AppError('service_unavailable', 'The disk is not available right now, please try again'));
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.flushHeaders(); // the disk may answer before any byte of the body (a quota refusal)
      req.pipe(upstream);
    });
  }
}

function decodeSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
