import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { DISK_SCHEMA } from '../disk.schema';

// WebDAV's locks and dead properties in PostgreSQL: they survive a restart and every copy of the service sees them.

const LOCKS = `"${DISK_SCHEMA}"."dav_locks"`;
const PROPS = `"${DISK_SCHEMA}"."dav_properties"`;

/**
 * WebDAV locks one resource and one person may hold (issue 25 #11): a client locks the file it writes, a few shared
 * locks on a file are already unusual, and a person editing many files at once holds one lock per open file. Beyond,
 * LOCK is refused (423 on the resource, 507 for the person) and nothing is stored.
 */
export const DAV_LOCK_LIMITS = { perResource: 20, perUser: 200 } as const;

/** Which bound a new lock would pass, if any. */
export type LockRefusal = 'resource' | 'user' | null;

export interface StoredLock {
  token: string;
  path: string;
  lock: Record<string, unknown>;
}

@Injectable()
export class DavRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async q<R extends object>(text: string, values: unknown[], db: Pool | PoolClient = this.pool): Promise<R[]> {
    try {
      return (await db.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** A group's unexpired locks (few: clients lock a file while they write it). */
  async locks(accountId: string): Promise<StoredLock[]> {
    return this.q<StoredLock>(`SELECT token, path, lock FROM ${LOCKS} WHERE account_id = $1 AND expires_at > now() ORDER BY path LIMIT 10000`, [accountId]);
  }

  /** The bound a new lock on `path` by `holder` (a user id) would pass now, if any (DAV_LOCK_LIMITS). */
  async lockRefusal(accountId: string, path: string, holder: string | null, db: Pool | PoolClient = this.pool): Promise<LockRefusal> {
    const rows = await this.q<{ on_path: string; of_holder: string }>(
      `SELECT count(*) FILTER (WHERE path = $2) AS on_path, count(*) FILTER (WHERE lock ->> 'holder' = $3) AS of_holder
         FROM ${LOCKS} WHERE account_id = $1 AND expires_at > now()`,
      [accountId, path, holder],
      db,
    );
    if (Number(rows[0]?.on_path ?? 0) >= DAV_LOCK_LIMITS.perResource) return 'resource';
    if (holder !== null && Number(rows[0]?.of_holder ?? 0) >= DAV_LOCK_LIMITS.perUser) return 'user';
    return null;
  }

  /**
   * Stores a new lock held by `holder` unless it would pass a bound (answered, nothing stored). The count and the insert
   * hold the group's lock-table lock, so parallel LOCKs can't pass a bound together.
   */
  async addLock(accountId: string, path: string, token: string, lock: Record<string, unknown>, expiresAt: number, holder: string | null): Promise<LockRefusal> {
    const tx = await this.pool.connect();
    try {
      await tx.query('BEGIN');
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7))`, [`dav-locks:${accountId}`]);
      const refusal = await this.lockRefusal(accountId, path, holder, tx);
      if (refusal === null) {
        await tx.query(`INSERT INTO ${LOCKS} (token, account_id, path, lock, expires_at) VALUES ($1, $2, $3, $4::jsonb, $5)`, [
          token,
          accountId,
          path,
          JSON.stringify({ ...lock, holder }),
          new Date(expiresAt).toISOString(),
        ]);
      }
      await tx.query('COMMIT');
      return refusal;
    } catch (e) {
      await tx.query('ROLLBACK').catch(() => undefined);
      throw mapPgError(e);
    } finally {
      tx.release();
    }
  }

  /** A lock refreshed (a new expiry): it keeps its holder. */
  async refreshLock(accountId: string, token: string, lock: Record<string, unknown>, expiresAt: number): Promise<void> {
    await this.q(
      `UPDATE ${LOCKS} SET lock = $3::jsonb || jsonb_strip_nulls(jsonb_build_object('holder', lock -> 'holder')), expires_at = $4
        WHERE account_id = $1 AND token = $2`,
      [accountId, token, JSON.stringify(lock), new Date(expiresAt).toISOString()],
    );
  }

  async removeLock(accountId: string, token: string): Promise<boolean> {
    return (await this.q(`DELETE FROM ${LOCKS} WHERE account_id = $1 AND token = $2 RETURNING 1`, [accountId, token])).length > 0;
  }

  /** Locks of a path and of everything under it (a MOVE or DELETE of a folder ends them). */
  async removeLocksUnder(accountId: string, path: string): Promise<void> {
    await this.q(`DELETE FROM ${LOCKS} WHERE account_id = $1 AND (path = $2 OR starts_with(path, $3))`, [accountId, path, path.endsWith('/') ? path : `${path}/`]);
  }

  async sweepLocks(): Promise<number> {
    return (await this.q(`DELETE FROM ${LOCKS} WHERE expires_at < now() RETURNING 1`, [])).length;
  }

  /** Dead properties of these files and folders: file id → property name → stored value. */
  async properties(accountId: string, fileIds: string[]): Promise<Map<string, Map<string, unknown>>> {
    const out = new Map<string, Map<string, unknown>>();
    if (!fileIds.length) return out;
    const rows = await this.q<{ file_id: string; name: string; value: unknown }>(
      `SELECT file_id, name, value FROM ${PROPS} WHERE account_id = $1 AND file_id = ANY($2::text[])`,
      [accountId, fileIds],
    );
    for (const r of rows) {
      let bag = out.get(r.file_id);
      if (!bag) out.set(r.file_id, (bag = new Map()));
      bag.set(r.name, r.value);
    }
    return out;
  }

  async setProperty(accountId: string, fileId: string, name: string, value: unknown): Promise<void> {
    await this.q(
      `INSERT INTO ${PROPS} (account_id, file_id, name, value) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (account_id, file_id, name) DO UPDATE SET value = EXCLUDED.value`,
      [accountId, fileId, name, JSON.stringify(value)],
    );
  }

  async removeProperty(accountId: string, fileId: string, name: string): Promise<void> {
    await this.q(`DELETE FROM ${PROPS} WHERE account_id = $1 AND file_id = $2 AND name = $3`, [accountId, fileId, name]);
  }

  /** Copies a file's dead properties to another (WebDAV COPY keeps them). */
  async copyProperties(accountId: string, fromId: string, toId: string): Promise<void> {
    await this.q(
      `INSERT INTO ${PROPS} (account_id, file_id, name, value) SELECT account_id, $3, name, value FROM ${PROPS} WHERE account_id = $1 AND file_id = $2
       ON CONFLICT (account_id, file_id, name) DO UPDATE SET value = EXCLUDED.value`,
      [accountId, fromId, toId],
    );
  }
}
