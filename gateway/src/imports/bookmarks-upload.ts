import { randomUUID } from 'crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { StringDecoder } from 'string_decoder';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { requireWrite, RpcClient } from '@app/platform';
import {
  AppError,
  BOOKMARK_UPDATES,
  BOOKMARKS_DESIGN,
  BOOKMARKS_FILE_MAX_BYTES,
  BOOKMARKS_FILE_TEXT_MAX_BYTES,
  BOOKMARKS_PROGRESS_ID,
  BOOKMARKS_UPLOAD_TTL_SECONDS,
  bookmarksUploadKey,
  errors,
} from '@app/proto';
import { RawCallers, rawRequest } from '../auth/raw-callers';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { TenancyService } from '../documents/tenancy.service';
import { answerFailed, logFailure } from '../http/error.filter';
import { toErrorResponse, TooManyRequestsError } from '../http/error-mapping';
import { APP_VERSION_HEADER, logRequest } from '../http/request-log';
import { API_SECURITY_HEADERS } from '../http/security-headers';
import { REDIS } from '../infra/infra.providers';
import { IconStripper } from './icon-stripper';

// `PUT|POST /{account_id}/_design/bookmarks/_update/import/netscape` with the bookmarks file itself as the body
// (Content-Type text/html, or anything but JSON): a browser's export of thousands of bookmarks, which the JSON form of
// the same route ({html}, 1 MB body limit, 900 kB of HTML) cannot carry. This route alone takes up to
// BOOKMARKS_FILE_MAX_BYTES, read from Node's server before fastify; the icons (most of the bytes) are dropped as the
// file streams in (icon-stripper.ts), what remains (at most BOOKMARKS_FILE_TEXT_MAX_BYTES) waits in Redis for the notes
// service, which takes it (read and deleted) and imports it as the JSON form does; the answer is the same report. One
// import at a time per group (429 while another runs): it holds the group's bookmark writes in one transaction anyway.
// `?progress=<id>` (an id the client chose) has the notes service say how far it is while it imports
// (`bookmarks/_view/import_progress?key="<id>"`): the web shows it once the upload's own progress is done.

const PATH = /^\/(acc-[A-Za-z0-9_-]{1,64})\/_design\/bookmarks\/_update\/import\/netscape\/?(?:\?.*)?$/;
/** the notes service's import of a large file takes seconds (10,000 bookmarks: docs/benchmarks.md) */
const IMPORT_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;

/** Releases the group's import lock only when it is still this import's (it expires on its own otherwise). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

@Injectable()
export class BookmarksUpload {
  constructor(
    private readonly callers: RawCallers,
    private readonly tenancy: TenancyService,
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Whether this request is a bookmarks file sent as itself (then it is answered here). */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'PUT' && req.method !== 'POST') return false;
    const match = PATH.exec(req.url ?? '');
    if (!match || /^application\/(?:[\w.+-]+\+)?json\b/i.test(req.headers['content-type'] ?? '')) return false;
    this.serve(req, res, match[1]).catch(answerFailed(req, res));
    return true;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    const started = performance.now();
    const request = rawRequest(req, this.config.trustProxy);
    const setCookies: string[] = [];
    let user: string | null = null;
    let status = 200;
    let body: unknown;
    let extra: Record<string, string> | undefined;
    const lock = `${this.config.prefix}:bookmarks-import:${accountId}`;
    const lockValue = request.id;
    let locked = false;
    try {
      const progressId = new URL(req.url ?? '/', 'http://gateway').searchParams.get('progress') ?? undefined;
      if (progressId !== undefined && !BOOKMARKS_PROGRESS_ID.test(progressId)) throw errors.badRequest('progress must be 8 to 64 letters, digits, - or _');
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > BOOKMARKS_FILE_MAX_BYTES) throw tooLarge();
      const caller = await this.callers.resolve(req, request, setCookies, { basic: false, cookie: true });
      user = caller.ctx.user_id;
      const group = await this.tenancy.resolveGroup(caller.ctx, accountId);
      // bookmarks are the notes module's: refused while the group has it switched off
      this.tenancy.assertModule(group, 'textnotes');
      const ctx = { ...group, request_id: request.id };
      requireWrite(ctx);
      locked = (await this.redis.set(lock, lockValue, 'EX', Math.ceil(IMPORT_TIMEOUT_MS / 1000) + BOOKMARKS_UPLOAD_TTL_SECONDS, 'NX')) === 'OK';
      if (!locked) throw new TooManyRequestsError(10, 'Bookmarks are being imported into this group already: try again once that import has ended');
      const text = await readWithoutIcons(req);
      if (!text.trim()) throw errors.unprocessable({ html: 'cant-be-blank' });
      const uploadId = randomUUID();
      const key = bookmarksUploadKey(this.config.prefix, accountId, uploadId);
      await this.redis.set(key, text, 'EX', BOOKMARKS_UPLOAD_TTL_SECONDS).catch((err: unknown) => {
        if (err instanceof Error && /^OOM\b/.test(err.message)) throw new AppError('insufficient_storage', 'The server has no room for uploads right now, please try again later');
        throw err;
      });
      try {
        body = await this.rpc.call(
          'notes.doc.update',
          { ctx, design: BOOKMARKS_DESIGN, handler: BOOKMARK_UPDATES.import, id: 'netscape', body: { upload_id: uploadId, ...(progressId ? { progress_id: progressId } : {}) } },
          { timeoutMs: IMPORT_TIMEOUT_MS },
        );
      } finally {
        // taken by the notes service when it read it; gone either way
        await this.redis.del(key).catch(() => undefined);
      }
    } catch (err) {
      const answer = toErrorResponse(err);
      if (answer.log) logFailure(request, answer.status, err);
      status = answer.status;
      body = answer.body;
      extra = answer.headers;
    } finally {
      if (locked) await this.redis.eval(RELEASE, 1, lock, lockValue).catch(() => undefined);
    }
    if (!res.destroyed) {
      const json = JSON.stringify(body);
      const headers: OutgoingHttpHeaders = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
        [APP_VERSION_HEADER]: this.config.version,
        'x-request-id': request.id,
        ...API_SECURITY_HEADERS,
        ...extra,
      };
      if (setCookies.length) headers['set-cookie'] = setCookies;
      res.writeHead(status, headers);
      res.end(json);
    }
    logRequest(request, status, performance.now() - started, user);
  }
}

const tooLarge = () =>
  errors.payloadTooLarge(`A bookmarks file can have at most ${BOOKMARKS_FILE_MAX_BYTES / MB} MB (and ${BOOKMARKS_FILE_TEXT_MAX_BYTES / MB} MB without its icons)`);

/**
 * The body as UTF-8 text without its icons, read as it comes: refused (413) past BOOKMARKS_FILE_MAX_BYTES read or
 * BOOKMARKS_FILE_TEXT_MAX_BYTES kept, whatever Content-Length said. On refusal it stops listening; the server drains
 * what follows, bounded (http/early-answers.ts).
 */
function readWithoutIcons(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    const stripper = new IconStripper();
    const parts: string[] = [];
    let read = 0;
    let kept = 0;
    const keep = (text: string) => {
      if (!text) return true;
      kept += Buffer.byteLength(text);
      parts.push(text);
      return kept <= BOOKMARKS_FILE_TEXT_MAX_BYTES;
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > BOOKMARKS_FILE_MAX_BYTES || !keep(stripper.push(decoder.write(chunk)))) {
        req.removeListener('data', onData);
        parts.length = 0;
        reject(tooLarge());
      }
    };
    req.on('data', onData);
    req.on('end', () => (keep(stripper.push(decoder.end())) && keep(stripper.end()) ? resolve(parts.join('').replace(/^\uFEFF/, '')) : reject(tooLarge())));
    req.on('error', reject);
    req.on('close', () => !req.complete && reject(new Error('the client went away')));
  });
}
