import type { IncomingMessage, ServerResponse } from 'http';
import { pipeline } from 'stream/promises';
import parseRange from 'range-parser';
import { CallerContext, CloudFileId, errors, UploadReply } from '@app/proto';
import { DiskFiles } from '../files/disk-files';
import { contentDisposition, inlineSafe } from '../files/cloud-file.rules';
import { fileContentsMissing, MissingBlob } from '../blobs/missing-blob';
import { sendJson } from './http-replies';

// `/files/{account_id}/…`: a file's bytes, whole or by Range, and a plain upload in one request (the web's resumable
// uploads are tus: tus-uploads.ts).
//   GET|HEAD /files/{account_id}/{file_id}[?version=N][&download=1]
//   PUT      /files/{account_id}/content?name=…[&dir_id=cfl-…]    a new file, or a new version of the file of that name
//   PUT      /files/{account_id}/{file_id}/content                   a new version of that file

export async function serveFile(files: DiskFiles, ctx: CallerContext, req: IncomingMessage, res: ServerResponse, id: string, query: URLSearchParams): Promise<void> {
  if (!CloudFileId.safeParse(id).success) throw errors.notFound();
  const versionParam = query.get('version');
  const version = versionParam === null ? undefined : Number(versionParam);
  if (version !== undefined && !(Number.isInteger(version) && version >= 1)) throw errors.badRequest('version must be a whole number from 1');
  const content = await files.content(ctx, id, version);
  const etag = `"${content.blobKey}"`;
  const headers: Record<string, string | number> = {
    etag,
    'last-modified': new Date(String(content.doc.updated_at)).toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    // the type is served as stored; only images and PDFs show inline, and nothing runs in our origin
    'content-type': inlineSafe(content.contentType) ? content.contentType : 'application/octet-stream',
    'content-disposition': contentDisposition(String(content.doc.name), query.get('download') === '1' || !inlineSafe(content.contentType) ? 'attachment' : 'inline'),
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.headers.range;
  if (rangeHeader && (!req.headers['if-range'] || req.headers['if-range'] === etag)) {
    const ranges = parseRange(content.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${content.size}` });
      res.end();
      return;
    }
    if (ranges !== -2 && ranges.length === 1) range = ranges[0];
  }
  const length = range ? range.end - range.start + 1 : content.size;
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${content.size}`;
  headers['content-length'] = length;
  const missing = () => fileContentsMissing(content.blobKey, { accountId: String(ctx.db), fileId: id, version: content.version });
  if (req.method === 'HEAD' || length === 0) {
    // a HEAD answers what the GET would: 404 when the bytes are gone
    if (req.method === 'HEAD' && content.size > 0 && !(await files.blobs.has(content.blobKey))) throw missing();
    res.writeHead(range ? 206 : 200, headers);
    res.end();
    return;
  }
  const stream = await files.blobs.open(content.blobKey, range).catch((err: unknown) => {
    throw err instanceof MissingBlob ? missing() : err;
  });
  res.writeHead(range ? 206 : 200, headers);
  await pipeline(stream, res).catch(() => res.destroy()); // the client went away: nothing left to answer
}

export async function plainUpload(
  files: DiskFiles,
  ctx: CallerContext,
  req: IncomingMessage,
  res: ServerResponse,
  fileId: string | null,
  query: URLSearchParams,
): Promise<void> {
  const lengthHeader = req.headers['content-length'];
  const size = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (size !== undefined && !(Number.isSafeInteger(size) && size >= 0)) throw errors.badRequest('invalid Content-Length');
  let target: { fileId: string } | { dirId: string | null; name: string };
  if (fileId) {
    if (!CloudFileId.safeParse(fileId).success) throw errors.notFound();
    target = { fileId };
  } else {
    const name = query.get('name');
    if (!name) throw errors.unprocessable({ name: 'cant-be-blank' });
    const dirId = query.get('dir_id') || null;
    target = { dirId, name };
  }
  const { doc, created } = await files.upload(ctx, { target, body: req, size, contentType: req.headers['content-type'] ?? null, modifiedAt: mtimeOf(req) });
  const reply: UploadReply = { ok: true, id: doc._id, rev: doc._rev, version: Number(doc.version), size: Number(doc.size) };
  sendJson(res, created ? 201 : 200, reply);
}

/** The modification time a client keeps with the file (rclone sends X-OC-Mtime in seconds since 1970). */
export function mtimeOf(req: IncomingMessage): string | null {
  const raw = req.headers['x-oc-mtime'];
  const seconds = typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 32503680000) return null;
  return new Date(Math.round(seconds * 1000)).toISOString();
}
