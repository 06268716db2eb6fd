import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import { CallerResolver } from '../auth/caller.resolver';
import { SessionCookies } from '../auth/session-cookies';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { DocumentsService } from '../documents/documents.service';
import { isAccountDb, isUserDb } from '../documents/tenancy.service';
import { parseJsonBody } from './body-parser';
import { answerFailed, logFailure } from './error.filter';
import { toErrorResponse } from './error-mapping';
import { APP_VERSION_HEADER, logRequest } from './request-log';
import { API_SECURITY_HEADERS } from './security-headers';

// `POST /{db}/_find`, the request every screen sends most, served straight from Node's HTTP server in its common case:
// a JSON body with a Content-Length, and a bearer token or a live session that needs no cookie written back. The
// checks are the ones the Nest route runs, called the same way (CallerResolver, the XSRF double submit, the body
// parser, DocumentsService, the error mapping, the request log); only fastify's and Nest's per-request machinery is
// left out, which cost more CPU than all of the gateway's own work (bench/find, docs/benchmarks.md). Anything else —
// no or stale credentials, a session due for its re-check, another media type, a chunked or empty body, an encoded
// path or a query string, a path that is not a database's — goes to fastify untouched (the body is not read before
// that is decided), so the Nest route stays the reference and the only writer of cookies.

const FIND_PATH = /^\/([^/?#%]+)\/_find$/;
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

@Injectable()
export class FastLane {
  /** requests answered here (tests check the lane was taken) */
  served = 0;

  constructor(
    private readonly resolver: CallerResolver,
    private readonly cookies: SessionCookies,
    private readonly documents: DocumentsService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Serves the request and returns true, or returns false having touched nothing (the caller hands it to fastify). */
  take(req: IncomingMessage, res: ServerResponse, fallback: HttpHandler): boolean {
    if (!this.config.fastLane || req.method !== 'POST') return false;
    const match = FIND_PATH.exec(req.url ?? '');
    // only a database: other names are fastify's (a static route like /prices/_find, or its 404)
    if (!match || !(isUserDb(match[1]) || isAccountDb(match[1]))) return false;
    const { headers } = req;
    const length = Number(headers['content-length']);
    if (!(length > 0 && length <= this.config.bodyLimit) || headers['transfer-encoding'] !== undefined) return false;
    if (!JSON_TYPE.test(headers['content-type'] ?? '')) return false;
    if (!headers.authorization && !headers.cookie) return false;
    this.find(req, res, match[1], fallback).catch(answerFailed(req, res));
    return true;
  }

  private async find(req: IncomingMessage, res: ServerResponse, db: string, fallback: HttpHandler): Promise<void> {
    const started = performance.now();
    const request = { method: req.method, url: req.url, headers: req.headers, id: randomUUID() };
    let user: string | null = null;
    try {
      const caller = await this.resolver.resolveWithoutReply(request);
      if (!caller) return fallback(req, res);
      user = caller.ctx.user_id;
      if (caller.via === 'session') this.cookies.assertXsrf(request, caller.session!);
      const body = parseJsonBody(await readBody(req), this.config.maxBodyDepth);
      this.send(res, request.id, 200, await this.documents.findRaw(caller, db, body));
    } catch (err) {
      if (res.destroyed) return; // the client went away: nobody to answer
      const answer = toErrorResponse(err);
      if (answer.log) logFailure(request, answer.status, err);
      // a refused request may leave part of its body unread: drain it so the connection can carry the next one
      if (!req.complete) req.resume();
      this.send(res, request.id, answer.status, JSON.stringify(answer.body), answer.headers);
    }
    logRequest(request, res.statusCode, performance.now() - started, user);
  }

  private send(res: ServerResponse, id: string, status: number, json: string | Buffer, extra?: Record<string, string>): void {
    this.served++;
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': typeof json === 'string' ? Buffer.byteLength(json) : json.length,
      [APP_VERSION_HEADER]: this.config.version,
      'x-request-id': id,
      ...API_SECURITY_HEADERS,
      ...extra,
    });
    res.end(json);
  }
}

/** The body as text; Content-Length was checked against the limit, and Node's parser never delivers more than it. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => !req.complete && reject(new Error('the client went away')));
  });
}
