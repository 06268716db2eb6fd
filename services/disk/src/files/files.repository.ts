import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { LIVE_FILE_KINDS, type Doc, type FileVersion } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { DISK_SCHEMA } from '../disk.schema';

// Every SQL statement of the disk's files beyond the platform's document reads and writes: folder walks, versions,
// disk use and the blob sweeper's orphans.

const DOCUMENTS = `"${DISK_SCHEMA}"."documents"`;
const VERSIONS = `"${DISK_SCHEMA}"."file_versions"`;
const ORPHANS = `"${DISK_SCHEMA}"."blob_orphans"`;
const UPLOADS = `"${DISK_SCHEMA}"."uploads"`;
/** deeper than anyone nests folders; a bound on the walks, which also stops at a cycle */
export const MAX_DEPTH = 64;

export interface EntryRow {
  id: string;
  name: string;
  kind: string;
  dir_id: string | null;
}

/** An entry with its whole document (WebDAV reads sizes, dates and types of every entry it lists). */
export interface EntryDoc extends EntryRow {
  body: Doc;
}

export interface NewVersion {
  accountId: string;
  fileId: string;
  version: number;
  blobKey: string;
  size: number;
  contentType: string | null;
  createdBy: { _id: string | null; label: string | null };
}

type Db = Pool | PoolClient;

@Injectable()
export class FilesRepository {
  constructor(@Inject(PG_POOL) readonly pool: Pool) {}

  private async q<R extends object>(db: Db, text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await db.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** The live entry named `name` in folder `dirId` (null: the root), compared byte for byte. */
  async entryNamed(accountId: string, dirId: string | null, name: string, db: Db = this.pool): Promise<EntryDoc | null> {
    const rows = await this.q<EntryDoc>(
      db,
      `SELECT id, body ->> 'name' AS name, body ->> 'kind' AS kind, body ->> 'dir_id' AS dir_id, body FROM ${DOCUMENTS}
       WHERE account_id = $1 AND klass = 'CloudFile' AND NOT deleted AND COALESCE(body ->> 'dir_id', '') = $2
         AND (body ->> 'name') COLLATE "C" = $3 AND (body ->> 'kind') = ANY($4::text[])`,
      [accountId, dirId ?? '', name, LIVE_FILE_KINDS],
    );
    return rows[0] ?? null;
  }

  /** The live entries of a folder (null: the root), by name, with their documents (at most `limit`). */
  async children(accountId: string, dirId: string | null, limit = 100_000): Promise<EntryDoc[]> {
    return this.q<EntryDoc>(
      this.pool,
      `SELECT id, body ->> 'name' AS name, body ->> 'kind' AS kind, body ->> 'dir_id' AS dir_id, body FROM ${DOCUMENTS}
       WHERE account_id = $1 AND klass = 'CloudFile' AND NOT deleted AND COALESCE(body ->> 'dir_id', '') = $2
         AND (body ->> 'kind') = ANY($3::text[])
       ORDER BY (body ->> 'name') COLLATE "C" LIMIT $4`,
      [accountId, dirId ?? '', LIVE_FILE_KINDS, limit],
    );
  }

  /** A folder and its ancestors, the folder first (at most MAX_DEPTH; stops at a missing parent). */
  async ancestors(accountId: string, id: string): Promise<EntryRow[]> {
    return this.q<EntryRow>(
      this.pool,
      `WITH RECURSIVE up(id, name, kind, dir_id, depth) AS (
         SELECT id, body ->> 'name', body ->> 'kind', body ->> 'dir_id', 1 FROM ${DOCUMENTS}
          WHERE account_id = $1 AND id = $2 AND klass = 'CloudFile' AND NOT deleted
         UNION ALL
         SELECT d.id, d.body ->> 'name', d.body ->> 'kind', d.body ->> 'dir_id', up.depth + 1 FROM ${DOCUMENTS} d
           JOIN up ON d.account_id = $1 AND d.id = up.dir_id AND d.klass = 'CloudFile' AND NOT d.deleted
          WHERE up.depth < $3
       ) SELECT id, name, kind, dir_id FROM up ORDER BY depth`,
      [accountId, id, MAX_DEPTH],
    );
  }

  /** Every entry inside a folder, at any depth (trashed ones too), itself excluded. */
  async descendants(accountId: string, id: string, db: Db = this.pool): Promise<EntryRow[]> {
    return this.q<EntryRow>(
      db,
      `WITH RECURSIVE down(id, name, kind, dir_id, depth) AS (
         SELECT id, body ->> 'name', body ->> 'kind', body ->> 'dir_id', 1 FROM ${DOCUMENTS}
          WHERE account_id = $1 AND klass = 'CloudFile' AND NOT deleted AND body ->> 'dir_id' = $2
         UNION ALL
         SELECT d.id, d.body ->> 'name', d.body ->> 'kind', d.body ->> 'dir_id', down.depth + 1 FROM ${DOCUMENTS} d
           JOIN down ON d.account_id = $1 AND d.body ->> 'dir_id' = down.id AND d.klass = 'CloudFile' AND NOT d.deleted
          WHERE down.depth < $3
       ) SELECT id, name, kind, dir_id FROM down`,
      [accountId, id, MAX_DEPTH],
    );
  }

  /**
   * Starred live entries none of whose folders is in the trash (what a trashed folder holds keeps its own kind), by
   * name, at most `limit`.
   */
  async starred(accountId: string, limit = 1000): Promise<Doc[]> {
    const rows = await this.q<{ body: Doc }>(
      this.pool,
      `WITH RECURSIVE up(start, dir_id, depth, trashed) AS (
         SELECT id, body ->> 'dir_id', 0, false FROM ${DOCUMENTS}
          WHERE account_id = $1 AND klass = 'CloudFile' AND NOT deleted AND (body -> 'starred') = 'true'::jsonb
            AND (body ->> 'kind') = ANY($2::text[])
         UNION ALL
         SELECT up.start, d.body ->> 'dir_id', up.depth + 1, (d.body ->> 'kind') IN ('file_deleted', 'dir_deleted') FROM ${DOCUMENTS} d
           JOIN up ON d.account_id = $1 AND d.id = up.dir_id AND d.klass = 'CloudFile' AND NOT d.deleted
          WHERE up.depth < $3 AND NOT up.trashed
       )
       SELECT d.body FROM ${DOCUMENTS} d
        WHERE d.account_id = $1 AND d.id IN (SELECT start FROM up GROUP BY start HAVING NOT bool_or(trashed))
        ORDER BY (d.body ->> 'name') COLLATE "C" LIMIT $4`,
      [accountId, LIVE_FILE_KINDS, MAX_DEPTH, limit],
    );
    return rows.map((r) => r.body);
  }

  // ---- versions ---------------------------------------------------------------------------------------------------

  async insertVersion(tx: PoolClient, v: NewVersion): Promise<void> {
    await this.q(
      tx,
      `INSERT INTO ${VERSIONS} (account_id, file_id, version, blob_key, size, content_type, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [v.accountId, v.fileId, v.version, v.blobKey, v.size, v.contentType, JSON.stringify(v.createdBy)],
    );
    // named again: the sweeper must not take it
    await this.q(tx, `DELETE FROM ${ORPHANS} WHERE blob_key = $1`, [v.blobKey]);
  }

  /** A file's versions, newest first. */
  async versions(accountId: string, fileId: string, db: Db = this.pool): Promise<Array<Omit<FileVersion, 'current'> & { blob_key: string }>> {
    const rows = await this.q<{ version: number; size: string; content_type: string | null; created_at: Date; created_by: FileVersion['created_by']; blob_key: string }>(
      db,
      `SELECT version, size, content_type, created_at, created_by, blob_key FROM ${VERSIONS}
       WHERE account_id = $1 AND file_id = $2 ORDER BY version DESC`,
      [accountId, fileId],
    );
    return rows.map((r) => ({ ...r, size: Number(r.size), created_at: new Date(r.created_at).toISOString() }));
  }

  async version(accountId: string, fileId: string, version: number): Promise<{ blob_key: string; size: number; content_type: string | null } | null> {
    const rows = await this.q<{ blob_key: string; size: string; content_type: string | null }>(
      this.pool,
      `SELECT blob_key, size, content_type FROM ${VERSIONS} WHERE account_id = $1 AND file_id = $2 AND version = $3`,
      [accountId, fileId, version],
    );
    return rows[0] ? { ...rows[0], size: Number(rows[0].size) } : null;
  }

  /** Drops one version of a file (its blob becomes an orphan). */
  async dropVersion(tx: PoolClient, accountId: string, fileId: string, version: number): Promise<void> {
    const dropped = await this.q<{ blob_key: string }>(
      tx,
      `DELETE FROM ${VERSIONS} WHERE account_id = $1 AND file_id = $2 AND version = $3 RETURNING blob_key`,
      [accountId, fileId, version],
    );
    if (dropped.length) await this.orphan(tx, dropped.map((d) => d.blob_key));
  }

  /** Drops the versions of a file beyond the newest `keep` (all when keep is 0); their blobs become orphans. */
  async dropVersions(tx: PoolClient, accountId: string, fileId: string, keep: number): Promise<number> {
    const dropped = await this.q<{ blob_key: string }>(
      tx,
      `DELETE FROM ${VERSIONS} WHERE account_id = $1 AND file_id = $2
         AND version NOT IN (SELECT version FROM ${VERSIONS} WHERE account_id = $1 AND file_id = $2 ORDER BY version DESC LIMIT $3)
       RETURNING blob_key`,
      [accountId, fileId, keep],
    );
    if (dropped.length) await this.orphan(tx, dropped.map((d) => d.blob_key));
    return dropped.length;
  }

  /** Blobs stored for an upload that was then refused: the sweeper takes them unless a version names them. */
  async orphanUnnamed(keys: string[]): Promise<void> {
    const tx = await this.pool.connect();
    try {
      await this.orphan(tx, keys);
    } finally {
      tx.release();
    }
  }

  /** Blobs no version names any more become orphans (given the hour again when they were already). */
  async orphan(tx: PoolClient, keys: string[]): Promise<void> {
    await this.q(
      tx,
      `INSERT INTO ${ORPHANS} (blob_key) SELECT DISTINCT k FROM unnest($1::text[]) k
       WHERE NOT EXISTS (SELECT 1 FROM ${VERSIONS} v WHERE v.blob_key = k) ON CONFLICT (blob_key) DO UPDATE SET since = now()`,
      [keys],
    );
  }

  /** Blobs unnamed since before `olderThan`, still unnamed now: the sweeper deletes them, then forgets them. */
  async staleOrphans(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.q<{ blob_key: string }>(
      this.pool,
      `SELECT o.blob_key FROM ${ORPHANS} o WHERE o.since < $1
         AND NOT EXISTS (SELECT 1 FROM ${VERSIONS} v WHERE v.blob_key = o.blob_key) LIMIT $2`,
      [olderThan.toISOString(), limit],
    );
    return rows.map((r) => r.blob_key);
  }

  /**
   * Holds a blob for the transaction: an upload naming it and the sweeper deleting it take turns (the upload then finds
   * it gone and fails instead of naming deleted bytes).
   */
  async lockBlob(tx: PoolClient, key: string): Promise<void> {
    await this.q(tx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 11))`, [key]);
  }

  /** Forgets an orphan (in the sweeper's transaction, holding the blob) unless it was named again meanwhile. */
  async forgetOrphan(tx: PoolClient, key: string, olderThan: Date): Promise<boolean> {
    const rows = await this.q(
      tx,
      `DELETE FROM ${ORPHANS} o WHERE o.blob_key = $1 AND o.since < $2 AND NOT EXISTS (SELECT 1 FROM ${VERSIONS} v WHERE v.blob_key = o.blob_key) RETURNING 1`,
      [key, olderThan.toISOString()],
    );
    return rows.length > 0;
  }

  // ---- disk use ---------------------------------------------------------------------------------------------------

  /** Bytes stored for a group: every kept version, trash included. */
  async bytesUsed(accountId: string, db: Db = this.pool): Promise<number> {
    const rows = await this.q<{ n: string | null }>(db, `SELECT sum(size) AS n FROM ${VERSIONS} WHERE account_id = $1`, [accountId]);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * What a group's disk holds and has promised: its kept versions plus the announced length of every resumable (tus)
   * upload still in progress (unexpired), but `exceptUpload`'s own (the upload being committed, whose bytes are the
   * ones checked). Every quota check counts this, so an upload in progress keeps its room until it ends.
   */
  async bytesTaken(accountId: string, db: Db = this.pool, exceptUpload: string | null = null): Promise<{ used: number; reserved: number }> {
    const rows = await this.q<{ used: string | null; reserved: string | null }>(
      db,
      `SELECT (SELECT sum(size) FROM ${VERSIONS} WHERE account_id = $1) AS used,
              (SELECT sum(length) FROM ${UPLOADS} WHERE account_id = $1 AND expires_at > now() AND id IS DISTINCT FROM $2) AS reserved`,
      [accountId, exceptUpload],
    );
    return { used: Number(rows[0]?.used ?? 0), reserved: Number(rows[0]?.reserved ?? 0) };
  }

  /** Ends a resumable upload's reservation (in the transaction that stores its file, or when it is dropped). */
  async endUpload(db: Db, id: string): Promise<void> {
    await this.q(db, `DELETE FROM ${UPLOADS} WHERE id = $1`, [id]);
  }

  async counts(accountId: string): Promise<{ files: number; folders: number }> {
    const rows = await this.q<{ files: string; folders: string }>(
      this.pool,
      `SELECT count(*) FILTER (WHERE body ->> 'kind' IN ('file', 'file_enc')) AS files,
              count(*) FILTER (WHERE body ->> 'kind' IN ('dir', 'dir_app')) AS folders
         FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'CloudFile' AND NOT deleted`,
      [accountId],
    );
    return { files: Number(rows[0]?.files ?? 0), folders: Number(rows[0]?.folders ?? 0) };
  }

  /** Serialises a group's uploads' quota checks with their commits (a transaction-scoped advisory lock). */
  async lockQuota(tx: PoolClient, accountId: string): Promise<void> {
    await this.q(tx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 7))`, [`disk-quota:${accountId}`]);
  }

  /** Trashed entries whose time in the trash is over. */
  async expiredTrash(before: Date, limit: number): Promise<Array<{ account_id: string; id: string }>> {
    return this.q(
      this.pool,
      `SELECT account_id, id FROM ${DOCUMENTS} WHERE klass = 'CloudFile' AND NOT deleted
         AND body ->> 'kind' IN ('file_deleted', 'dir_deleted') AND (body ->> 'trashed_at') < $1 LIMIT $2`,
      [before.toISOString(), limit],
    );
  }

  /** Drops every version of these files (a purge); their blobs become orphans. */
  async dropAllVersions(tx: PoolClient, accountId: string, fileIds: string[]): Promise<void> {
    const dropped = await this.q<{ blob_key: string }>(
      tx,
      `DELETE FROM ${VERSIONS} WHERE account_id = $1 AND file_id = ANY($2::text[]) RETURNING blob_key`,
      [accountId, fileIds],
    );
    if (dropped.length) await this.orphan(tx, dropped.map((d) => d.blob_key));
  }
}
