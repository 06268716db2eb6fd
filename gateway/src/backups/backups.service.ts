import { randomUUID } from 'crypto';
import { createWriteStream } from 'fs';
import { mkdir, rename, rm } from 'fs/promises';
import path from 'path';
import type { Readable } from 'stream';
import { Injectable } from '@nestjs/common';
import { requireWrite, RpcClient } from '@app/platform';
import { AppError, BACKUP_UPLOAD_MAX_BYTES, BackupDoc, BackupFileReply, BackupListReply, BackupRestoreDoc, BackupSettingsReply, errors, FIELD_MESSAGES, RESTORE_TARGETS } from '@app/proto';
import { ResolvedCaller } from '../auth/caller';
import { SessionStore } from '../auth/session.store';
import { TenancyService } from '../documents/tenancy.service';
import { objectBody } from '../http/body-parser';

// Backups (`/accounts/{account_id}/backups…`, `/backups/combined…`): each a call to the accounts service after the
// tenancy check (the accounts service checks the administrator flag). Archives are files in BACKUP_DIR, which the
// gateway shares with the accounts service: a download streams the file the accounts service names, an upload is
// streamed to BACKUP_DIR/uploads under a random name that the restore then reads (and deletes).

/** The repository (this file is gateway/{src,dist}/backups/). */
const REPOSITORY = path.resolve(__dirname, '..', '..', '..');

/** BACKUP_DIR as the accounts service reads it (services/accounts backup-settings.ts): the repository's `.run/backups` by default. */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(REPOSITORY, '.run', 'backups');
}

/**
 * BACKUP_UPLOAD_MAX_BYTES: the largest archive an upload may send; by default the largest plan's drive storage and room
 * for the documents (proto BACKUP_UPLOAD_MAX_BYTES, 1.5 GB), so a group's own archive always goes back.
 */
export function uploadMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.BACKUP_UPLOAD_MAX_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : BACKUP_UPLOAD_MAX_BYTES;
}

/** The 413 of an upload past `max`, which it names in decimal units as the shell's sizes are (1.5 GB, 50 kB). */
export function archiveTooLarge(max: number): AppError {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = max;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.floor(value * 10) / 10);
  return errors.payloadTooLarge(`An archive can have at most ${shown} ${units[unit]}`);
}

/**
 * ADMINNOOP_ENTRY=on|off: the admin menu's adminnoop entry (spec §2: it holds the backups and is hidden in
 * production); default on, off when NODE_ENV is production.
 */
export function adminnoopEntry(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.ADMINNOOP_ENTRY;
  if (value === 'on' || value === 'off') return value === 'on';
  return env.NODE_ENV !== 'production';
}

const RESTORE_MODES: readonly string[] = RESTORE_TARGETS;

@Injectable()
export class BackupsService {
  private readonly dir = backupDir();
  private readonly maxUpload = uploadMaxBytes();

  constructor(
    private readonly rpc: RpcClient,
    private readonly tenancy: TenancyService,
    private readonly sessions: SessionStore,
  ) {}

  settings(): BackupSettingsReply {
    const keep = Number(process.env.BACKUP_KEEP);
    // BACKUP_KEEP as the accounts service reads it (backup-settings.ts): 5 unless a whole number from 1
    return { entry: adminnoopEntry(), upload_max_bytes: this.maxUpload, keep: Number.isInteger(keep) && keep >= 1 ? keep : 5 };
  }

  async list(caller: ResolvedCaller, accountId: string): Promise<BackupListReply> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const reply = await this.rpc.call('accounts.backups.list', { ctx });
    await this.groupsChanged(caller, reply.restores);
    return reply;
  }

  async create(caller: ResolvedCaller, accountId: string): Promise<BackupDoc> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    return this.rpc.call('accounts.backups.create', { ctx });
  }

  /** The archive to stream: its path inside BACKUP_DIR (the name comes from the accounts service: `bak-<hex>.tar.gz`). */
  async file(caller: ResolvedCaller, accountId: string, backupId: string): Promise<BackupFileReply & { path: string }> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const reply = await this.rpc.call('accounts.backups.file', { ctx, backup_id: backupId });
    return { ...reply, path: path.join(this.dir, path.basename(reply.file)) };
  }

  async restore(caller: ResolvedCaller, accountId: string, backupId: string, rawBody: unknown): Promise<BackupRestoreDoc> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const body = objectBody(rawBody);
    const mode = restoreMode(body.mode);
    const confirm = typeof body.confirm === 'string' ? body.confirm : undefined;
    const reply = await this.rpc.call('accounts.backups.restore', { ctx, backup_id: backupId, mode, ...(confirm !== undefined ? { confirm } : {}) });
    await this.rolesChanged(caller, mode);
    return reply;
  }

  async restoreGet(caller: ResolvedCaller, accountId: string, restoreId: string): Promise<BackupRestoreDoc> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const reply = await this.rpc.call('accounts.backups.restore.get', { ctx, restore_id: restoreId });
    await this.groupsChanged(caller, [reply]);
    return reply;
  }

  /** The group a failed restore into a new group left removed (the accounts service checks who may). */
  async removeRestoredGroup(caller: ResolvedCaller, accountId: string, restoreId: string): Promise<BackupRestoreDoc> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    const reply = await this.rpc.call('accounts.backups.restore.group.remove', { ctx, restore_id: restoreId });
    if (reply.target_account_id) this.tenancy.forgetGroup(reply.target_account_id);
    if (caller.via === 'session') await this.sessions.markStale(caller.sessionId!, caller.session!);
    return reply;
  }

  /**
   * An uploaded archive restored: the body (application/gzip) is streamed to a file, refused past
   * BACKUP_UPLOAD_MAX_BYTES (413), and the accounts service checks it and starts the restore.
   */
  async upload(caller: ResolvedCaller, accountId: string, query: { mode?: unknown; confirm?: unknown }, body: unknown, length: number): Promise<BackupRestoreDoc> {
    const ctx = await this.tenancy.resolveGroup(caller.ctx, accountId);
    requireWrite(ctx);
    const mode = restoreMode(query.mode);
    if (!ctx.admin) throw errors.forbidden();
    if (!isReadable(body)) throw new AppError('unsupported_media_type', 'send the archive as application/gzip');
    if (Number.isFinite(length) && length > this.maxUpload) throw archiveTooLarge(this.maxUpload); // before a byte of the body is read
    const name = `${randomUUID()}.tar.gz`;
    const uploads = path.join(this.dir, 'uploads');
    await mkdir(uploads, { recursive: true });
    const file = path.join(uploads, name);
    try {
      await copyBounded(body, this.maxUpload, `${file}.part`);
      await rename(`${file}.part`, file);
    } catch (e) {
      await rm(`${file}.part`, { force: true });
      throw e;
    }
    const confirm = typeof query.confirm === 'string' ? query.confirm : undefined;
    const reply = await this.rpc.call('accounts.backups.restore', { ctx, upload: name, mode, ...(confirm !== undefined ? { confirm } : {}) });
    await this.rolesChanged(caller, mode);
    return reply;
  }

  async combined(caller: ResolvedCaller): Promise<BackupDoc> {
    return this.rpc.call('accounts.backups.combined', { ctx: { ...caller.ctx, db: caller.ctx.user_id, admin: false } });
  }

  async combinedFile(caller: ResolvedCaller): Promise<BackupFileReply & { path: string }> {
    const reply = await this.rpc.call('accounts.backups.combined.file', { ctx: { ...caller.ctx, db: caller.ctx.user_id, admin: false } });
    return { ...reply, path: path.join(this.dir, path.basename(reply.file)) };
  }

  /** A restore into a new group makes the caller its administrator: the session's group list is read again. */
  private async rolesChanged(caller: ResolvedCaller, mode: string): Promise<void> {
    if (mode === 'new' && caller.via === 'session') await this.sessions.markStale(caller.sessionId!, caller.session!);
  }

  /**
   * A restore into a new group makes its group once the job has checked the archive: the session's group list is read
   * again when it sees a restore done into a group it does not list yet.
   */
  private async groupsChanged(caller: ResolvedCaller, restores: BackupRestoreDoc[]): Promise<void> {
    if (caller.via !== 'session') return;
    const roles = caller.session!.roles;
    const made = restores.some((r) => r.mode === 'new' && r.status === 'done' && r.target_account_id && !roles.includes(r.target_account_id));
    if (made) await this.sessions.markStale(caller.sessionId!, caller.session!);
  }
}

function restoreMode(value: unknown): 'new' | 'replace' {
  if (typeof value !== 'string' || !RESTORE_MODES.includes(value)) throw errors.unprocessable({ mode: FIELD_MESSAGES.invalid });
  return value as 'new' | 'replace';
}

function isReadable(value: unknown): value is Readable {
  return !!value && typeof (value as Readable).pipe === 'function' && typeof (value as Readable).on === 'function';
}

/** Passes bytes on up to `max`, then fails with 413 whatever Content-Length said. */
/**
 * Copies the upload to `file`, refused (413) past `max` bytes. Unlike pipeline(), a refusal leaves the request
 * itself alone: destroying it reset the connection, so a client still sending got no 413 (the server drains the
 * rest, bounded: http/early-answers.ts).
 */
function copyBounded(source: Readable, max: number, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let size = 0;
    let settled = false;
    const stop = (err?: unknown) => {
      if (settled) return;
      settled = true;
      source.removeListener('data', onData);
      source.removeListener('end', onEnd);
      source.removeListener('error', stop);
      source.removeListener('close', onClose);
      if (err) {
        out.destroy();
        reject(err);
      } else out.end(() => resolve());
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return stop(archiveTooLarge(max));
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => !settled && source.resume());
      }
    };
    const onEnd = () => stop();
    const onClose = () => stop(new AppError('bad_request', 'The upload ended before its last byte'));
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', stop);
    source.once('close', onClose);
    out.once('error', stop);
  });
}
