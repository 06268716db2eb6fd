import { randomUUID } from 'crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { requireWrite, RpcClient } from '@app/platform';
import { AppError, CSV_MAX_BYTES, errors } from '@app/proto';
import { RawCallers, rawRequest } from '../auth/raw-callers';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { TenancyService } from '../documents/tenancy.service';
import { answerFailed, logFailure } from '../http/error.filter';
import { toErrorResponse } from '../http/error-mapping';
import { APP_VERSION_HEADER, logRequest } from '../http/request-log';
import { REDIS } from '../infra/infra.providers';
import { API_SECURITY_HEADERS } from '../http/security-headers';
import { holdUpload, letGo } from './upload-quota';

// `POST /{account_id}/_imports`: a bank statement's bytes (the finance module's wallets-upload), up to CSV_MAX_BYTES,
// taken from Node's server before fastify (its body parser takes JSON up to 1 MB). The bytes wait an hour in Redis
// under the group's name, where the finance service reads them; NATS carries only the upload's id. The answer is what
// the column matching step needs (finance.import.analyse): delimiter, encoding, header, first rows. A group holds at
// most CSV_GROUP_MAX_UPLOADS statements / CSV_GROUP_MAX_BYTES waiting at once (upload-quota.ts).

const PATH = /^\/(acc-[A-Za-z0-9_-]{1,64})\/_imports\/?(?:\?.*)?$/;

@Injectable()
export class ImportUpload {
  constructor(
    private readonly callers: RawCallers,
    private readonly tenancy: TenancyService,
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST') return false;
    const match = PATH.exec(req.url ?? '');
    if (!match) return false;
    this.serve(req, res, match[1]).catch(answerFailed(req, res));
    return true;
  }

  private async serve(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    const started = performance.now();
    const request = rawRequest(req, this.config.trustProxy);
    const setCookies: string[] = [];
    let user: string | null = null;
    let status = 201;
    let body: unknown;
    let extra: Record<string, string> | undefined;
    try {
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > CSV_MAX_BYTES) throw errors.payloadTooLarge(`A statement can have at most ${CSV_MAX_BYTES / 1_000_000} MB`);
      const caller = await this.callers.resolve(req, request, setCookies, { basic: false, cookie: true });
      user = caller.ctx.user_id;
      const group = await this.tenancy.resolveGroup(caller.ctx, accountId);
      // a statement is the finance module's: refused while the group has it switched off
      this.tenancy.assertModule(group, 'budget');
      const ctx = { ...group, request_id: request.id };
      requireWrite(ctx);
      const bytes = await readBounded(req, CSV_MAX_BYTES);
      if (!bytes.length) throw errors.unprocessable({ file: 'cant-be-blank' });
      const uploadId = randomUUID();
      await holdUpload(this.redis, this.config.prefix, accountId, uploadId, bytes).catch((err: unknown) => {
        // a Redis at its memory limit refuses writes (maxmemory with noeviction: a queue store must not evict)
        if (err instanceof Error && /^OOM\b/.test(err.message)) throw new AppError('insufficient_storage', 'The server has no room for uploads right now, please try again later');
        throw err;
      });
      body = await this.rpc.call('finance.import.analyse', { ctx, upload_id: uploadId }).catch(async (err: unknown) => {
        // a file the analysis refuses can never be imported: its place in the group's share is given back
        if (err instanceof AppError && err.status < 500) await letGo(this.redis, this.config.prefix, accountId, uploadId);
        throw err;
      });
    } catch (err) {
      const answer = toErrorResponse(err);
      if (answer.log) logFailure(request, answer.status, err);
      status = answer.status;
      body = answer.body;
      extra = answer.headers;
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

/**
 * The body, refused (413) past `max` bytes whatever Content-Length said. On refusal it stops listening (it paused the
 * request at every further chunk before: the rest was never read and the client got a reset instead of the 413); the
 * server drains what follows, bounded (http/early-answers.ts).
 */
function readBounded(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.removeListener('data', onData);
        chunks.length = 0;
        reject(errors.payloadTooLarge(`A statement can have at most ${max / 1_000_000} MB`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => !req.complete && reject(new Error('the client went away')));
  });
}
