import type { IncomingMessage, ServerResponse } from 'http';
import { Logger } from '@nestjs/common';
import { AppError, errors, REASONS } from '@app/proto';
import { IncompleteUpload } from '../blobs/local-blob-store';

// Answers of the disk's HTTP server: JSON documents and the spec's {error, reason} errors.

const logger = new Logger('disk-http');

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), 'cache-control': 'no-store', ...headers });
  res.end(json);
}

/** An error as {error, reason} with its status; anything not an AppError is logged and answered 500. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, headers: Record<string, string | number> = {}): void {
  let app: AppError;
  if (err instanceof AppError) app = err;
  else if (err instanceof IncompleteUpload) app = errors.badRequest(err.message);
  else if ((err as NodeJS.ErrnoException)?.code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
    app = errors.badRequest('the upload was interrupted');
  } else {
    logger.error(`${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    app = new AppError('internal_server_error', REASONS.internal);
  }
  // a refused upload's body may be unread: a small one is drained so the connection stays usable; a refusal for size
  // leaves it unread (the client stops sending once it reads the answer, or the connection times out)
  if (!req.complete && app.status !== 507 && app.status !== 413) req.resume();
  sendJson(res, app.status, app.toBody(), headers);
}
