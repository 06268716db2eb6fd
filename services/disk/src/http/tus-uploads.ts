import { randomUUID } from 'crypto';
import { createReadStream, createWriteStream } from 'fs';
import { mkdir, open, unlink } from 'fs/promises';
import type { IncomingMessage, ServerResponse } from 'http';
import path from 'path';
import { Transform } from 'stream';
import { pipeline } from 'stream/promises';
import type { Pool } from 'pg';
import { AppError, CallerContext, CloudFileId, errors, UPLOAD_FILE_ID_HEADER } from '@app/proto';
import { mapPgError, requireWrite } from '@app/platform';
import { accountDb } from '../common/caller';
import { DISK_SCHEMA } from '../disk.schema';
import { DiskFiles, UploadTarget } from '../files/disk-files';
import { quotaReason, roomLeft } from '../files/cloud-file.rules';
import { sendJson } from './http-replies';

// Resumable uploads, tus 1.0.0 (core, creation, termination, expiration), for the web's large files: tus-js-client
// creates an upload (POST with Upload-Length and Upload-Metadata name, dir_id or file_id), sends bytes with PATCH, and
// after a dropped connection asks HEAD where to go on from. The bytes so far wait in DISK_DATA_DIR/uploads/<id>; when
// the last byte is in, the file goes through DiskFiles.upload like any upload (quota, versions) and the part is deleted.
// From its creation to its end (stored, deleted, or a day gone by) an upload holds its announced length against the
// group's storage, so uploads in progress can't together promise more than the plan has (issue 25 #5).
// The server side is written here rather than taken from @tus/server: its 2.x is ESM-only (jest runs CommonJS) and its
// 1.x keeps uploads in its own stores, which would still need this commit step into the blob store and the versions.

const TUS_VERSION = '1.0.0';
const UPLOADS = `"${DISK_SCHEMA}"."uploads"`;
/** an upload not finished within a day is dropped */
export const UPLOAD_LIFETIME_MS = 24 * 3600_000;
/** the largest file one upload may announce (the plan's room is checked too) */
export const MAX_UPLOAD_BYTES = 10 * 1000 ** 4;

interface UploadRow {
  id: string;
  account_id: string;
  user_id: string;
  target: UploadTarget;
  length: string;
  received: string;
  content_type: string | null;
  expires_at: Date;
}

const tusHeaders = { 'tus-resumable': TUS_VERSION };

export class TusUploads {
  private readonly dir: string;
  /** uploads a PATCH is writing to now, in this process (a second PATCH of one upload waits for none: 409) */
  private readonly busy = new Set<string>();

  constructor(
    private readonly files: DiskFiles,
    private readonly pool: Pool,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'uploads');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  private fileOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw errors.notFound();
    return path.join(this.dir, id);
  }

  /** `/files/{account_id}/uploads[/{id}]`, every method. */
  async handle(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, id: string | null, base: string): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...tusHeaders, 'tus-version': TUS_VERSION, 'tus-extension': 'creation,termination,expiration', 'tus-max-size': MAX_UPLOAD_BYTES });
      res.end();
      return;
    }
    if (req.headers['tus-resumable'] !== TUS_VERSION) {
      res.writeHead(412, { ...tusHeaders, 'tus-version': TUS_VERSION });
      res.end();
      return;
    }
    if (id === null) {
      if (req.method !== 'POST') throw new AppError('method_not_allowed', 'POST creates an upload');
      return this.create(ctx, req, res, base);
    }
    const row = await this.row(ctx, id);
    switch (req.method) {
      case 'HEAD':
        res.writeHead(200, { ...tusHeaders, 'upload-offset': row.received, 'upload-length': row.length, 'upload-expires': row.expires_at.toUTCString(), 'cache-control': 'no-store' });
        res.end();
        return;
      case 'PATCH':
        return this.patch(ctx, req, res, row);
      case 'DELETE':
        await this.drop(row.id);
        res.writeHead(204, tusHeaders);
        res.end();
        return;
      default:
        throw new AppError('method_not_allowed', 'HEAD, PATCH or DELETE an upload');
    }
  }

  private async create(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, base: string): Promise<void> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const length = Number(req.headers['upload-length']);
    if (!(Number.isSafeInteger(length) && length >= 0)) throw errors.badRequest('Upload-Length must be the file size in bytes');
    if (length > MAX_UPLOAD_BYTES) throw errors.payloadTooLarge('The file is too large');
    const meta = parseMetadata(req.headers['upload-metadata']);
    let target: UploadTarget;
    if (meta.file_id) {
      if (!CloudFileId.safeParse(meta.file_id).success) throw errors.unprocessable({ file_id: 'is-invalid' });
      target = { fileId: meta.file_id };
      const doc = await this.files.get(ctx, meta.file_id);
      if (!doc) throw errors.notFound();
    } else {
      if (!meta.name) throw errors.unprocessable({ name: 'cant-be-blank' });
      target = { dirId: meta.dir_id || null, name: meta.name };
      await this.files.folder(ctx, target.dirId);
    }
    const quota = await this.files.quota(ctx);
    const id = randomUUID();
    await (await open(this.fileOf(id), 'wx')).close();
    const expires = new Date(Date.now() + UPLOAD_LIFETIME_MS);
    try {
      await this.reserve(db, quota, { id, userId: ctx.user_id, target, length, contentType: meta.filetype || null, expires });
    } catch (err) {
      await unlink(this.fileOf(id)).catch(() => undefined);
      throw err;
    }
    if (length === 0) {
      const row = await this.row(ctx, id);
      const result = await this.commit(ctx, row);
      res.writeHead(201, { ...tusHeaders, location: `${base}/${id}`, 'upload-offset': 0, [UPLOAD_FILE_ID_HEADER]: result });
      res.end();
      return;
    }
    res.writeHead(201, { ...tusHeaders, location: `${base}/${id}`, 'upload-offset': 0, 'upload-expires': expires.toUTCString() });
    res.end();
  }

  /**
   * The upload's row, which holds its announced length against the group's storage until it ends (stored, deleted or
   * expired): refused before a byte is sent (507) when the versions and the other uploads in progress leave no room for
   * it. Under the group's quota lock, as every commit, so two uploads starting at once can't both take the last room.
   */
  private async reserve(
    db: string,
    quota: number,
    u: { id: string; userId: string | null; target: UploadTarget; length: number; contentType: string | null; expires: Date },
  ): Promise<void> {
    const tx = await this.pool.connect();
    try {
      await tx.query('BEGIN');
      await this.files.repo.lockQuota(tx, db);
      const { used, reserved } = await this.files.repo.bytesTaken(db, tx);
      if (u.length > roomLeft(quota, used + reserved)) throw errors.insufficientStorage(quotaReason(u.length, quota, used, reserved));
      await tx.query(
        `INSERT INTO ${UPLOADS} (id, account_id, user_id, target, length, content_type, expires_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
        [u.id, db, u.userId, JSON.stringify(u.target), u.length, u.contentType, u.expires.toISOString()],
      );
      await tx.query('COMMIT');
    } catch (err) {
      await tx.query('ROLLBACK').catch(() => undefined);
      throw mapPgError(err);
    } finally {
      tx.release();
    }
  }

  private async patch(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, row: UploadRow): Promise<void> {
    requireWrite(ctx);
    if (req.headers['content-type'] !== 'application/offset+octet-stream') throw new AppError('unsupported_media_type', 'PATCH needs Content-Type: application/offset+octet-stream');
    const offset = Number(req.headers['upload-offset']);
    const received = Number(row.received);
    const length = Number(row.length);
    if (offset !== received || this.busy.has(row.id)) {
      sendJson(res, 409, { error: 'conflict', reason: `Upload-Offset must be ${received}` }, tusHeaders);
      if (!req.complete) req.resume();
      return;
    }
    this.busy.add(row.id);
    let written: number;
    try {
      let passed = 0;
      const bound = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (received + passed + chunk.length > length) return done(errors.badRequest('more bytes than Upload-Length'));
          passed += chunk.length;
          done(null, chunk);
        },
      });
      const out = createWriteStream(this.fileOf(row.id), { flags: 'r+', start: received });
      // an interrupted PATCH keeps what arrived: the client asks HEAD and goes on from there
      await pipeline(req, bound, out).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
      });
      // what the part file holds, not what passed the bound: bytes still on their way to it when the connection dropped
      // are lost, and an offset counting them made the client go on past a gap (a corrupt file, stored as complete)
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      written = out.bytesWritten;
      await this.query(`UPDATE ${UPLOADS} SET received = $2 WHERE id = $1`, [row.id, received + written]);
    } finally {
      this.busy.delete(row.id);
    }
    if (received + written < length) {
      if (!res.destroyed) {
        res.writeHead(204, { ...tusHeaders, 'upload-offset': received + written, 'upload-expires': row.expires_at.toUTCString() });
        res.end();
      }
      return;
    }
    const fileId = await this.commit(ctx, { ...row, received: String(length) });
    res.writeHead(204, { ...tusHeaders, 'upload-offset': length, [UPLOAD_FILE_ID_HEADER]: fileId });
    res.end();
  }

  /** The complete upload becomes the file (or its new version); the part is dropped either way. */
  private async commit(ctx: CallerContext, row: UploadRow): Promise<string> {
    const body = createReadStream(this.fileOf(row.id), { highWaterMark: 1024 * 1024 }); // read as the blob store writes: 1 MiB at a time
    // an upload refused before it reads (the file or folder gone meanwhile, the quota, a service away) leaves the stream
    // to us: its failure is the upload's (answered below), and it is closed before the part is deleted, or it kept a
    // descriptor for good or, opening after the delete, ended the process with an ENOENT nobody listened to
    body.on('error', () => undefined);
    try {
      const { doc } = await this.files.upload(ctx, { target: row.target, body, size: Number(row.length), contentType: row.content_type, reservation: row.id });
      return doc._id;
    } finally {
      body.destroy();
      await this.drop(row.id);
    }
  }

  private async row(ctx: CallerContext, id: string): Promise<UploadRow> {
    const db = accountDb(ctx);
    this.fileOf(id);
    const rows = await this.query<UploadRow>(`SELECT * FROM ${UPLOADS} WHERE id = $1 AND account_id = $2 AND user_id = $3 AND expires_at > now()`, [id, db, ctx.user_id]);
    if (!rows[0]) throw errors.notFound();
    return rows[0];
  }

  private async drop(id: string): Promise<void> {
    await this.query(`DELETE FROM ${UPLOADS} WHERE id = $1`, [id]);
    await unlink(this.fileOf(id)).catch(() => undefined);
  }

  /** Uploads past their day: their parts are deleted. */
  async sweep(): Promise<number> {
    const rows = await this.query<{ id: string }>(`DELETE FROM ${UPLOADS} WHERE expires_at < now() RETURNING id`, []);
    for (const r of rows) await unlink(this.fileOf(r.id)).catch(() => undefined);
    return rows.length;
  }

  private async query<R extends object = Record<string, unknown>>(text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }
}

/** tus Upload-Metadata: `key base64value,key2 base64value2`. */
export function parseMetadata(header: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof header !== 'string' || header.length > 8192) return out;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}
