import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'stream';
import { lookup } from 'mime-types';
import { DocumentStore, newDocId, requireWrite, RpcClient, retryOnConflict } from '@app/platform';
import {
  AppError,
  CallerContext,
  DISK_MESSAGES,
  Doc,
  errors,
  FIELD_MESSAGES,
  FileName,
  isDirKind,
  isTrashedKind,
  RESTORED_KIND,
  TRASHED_KIND,
  WriteReply,
} from '@app/proto';
import type { PoolClient } from 'pg';
import type { BlobStore, StoredBlob } from '../blobs/blob-store';
import { accountDb, actorOf } from '../common/caller';
import { BLOB_STORE, RPC_CLIENT } from '../common/tokens';
import { contentTypeOf, movesIntoItself, quotaOf, quotaReason, restoredName, roomLeft, versionsKept } from './cloud-file.rules';
import { EntryRow, FilesRepository } from './files.repository';

// The disk's files as every door uses them (the document API's policy and update handlers, the byte routes, WebDAV):
// one place that writes a file's bytes, versions, folders, trash and quota. Documents are written through the platform's
// DocumentStore (revisions, change events); the versions table is written in the same transactions.

const logger = new Logger('disk-files');
const PLAN_CACHE_MS = 30_000;

/** Where an upload goes: a name in a folder (a new file, or a new version of the file of that name), or a file by id. */
export type UploadTarget = { dirId: string | null; name: string } | { fileId: string };

export interface UploadInput {
  target: UploadTarget;
  body: Readable;
  /** the announced length (Content-Length), checked against the quota before a byte is stored */
  size?: number;
  contentType?: string | null;
  /** the modification time the client keeps (rclone's X-OC-Mtime / PROPPATCH getlastmodified) */
  modifiedAt?: string | null;
  /**
   * the resumable upload these bytes complete: its reservation is not counted against it, and it ends in the
   * transaction that stores the file
   */
  reservation?: string;
}

export interface UploadResult {
  doc: Doc;
  created: boolean;
}

/** A folder or the root (null). */
export type FolderId = string | null;

@Injectable()
export class DiskFiles {
  private readonly plans = new Map<string, { plan: string; until: number }>();

  constructor(
    readonly store: DocumentStore,
    readonly repo: FilesRepository,
    @Inject(BLOB_STORE) readonly blobs: BlobStore,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {}

  // ---- reading ------------------------------------------------------------------------------------------------------

  async get(ctx: CallerContext, id: string): Promise<Doc | null> {
    const doc = await this.store.get(accountDb(ctx), id);
    return doc && doc.klass === 'CloudFile' ? doc : null;
  }

  /** The live entry at a path of names from the root (`[]`: the root itself, answered as null with root true). */
  async resolve(ctx: CallerContext, names: readonly string[]): Promise<{ root: true } | { root: false; entry: EntryRow } | null> {
    const db = accountDb(ctx);
    if (!names.length) return { root: true };
    let dirId: FolderId = null;
    let entry: EntryRow | null = null;
    for (let i = 0; i < names.length; i++) {
      entry = await this.repo.entryNamed(db, dirId, names[i]);
      if (!entry) return null;
      if (i < names.length - 1 && !isDirKind(entry.kind)) return null;
      dirId = entry.id;
    }
    return { root: false, entry: entry! };
  }

  /** The live folder `id` (a 422 on field `dir_id` when it is not one); null stays the root. */
  async folder(ctx: CallerContext, id: FolderId, field = 'dir_id'): Promise<FolderId> {
    if (id === null) return null;
    const doc = await this.get(ctx, id);
    if (!doc || !isDirKind(doc.kind) || isTrashedKind(doc.kind)) throw errors.unprocessable({ [field]: DISK_MESSAGES.notADirectory });
    return id;
  }

  // ---- quota --------------------------------------------------------------------------------------------------------

  /** The group's drive storage (its plan's, asked of the accounts service and kept for 30 s). */
  async quota(ctx: CallerContext): Promise<number> {
    const db = accountDb(ctx);
    const hit = this.plans.get(db);
    if (hit && hit.until > Date.now()) return quotaOf(hit.plan);
    const account = await this.rpc.call('accounts.account.get', { ctx: { ...ctx, db }, fields: ['confirmed-plan'] });
    const plan = account['confirmed-plan'] ?? 'free';
    if (this.plans.size > 10_000) this.plans.clear();
    this.plans.set(db, { plan, until: Date.now() + PLAN_CACHE_MS });
    return quotaOf(plan);
  }

  async usage(ctx: CallerContext): Promise<{ bytes: number; quota: number; files: number; folders: number }> {
    const db = accountDb(ctx);
    const [bytes, quota, counts] = await Promise.all([this.repo.bytesUsed(db), this.quota(ctx), this.repo.counts(db)]);
    return { bytes, quota, ...counts };
  }

  // ---- bytes --------------------------------------------------------------------------------------------------------

  /**
   * Stores an upload: the bytes stream into the blob store (refused past the room left, 507), then, in one transaction
   * that takes the group's quota lock and checks the room again, the file's document is created or given a new version,
   * and versions beyond its max_versions are dropped. A failed or refused upload leaves the file as it was.
   */
  async upload(ctx: CallerContext, input: UploadInput): Promise<UploadResult> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const { target } = input;
    let existing: Doc | null;
    let dirId: FolderId;
    let name: string;
    if ('fileId' in target) {
      existing = await this.get(ctx, target.fileId);
      if (!existing || isTrashedKind(existing.kind)) throw errors.notFound();
      if (isDirKind(existing.kind)) throw errors.unprocessable({ _id: 'is-a-folder' });
      name = String(existing.name);
      dirId = (existing.dir_id as string | null | undefined) ?? null;
    } else {
      name = checkName(target.name);
      dirId = await this.folder(ctx, target.dirId);
      const found = await this.repo.entryNamed(db, dirId, name);
      if (found && isDirKind(found.kind)) throw new AppError('conflict', `"${name}" is a folder`);
      existing = found ? await this.get(ctx, found.id) : null;
    }

    const reservation = input.reservation ?? null;
    const [quota, { used, reserved }] = await Promise.all([this.quota(ctx), this.repo.bytesTaken(db, undefined, reservation)]);
    const room = roomLeft(quota, used + reserved);
    if (input.size !== undefined && input.size > room) throw errors.insufficientStorage(quotaReason(input.size, quota, used, reserved));
    const blob = await this.blobs.put(input.body, {
      maxBytes: room,
      expectedSize: input.size,
      tooLarge: () => errors.insufficientStorage(quotaReason(input.size ?? room + 1, quota, used, reserved)),
    });
    const contentType = contentTypeOf(input.contentType, lookup(name));
    try {
      return await this.commitUpload(ctx, { existing, dirId, name, blob, contentType, modifiedAt: input.modifiedAt ?? null, quota, reservation });
    } catch (err) {
      await this.repo.orphanUnnamed([blob.key]).catch(() => undefined);
      throw err;
    }
  }

  private async commitUpload(
    ctx: CallerContext,
    u: { existing: Doc | null; dirId: FolderId; name: string; blob: StoredBlob; contentType: string; modifiedAt: string | null; quota: number; reservation?: string | null },
  ): Promise<UploadResult> {
    const db = accountDb(ctx);
    const actor = actorOf(ctx);
    const now = new Date().toISOString();
    const recordVersion = async (tx: PoolClient, fileId: string, version: number, keep: number) => {
      await this.repo.lockQuota(tx, db);
      // the room is what the versions and the other uploads in progress leave; this upload's own reservation ends here
      const { used, reserved } = await this.repo.bytesTaken(db, tx, u.reservation ?? null);
      if (used + reserved + u.blob.size > u.quota) throw errors.insufficientStorage(quotaReason(u.blob.size, u.quota, used, reserved));
      if (u.reservation) await this.repo.endUpload(tx, u.reservation);
      await this.repo.lockBlob(tx, u.blob.key);
      if (u.blob.size > 0 && !(await this.blobs.has(u.blob.key))) throw new AppError('service_unavailable', 'The file was being cleaned up as it arrived, please send it again');
      await this.repo.insertVersion(tx, { accountId: db, fileId, version, blobKey: u.blob.key, size: u.blob.size, contentType: u.contentType, createdBy: actor });
      await this.repo.dropVersions(tx, db, fileId, keep);
    };
    const bytesFields = { size: u.blob.size, external_key: u.blob.key, content_type: u.contentType, modified_at: u.modifiedAt ?? now };

    if (u.existing) {
      const doc = await retryOnConflict(async () => {
        const current = await this.get(ctx, u.existing!._id);
        if (!current || isTrashedKind(current.kind)) throw errors.notFound();
        // an empty placeholder version is taken over (same number), not kept as history
        const version = replacesEmptyVersion(current) ? Number(current.version) : (Number(current.version) || 0) + 1;
        return this.store.update(db, current._id, current._rev, { ...current, ...bytesFields, version }, ctx.user_id, {
          inTransaction: async (tx, _db, stored, fields) => {
            // an empty version is a placeholder (Windows writes a file empty, locks it, then writes it): not history
            if (replacesEmptyVersion(stored)) await this.repo.dropVersion(tx, db, stored._id, Number(stored.version));
            await recordVersion(tx, stored._id, version, versionsKept(stored));
            return fields;
          },
        });
      }, 5);
      return { doc, created: false };
    }
    try {
      const id = newDocId('CloudFile');
      const doc = await this.store.create(
        db,
        { _id: id, klass: 'CloudFile', kind: 'file', name: u.name, dir_id: u.dirId, starred: false, user: actor, version: 1, ...bytesFields },
        ctx.user_id,
        {
          inTransaction: async (tx, _db, fields) => {
            await recordVersion(tx, id, 1, versionsKept(null));
            return fields;
          },
        },
      );
      return { doc, created: true };
    } catch (err) {
      // two uploads of one new name at once: the second becomes a new version of the first
      if (!isNameTaken(err)) throw err;
      const found = await this.repo.entryNamed(db, u.dirId, u.name);
      if (!found || isDirKind(found.kind)) throw err;
      return this.commitUpload(ctx, { ...u, existing: await this.get(ctx, found.id) });
    }
  }

  /** A version's (the current one's when absent) blob, size and type; 404 when the file or version is not there. */
  async content(ctx: CallerContext, id: string, version?: number): Promise<{ doc: Doc; blobKey: string; size: number; contentType: string; version: number }> {
    const db = accountDb(ctx);
    const doc = await this.get(ctx, id);
    if (!doc || isDirKind(doc.kind)) throw errors.notFound();
    const n = version ?? Number(doc.version);
    if (n === 0) return { doc, blobKey: EMPTY_BLOB, size: 0, contentType: String(doc.content_type ?? 'application/octet-stream'), version: 0 };
    const v = await this.repo.version(db, id, n);
    if (!v) throw errors.notFound(version === undefined ? 'missing' : `version ${version} is not kept`);
    return { doc, blobKey: v.blob_key, size: v.size, contentType: v.content_type ?? 'application/octet-stream', version: n };
  }

  /** An older version becomes the newest: a new version with its bytes (no copy of the bytes: the same blob). */
  async restoreVersion(ctx: CallerContext, id: string, version: number): Promise<WriteReply> {
    requireWrite(ctx);
    const source = await this.content(ctx, id, version);
    if (isTrashedKind(source.doc.kind)) throw errors.notFound();
    const quota = await this.quota(ctx);
    const { doc } = await this.commitUpload(ctx, {
      existing: source.doc,
      dirId: (source.doc.dir_id as string | null) ?? null,
      name: String(source.doc.name),
      blob: { key: source.blobKey, size: source.size },
      contentType: source.contentType,
      modifiedAt: null,
      quota,
    });
    return { ok: true, id: doc._id, rev: doc._rev, doc };
  }

  // ---- folders, moves, copies ---------------------------------------------------------------------------------------

  /** A new folder (WebDAV MKCOL; the document API's POST goes through the policy). */
  async createFolder(ctx: CallerContext, dirId: FolderId, name: string): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    await this.folder(ctx, dirId);
    return this.store.create(db, { klass: 'CloudFile', kind: 'dir', name: checkName(name), dir_id: dirId, starred: false, user: actorOf(ctx) }, ctx.user_id);
  }

  /**
   * An empty file with no version yet (WebDAV creates the file before its bytes arrive; the first write is version 1).
   */
  async createEmpty(ctx: CallerContext, dirId: FolderId, name: string): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    await this.folder(ctx, dirId);
    const contentType = contentTypeOf(null, lookup(name));
    return this.store.create(
      db,
      { klass: 'CloudFile', kind: 'file', name: checkName(name), dir_id: dirId, starred: false, user: actorOf(ctx), version: 0, size: 0, content_type: contentType },
      ctx.user_id,
    );
  }

  /** Checks a rename or move of `id` to `name` in `dirId`: the folder exists, is not inside it, the name is free. */
  async checkPlace(ctx: CallerContext, id: string | null, dirId: FolderId, name: string, kind: string): Promise<void> {
    const db = accountDb(ctx);
    await this.folder(ctx, dirId);
    if (id && dirId && isDirKind(kind) && movesIntoItself(id, await this.repo.ancestors(db, dirId))) {
      throw errors.unprocessable({ dir_id: DISK_MESSAGES.intoItself });
    }
    const taken = await this.repo.entryNamed(db, dirId, name);
    if (taken && taken.id !== id) throw errors.unprocessable({ name: FIELD_MESSAGES.taken });
  }

  /** Renames and/or moves an entry (WebDAV MOVE; the document API's PUT goes through the policy). */
  async move(ctx: CallerContext, id: string, dirId: FolderId, name: string): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    return retryOnConflict(async () => {
      const doc = await this.get(ctx, id);
      if (!doc || isTrashedKind(doc.kind)) throw errors.notFound();
      await this.checkPlace(ctx, id, dirId, checkName(name), String(doc.kind));
      return this.store.update(db, id, doc._rev, { ...doc, dir_id: dirId, name }, ctx.user_id);
    }, 5);
  }

  /** Copies a file (its current version, the same blob) or a folder with everything in it (WebDAV COPY). */
  async copy(ctx: CallerContext, id: string, dirId: FolderId, name: string, depth = Infinity, onCopied?: (fromId: string, toId: string) => Promise<void>): Promise<Doc> {
    requireWrite(ctx);
    const source = await this.get(ctx, id);
    if (!source || isTrashedKind(source.kind)) throw errors.notFound();
    if (isDirKind(source.kind)) {
      const folder = await this.createFolder(ctx, dirId, name);
      await onCopied?.(id, folder._id);
      if (depth > 0) {
        for (const child of await this.repo.children(accountDb(ctx), id)) await this.copy(ctx, child.id, folder._id, child.name, depth - 1, onCopied);
      }
      return folder;
    }
    const content = await this.content(ctx, id);
    if (content.version === 0) {
      const empty = await this.createEmpty(ctx, dirId, name);
      await onCopied?.(id, empty._id);
      return empty;
    }
    const quota = await this.quota(ctx);
    const { doc } = await this.commitUpload(ctx, {
      existing: null,
      dirId,
      name: checkName(name),
      blob: { key: content.blobKey, size: content.size },
      contentType: content.contentType,
      modifiedAt: (source.modified_at as string | null) ?? null,
      quota,
    });
    await onCopied?.(id, doc._id);
    return doc;
  }

  // ---- trash --------------------------------------------------------------------------------------------------------

  /** Into the trash: the entry's kind becomes file_deleted/dir_deleted (what a folder holds goes with it, unlisted). */
  async trash(ctx: CallerContext, id: string): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    return retryOnConflict(async () => {
      const doc = await this.get(ctx, id);
      if (!doc) throw errors.notFound();
      if (isTrashedKind(doc.kind)) throw new AppError('conflict', 'Already in the trash');
      const kind = TRASHED_KIND[String(doc.kind)] ?? 'file_deleted';
      return this.store.update(db, id, doc._rev, { ...doc, kind, trashed_at: new Date().toISOString(), trashed_from: doc.dir_id ?? null, trashed_kind: doc.kind }, ctx.user_id);
    }, 5);
  }

  /** Out of the trash, into the folder it came from (the root when that is gone), renamed when the name is taken. */
  async restore(ctx: CallerContext, id: string): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    return retryOnConflict(async () => {
      const doc = await this.get(ctx, id);
      if (!doc) throw errors.notFound();
      if (!isTrashedKind(doc.kind)) throw new AppError('conflict', 'Not in the trash');
      const from = (doc.trashed_from as string | null | undefined) ?? null;
      const dirId = from && (await this.isLiveFolder(ctx, from)) ? from : null;
      const kind = typeof doc.trashed_kind === 'string' && !isTrashedKind(doc.trashed_kind) ? doc.trashed_kind : RESTORED_KIND[String(doc.kind)];
      let name = String(doc.name);
      for (let attempt = 1; await this.repo.entryNamed(db, dirId, name); attempt++) {
        if (attempt > 100) throw errors.unprocessable({ name: FIELD_MESSAGES.taken });
        name = restoredName(String(doc.name), attempt, kind);
      }
      const { trashed_at: _t, trashed_from: _f, trashed_kind: _k, ...rest } = doc;
      return this.store.update(db, id, doc._rev, { ...rest, kind, name, dir_id: dirId }, ctx.user_id);
    }, 5);
  }

  private async isLiveFolder(ctx: CallerContext, id: string): Promise<boolean> {
    const doc = await this.get(ctx, id);
    return !!doc && isDirKind(doc.kind) && !isTrashedKind(doc.kind);
  }

  /**
   * Deletes an entry for good (with everything a folder holds): documents removed, versions dropped, blobs left to the
   * sweeper. `rev` guards the entry itself like any delete.
   */
  async purge(ctx: CallerContext, id: string, rev: string | undefined): Promise<Doc> {
    requireWrite(ctx);
    const db = accountDb(ctx);
    const doc = await this.get(ctx, id);
    if (!doc) throw errors.notFound();
    if (rev === undefined || rev !== doc._rev) throw errors.conflict();
    const inside = isDirKind(doc.kind) ? await this.repo.descendants(db, id) : [];
    // the deepest first, so a crash half way leaves a smaller tree, never an entry without its folder
    for (const entry of inside.reverse()) await this.removeEntry(ctx, entry.id);
    const tombstone = await this.store.remove(db, id, rev, ctx.user_id);
    await this.dropVersions(db, [id]);
    return tombstone;
  }

  /** The sweeper's purge of an entry whose days in the trash are over (still trashed, still expired). */
  async purgeExpired(ctx: CallerContext, id: string): Promise<void> {
    const doc = await this.get(ctx, id);
    if (!doc || !isTrashedKind(doc.kind)) return;
    await this.purge({ ...ctx, token: null }, id, doc._rev);
  }

  private async removeEntry(ctx: CallerContext, id: string): Promise<void> {
    const db = accountDb(ctx);
    await retryOnConflict(async () => {
      const doc = await this.store.get(db, id);
      if (!doc) return;
      await this.store.remove(db, id, doc._rev, ctx.user_id);
    }, 5);
    await this.dropVersions(db, [id]);
  }

  private async dropVersions(db: string, ids: string[]): Promise<void> {
    const tx = await this.repo.pool.connect();
    try {
      await tx.query('BEGIN');
      await this.repo.dropAllVersions(tx, db, ids);
      await tx.query('COMMIT');
    } catch (err) {
      await tx.query('ROLLBACK').catch(() => undefined);
      logger.error(`dropping versions of ${ids.join(', ')}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      tx.release();
    }
  }
}

/** The SHA-256 of no bytes: what a file with no version yet holds. */
export const EMPTY_BLOB = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Whether a new version takes the place of the current one: an empty placeholder (size 0), not kept as history. */
export function replacesEmptyVersion(current: Doc): boolean {
  return Number(current.version) > 0 && Number(current.size) === 0;
}

/** A file or folder name (spec §5: case sensitive), or a 422 on field `name`. */
export function checkName(name: string): string {
  const parsed = FileName.safeParse(name);
  if (!parsed.success) throw errors.unprocessable({ name: parsed.error.issues[0]?.message ?? FIELD_MESSAGES.invalid });
  return parsed.data;
}

function isNameTaken(err: unknown): boolean {
  return err instanceof AppError && err.status === 422 && typeof err.reason === 'object' && err.reason.name === FIELD_MESSAGES.taken;
}
