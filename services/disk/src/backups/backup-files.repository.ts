import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { BACKUP_REASONS, errors, type BackupBlob, type BackupFileVersion } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { DISK_SCHEMA } from '../disk.schema';
import { FilesRepository } from '../files/files.repository';

// The SQL of a group's files in a backup (proto backup.ts): the distinct blobs and the file versions out, a page at a
// time, and the versions back in. Blobs that no version names any more become orphans (the sweeper deletes them an hour
// later); a version written back takes its blob's lock and finds it stored first, so it never names missing bytes.

const VERSIONS = `"${DISK_SCHEMA}"."file_versions"`;
const ORPHANS = `"${DISK_SCHEMA}"."blob_orphans"`;

interface VersionRow {
  file_id: string;
  version: number;
  blob_key: string;
  size: string;
  content_type: string | null;
  created_at: Date;
  created_by: BackupFileVersion['created_by'];
}

@Injectable()
export class BackupFilesRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly files: FilesRepository,
  ) {}

  private async q<R extends object>(db: Pool | PoolClient, text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await db.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  private async inTransaction<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    const tx = await this.pool.connect();
    try {
      await tx.query('BEGIN');
      const result = await work(tx);
      await tx.query('COMMIT');
      return result;
    } catch (err) {
      await tx.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      tx.release();
    }
  }

  /** The distinct blobs the group's versions name, after `after` in key order, at most `limit`. */
  async blobsPage(accountId: string, after: string | undefined, limit: number): Promise<BackupBlob[]> {
    const rows = await this.q<{ key: string; size: string }>(
      this.pool,
      `SELECT blob_key AS key, max(size) AS size FROM ${VERSIONS} WHERE account_id = $1 AND blob_key > $2
        GROUP BY blob_key ORDER BY blob_key LIMIT $3`,
      [accountId, after ?? '', limit],
    );
    return rows.map((r) => ({ key: r.key, size: Number(r.size) }));
  }

  /** The group's versions after (file_id, version) in that order, at most `limit` (the primary key's order). */
  async versionsPage(accountId: string, after: { file_id: string; version: number } | undefined, limit: number): Promise<BackupFileVersion[]> {
    const rows = await this.q<VersionRow>(
      this.pool,
      `SELECT file_id, version, blob_key, size, content_type, created_at, created_by FROM ${VERSIONS}
        WHERE account_id = $1 AND (file_id, version) > ($2, $3) ORDER BY file_id, version LIMIT $4`,
      [accountId, after?.file_id ?? '', after?.version ?? 0, limit],
    );
    return rows.map((r) => ({ ...r, size: Number(r.size), created_at: new Date(r.created_at).toISOString() }));
  }

  /** The size of a blob when a version of the group names it, else null (the backup's GET serves no one else's). */
  async sizeNamedBy(accountId: string, key: string): Promise<number | null> {
    const rows = await this.q<{ size: string }>(this.pool, `SELECT size FROM ${VERSIONS} WHERE account_id = $1 AND blob_key = $2 LIMIT 1`, [accountId, key]);
    return rows[0] ? Number(rows[0].size) : null;
  }

  /** Drops up to `limit` of the group's versions (their blobs become orphans); how many. */
  async clearPage(accountId: string, limit: number): Promise<number> {
    return this.inTransaction(async (tx) => {
      const dropped = await this.q<{ blob_key: string }>(
        tx,
        `DELETE FROM ${VERSIONS} WHERE (account_id, file_id, version) IN
           (SELECT account_id, file_id, version FROM ${VERSIONS} WHERE account_id = $1 LIMIT $2)
         RETURNING blob_key`,
        [accountId, limit],
      );
      if (dropped.length) await this.files.orphan(tx, [...new Set(dropped.map((d) => d.blob_key))]);
      return dropped.length;
    });
  }

  /**
   * Writes archived versions into the group in one transaction: each blob they name (but the empty one) is locked
   * against the sweeper and must be stored (`stored`), else 422 and nothing is written; a version already there is
   * replaced (its blob an orphan unless still named). The blobs named are no orphans any more.
   */
  async restorePage(accountId: string, versions: BackupFileVersion[], stored: (key: string) => Promise<boolean>): Promise<number> {
    if (!versions.length) return 0;
    const keys = [...new Set(versions.filter((v) => v.size > 0).map((v) => v.blob_key))].sort();
    return this.inTransaction(async (tx) => {
      for (const key of keys) {
        await this.files.lockBlob(tx, key);
        if (!(await stored(key))) throw errors.unprocessable({ blob_key: BACKUP_REASONS.blobMissing });
      }
      const replaced = await this.q<{ blob_key: string }>(
        tx,
        `DELETE FROM ${VERSIONS} v USING unnest($2::text[], $3::int[]) AS t(file_id, version)
          WHERE v.account_id = $1 AND v.file_id = t.file_id AND v.version = t.version RETURNING v.blob_key`,
        [accountId, versions.map((v) => v.file_id), versions.map((v) => v.version)],
      );
      await this.q(
        tx,
        `INSERT INTO ${VERSIONS} (account_id, file_id, version, blob_key, size, content_type, created_at, created_by)
         SELECT $1, file_id, version, blob_key, size, content_type, created_at, created_by
           FROM unnest($2::text[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::timestamptz[], $8::jsonb[])
             AS t(file_id, version, blob_key, size, content_type, created_at, created_by)`,
        [
          accountId,
          versions.map((v) => v.file_id),
          versions.map((v) => v.version),
          versions.map((v) => v.blob_key),
          versions.map((v) => v.size),
          versions.map((v) => v.content_type),
          versions.map((v) => v.created_at),
          versions.map((v) => JSON.stringify(v.created_by)),
        ],
      );
      const named = [...new Set(versions.map((v) => v.blob_key))];
      await this.q(tx, `DELETE FROM ${ORPHANS} WHERE blob_key = ANY($1::text[])`, [named]);
      const unnamed = [...new Set(replaced.map((r) => r.blob_key))].filter((k) => !named.includes(k));
      if (unnamed.length) await this.files.orphan(tx, unnamed);
      return versions.length;
    });
  }

  /**
   * A blob the backup's PUT brought or found: an orphan (again) unless a version names it, so the sweeper takes it an
   * hour from now if no restored version comes to name it, and not before (an older orphan of the same bytes is given
   * the hour again). Under the blob's lock: when the sweeper deleted it meanwhile, false (store it again).
   */
  async keepForRestore(key: string, stored: () => Promise<boolean>): Promise<boolean> {
    return this.inTransaction(async (tx) => {
      await this.files.lockBlob(tx, key);
      if (!(await stored())) return false;
      await this.files.orphan(tx, [key]);
      return true;
    });
  }
}
