import type { IncomingMessage, ServerResponse } from 'http';
import { pipeline } from 'stream/promises';
import { AppError, BACKUP_BLOBS_PREFIX, BACKUP_REASONS, CallerContext, errors } from '@app/proto';
import type { BlobStore } from '../blobs/blob-store';
import { BackupFilesRepository } from '../backups/backup-files.repository';
import { MAX_UPLOAD_BYTES } from './tus-uploads';
import { sendJson } from './http-replies';

// `/internal/backup/{account_id}/blobs/{sha256}` (proto backup.ts BACKUP_BLOBS_PREFIX): a group's file bytes for the
// accounts service's backups. The gateway never passes a request here (it takes `/files` and `/dav` only, and the
// caller's signature covers the path), and the caller must be a service's: no user in it.
//   GET|HEAD  the blob's bytes, 404 unless a version of the group names it
//   PUT       exactly the blob's bytes (Content-Length): 201 stored, 200 when it was stored already (the body is not
//             kept), 422 when they do not hash to the key (nothing kept)

export const BACKUP_BLOB_PATH = new RegExp(`^${BACKUP_BLOBS_PREFIX}/(acc-[A-Za-z0-9_-]{1,64})/blobs/([0-9a-f]{64})$`);

export async function backupBlob(
  blobs: BlobStore,
  repo: BackupFilesRepository,
  ctx: CallerContext,
  req: IncomingMessage,
  res: ServerResponse,
  accountId: string,
  key: string,
): Promise<void> {
  if (ctx.user_id !== null || ctx.db !== accountId) throw errors.forbidden();
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return serveBlob(blobs, repo, req, res, accountId, key);
  if (method === 'PUT') return storeBlob(blobs, repo, req, res, key);
  throw new AppError('method_not_allowed', `${method} is not allowed here`);
}

async function serveBlob(blobs: BlobStore, repo: BackupFilesRepository, req: IncomingMessage, res: ServerResponse, accountId: string, key: string): Promise<void> {
  const size = await repo.sizeNamedBy(accountId, key);
  if (size === null) throw errors.notFound();
  const headers = { 'content-type': 'application/octet-stream', 'content-length': size, 'cache-control': 'no-store' };
  if (req.method === 'HEAD' || size === 0) {
    res.writeHead(200, headers);
    res.end();
    return;
  }
  if (!(await blobs.has(key))) throw errors.notFound(BACKUP_REASONS.blobMissing);
  const stream = await blobs.open(key);
  res.writeHead(200, headers);
  await pipeline(stream, res).catch(() => res.destroy()); // the caller went away, or the store failed midway: it sees a short body
}

async function storeBlob(blobs: BlobStore, repo: BackupFilesRepository, req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
  const size = Number(req.headers['content-length']);
  if (req.headers['content-length'] === undefined || !(Number.isSafeInteger(size) && size >= 0)) throw errors.badRequest('Content-Length must be the blob size');
  if (size > MAX_UPLOAD_BYTES) throw errors.payloadTooLarge('The file is too large');
  if (await repo.keepForRestore(key, () => blobs.has(key))) {
    req.resume(); // stored already: the same bytes, by their hash
    await new Promise((resolve) => (req.complete ? resolve(null) : req.once('end', resolve).once('close', resolve)));
    sendJson(res, 200, { ok: true, key, stored: false });
    return;
  }
  const blob = await blobs.put(req, {
    maxBytes: size,
    expectedSize: size,
    tooLarge: () => errors.badRequest('more bytes than Content-Length'),
    expectedKey: key,
    wrongKey: () => errors.unprocessable({ blob: BACKUP_REASONS.blobMismatch }),
  });
  await repo.keepForRestore(blob.key, () => Promise.resolve(true));
  sendJson(res, 201, { ok: true, key: blob.key, size: blob.size, stored: true });
}
