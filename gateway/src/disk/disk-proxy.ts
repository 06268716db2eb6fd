import { request as httpRequest, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import { signCaller } from '@app/platform';
import { AppError, CallerContext, errors } from '@app/proto';
import { RawCallers, rawRequest } from '../auth/raw-callers';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { TenancyService } from '../documents/tenancy.service';
import { answerFailed, logFailure } from '../http/error.filter';
import { toErrorResponse } from '../http/error-mapping';
import { APP_VERSION_HEADER, logRequest } from '../http/request-log';
import { API_SECURITY_HEADERS, userContentHeaders } from '../http/security-headers';
import { relay } from './byte-relay';
import { DiskAgent } from './disk-agent';
import { INVALID_PATH, RawDiskGets } from './raw-get';

// `/files/{account_id}/…` and `/dav/{account_id}/…`: a file's bytes, streamed between the client and the disk service's
// HTTP server without being parsed or held (DESIGN: file bytes never travel over NATS). Taken from Node's server before
// fastify, like the fast lane, so no body parser touches them. The gateway authenticates the caller (WebDAV: HTTP
// Basic with the e-mail and a user token, or a bearer token; /files also a session cookie, with the XSRF header on
// writes), checks the group membership like every group call, and signs the caller into the request it passes on. A
// GET's answer is read by raw-get.ts (its body never goes through Node's HTTP parser); the rest by Node's client.

const DISK_PATH = /^\/(files|dav)\/([^/?#]+)(?:[/?#]|$)/;
/** hop-by-hop and credential headers never passed on (Host is: tagged If headers name the client's host) */
const DROPPED = new Set(['authorization', 'cookie', 'connection', 'keep-alive', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'x-app-caller', 'x-app-caller-signature']);
const REALM = 'Basic realm="ServiceDesk disk", charset="UTF-8"';

/** A disk copy that refused a connection is skipped for this long. */
const DOWN_MS = 5000;

/** A request without a body: safe to send again to another copy when the first refused the connection. */
const bodiless = (req: IncomingMessage) => !req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0';

@Injectable()
export class DiskProxy {
  /** every copy of the disk service's HTTP server (DISK_HTTP_URL, comma separated), taken in turn */
  private readonly targets: { url: URL; downUntil: number }[];
  private turn = 0;
  private readonly agent = new DiskAgent();
  /** the GETs, whose answers' bytes are copied without Node's HTTP client (raw-get.ts) */
  private readonly gets = new RawDiskGets();

  constructor(
    private readonly callers: RawCallers,
    private readonly tenancy: TenancyService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.targets = config.diskUrl
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u) => ({ url: new URL(u), downUntil: 0 }));
  }

  /** The next copy in turn, passing over those that refused a connection lately (all down: the next one anyway). */
  private pick(): { url: URL; downUntil: number } {
    const now = Date.now();
    for (let i = 0; i < this.targets.length; i++) {
      const target = this.targets[this.turn++ % this.targets.length];
      if (target.downUntil <= now) return target;
    }
    return this.targets[this.turn++ % this.targets.length];
  }

  /** Serves a /files or /dav request and returns true; false for any other path (fastify's). */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    const match = DISK_PATH.exec(req.url ?? '');
    if (!match) return false;
    this.serve(req, res, match[1] as 'files' | 'dav', decodeSafe(match[2])).catch(answerFailed(req, res));
    return true;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, door: 'files' | 'dav', accountId: string): Promise<void> {
    const started = performance.now();
    const request = rawRequest(req, this.config.trustProxy);
    const setCookies: string[] = [];
    let user: string | null = null;
    try {
      if (!accountId.startsWith('acc-')) throw errors.notFound('no group: a group id starts with acc-');
      const caller = await this.callers.resolve(req, request, setCookies, { basic: true, cookie: door === 'files' });
      user = caller.ctx.user_id;
      const ctx: CallerContext = await this.tenancy.resolveGroup(caller.ctx, accountId);
      // the disk's doors are the disk module's: refused while the group has it switched off
      this.tenancy.assertModule(ctx, 'rdisk');
      // a copy that refuses the connection is marked down; a request without a body then goes to the next copy
      for (let tries = 1; ; tries++) {
        const target = this.pick();
        try {
          await this.forward(req, res, target.url, request.id, { ...ctx, request_id: request.id }, setCookies);
          break;
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          target.downUntil = Date.now() + DOWN_MS;
          if (tries >= this.targets.length || !bodiless(req)) throw new AppError('service_unavailable', 'The disk is not available right now, please try again');
        }
      }
    } catch (err) {
      if (!res.headersSent && !res.destroyed) {
        const answer = toErrorResponse(err);
        if (answer.log) logFailure(request, answer.status, err);
        if (!req.complete) req.resume();
        const body = JSON.stringify(answer.body);
        const headers: OutgoingHttpHeaders = {
          ...API_SECURITY_HEADERS,
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

  /** The headers of the disk's answer as the client gets them: the one header policy of user content, and ours. */
  private answerHeaders(req: IncomingMessage, status: number, upstream: IncomingHttpHeaders, requestId: string, setCookies: string[]): OutgoingHttpHeaders {
    // (fastify's onSend hook never sees these answers)
    const out: OutgoingHttpHeaders = { ...userContentHeaders(req.method, status, upstream), [APP_VERSION_HEADER]: this.config.version, 'x-request-id': requestId };
    delete out.connection;
    delete out['keep-alive'];
    if (setCookies.length) out['set-cookie'] = [...setCookies, ...(upstream['set-cookie'] ?? [])];
    return out;
  }

  /** Streams the request to the disk service and its answer back; either side going away ends the other. */
  private forward(req: IncomingMessage, res: ServerResponse, target: URL, requestId: string, ctx: CallerContext, setCookies: string[]): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!DROPPED.has(name) && value !== undefined) headers[name] = value;
    Object.assign(headers, signCaller(ctx, this.config.internalSecret, req.method ?? 'GET', path), { 'x-request-id': requestId }); // Host stays the client's: WebDAV's If headers name resources by their full URL
    if (req.method === 'GET' && bodiless(req) && !INVALID_PATH.test(req.url ?? '/')) return this.get(req, res, target, headers, requestId, setCookies);
    return new Promise((resolve, reject) => {
      let answered = false; // an early answer (a refusal before the body) may be followed by a reset of the upload
      let answerEnded = false;
      const upstream = httpRequest(
        { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: this.agent },
        (answer) => {
          answered = true;
          res.writeHead(answer.statusCode ?? 502, this.answerHeaders(req, answer.statusCode ?? 502, answer.headers, requestId, setCookies));
          relay(answer, res);
          answer.on('end', () => {
            answerEnded = true;
            // answered before the whole body came (a refusal): the disk reads no more of it and its connection can
            // take no other request; the client's rest is drained by the gateway (http/early-answers.ts)
            if (!req.complete) upstream.destroy();
            resolve();
          });
          answer.on('error', () => res.destroy());
        },
      );
      // an idle transfer is dropped after a while; a long one that keeps moving is not
      upstream.setTimeout(this.config.diskIdleTimeoutMs, () => upstream.destroy(new AppError('service_unavailable', 'The disk did not answer in time')));
      upstream.on('error', (err) => {
        if (res.headersSent || answered) {
          // the disk cut the upload after its whole answer (a 507 before the body): that answer stands, and the rest
          // of the client's body is drained (http/early-answers.ts); cut mid-answer, the client must see it cut
          if (!answerEnded) res.destroy();
          resolve();
        } else if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') reject(new Refused());
        else reject(err instanceof AppError ? err : new AppError('service_unavailable', 'The disk is not available right now, please try again'));
      });
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.flushHeaders(); // the disk may answer before any byte of the body (a quota refusal)
      if (bodiless(req)) {
        req.resume(); // nothing to pass on: the request may then go to another copy as well
        upstream.end();
      } else relay(req, upstream);
    });
  }

  /**
   * A GET (no body): sent over the gets' own connections, its answer's bytes copied into the client's answer from
   * buffers used again, not through Node's HTTP client and a new buffer for every piece (raw-get.ts).
   */
  private async get(req: IncomingMessage, res: ServerResponse, target: URL, headers: OutgoingHttpHeaders, requestId: string, setCookies: string[]): Promise<void> {
    req.resume();
    if (headers.host === undefined) headers.host = target.host; // as Node's client adds it (an HTTP/1.0 client sends none)
    await this.gets
      .get({
        target,
        path: req.url ?? '/',
        headers,
        idleTimeoutMs: this.config.diskIdleTimeoutMs,
        res,
        onHead: (head) => res.writeHead(head.status, this.answerHeaders(req, head.status, head.headers, requestId, setCookies)),
      })
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') throw new Refused();
        throw new AppError('service_unavailable', err.code === 'ETIMEDOUT' ? 'The disk did not answer in time' : 'The disk is not available right now, please try again');
      });
  }
}

/** The disk copy refused the connection: nothing reached it. */
class Refused extends Error {}

function decodeSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
