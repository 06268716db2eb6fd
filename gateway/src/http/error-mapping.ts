import { STATUS_CODES } from 'http';
import { HttpException } from '@nestjs/common';
import { isRedisUnavailable, REDIS_UNAVAILABLE_REASON } from '@app/platform';
import { AppError, ERROR_STATUS, ErrorBody, ErrorKey, isWireError, REASONS } from '@app/proto';

// The one mapping from anything thrown while serving a request to the HTTP answer of spec §8: a status and
// `{error, reason}`. AppError (ours, or from a service through RpcClient) keeps its code; Nest and fastify errors keep
// their status; Redis away is a 503; anything unknown is a logged 500 (STYLE 4).

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  /** unexpected: log it with its stack */
  log: boolean;
}

/** A 429 that says when to come back (Retry-After). */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    reason: string = REASONS.tooManyRequests,
  ) {
    super('too_many_requests', reason);
  }
}

/** The first (general) key of each status in the catalogue: 404 is not_found, not a specific key like token_missing. */
const KEY_OF_STATUS = new Map<number, ErrorKey>();
for (const [key, status] of Object.entries(ERROR_STATUS) as Array<[ErrorKey, number]>) {
  if (!KEY_OF_STATUS.has(status)) KEY_OF_STATUS.set(status, key);
}

const REASON_OF_STATUS: Record<number, string> = {
  415: 'Unsupported Media Type: send the body as application/json',
};

/** The error key for a status: the catalogue's, else the HTTP reason phrase in snake case (406 → not_acceptable). */
export function errorKeyOfStatus(status: number): string {
  const known = KEY_OF_STATUS.get(status);
  if (known) return known;
  const phrase = STATUS_CODES[status];
  if (!phrase) return status >= 500 ? 'internal_server_error' : 'bad_request';
  return phrase.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

const INTERNAL: ErrorResponse = {
  status: 500,
  body: { error: 'internal_server_error', reason: REASONS.internal },
  log: true,
};

export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) {
    const res: ErrorResponse = { status: err.status, body: err.toBody(), log: err.status >= 500 && err.status !== 503 };
    if (err instanceof TooManyRequestsError) res.headers = { 'retry-after': String(err.retryAfterSeconds) };
    return res;
  }
  if (isWireError(err)) return toErrorResponse(AppError.fromWire(err));
  if (err instanceof HttpException) return fromStatus(err.getStatus(), reasonOfHttpException(err));
  if (isFastifyError(err)) return fromStatus(err.statusCode, err.message);
  // sessions, token cache and rate limits live in Redis: while it is away a request cannot be authorised
  if (isRedisUnavailable(err)) return { status: 503, body: { error: 'service_unavailable', reason: REDIS_UNAVAILABLE_REASON }, headers: { 'retry-after': '2' }, log: false };
  return INTERNAL;
}

function fromStatus(status: number, reason: string): ErrorResponse {
  if (!Number.isInteger(status) || status < 400 || status > 599) return INTERNAL;
  // a 5xx from a framework can carry internals in its message: say the generic thing and log it
  if (status >= 500) return { status, body: { error: errorKeyOfStatus(status), reason: REASONS.internal }, log: true };
  return { status, body: { error: errorKeyOfStatus(status), reason: REASON_OF_STATUS[status] ?? (reason || STATUS_CODES[status] || 'Bad request') }, log: false };
}

function reasonOfHttpException(err: HttpException): string {
  const res = err.getResponse();
  if (typeof res === 'string') return res;
  if (res && typeof res === 'object') {
    const message = (res as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.map(String).join('; ');
  }
  return err.message;
}

interface FastifyLikeError {
  statusCode: number;
  code: string;
  message: string;
}

function isFastifyError(err: unknown): err is FastifyLikeError {
  return (
    err instanceof Error &&
    typeof (err as Partial<FastifyLikeError>).statusCode === 'number' &&
    typeof (err as Partial<FastifyLikeError>).code === 'string' &&
    (err as unknown as FastifyLikeError).code.startsWith('FST_')
  );
}
