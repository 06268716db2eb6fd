import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { BackupDoc, BackupRestoreDoc, Doc } from '@app/proto';
import { DocumentStore, retryOnConflict } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { fieldsOf } from '../common/caller';
import { KEPT_SETTINGS } from './backup.rules';

const DOCS = '"accounts"."documents"';
/** records listed per group (retention keeps far fewer) */
const LIST_LIMIT = 100;

/**
 * Backup and BackupRestore records, in the group's db (a combined archive's in the owner's user db), and the look-ups
 * the scheduler and a restore need (STYLE 5: the I/O of backups lives here).
 */
@Injectable()
export class BackupsRepository {
  constructor(
    private readonly store: DocumentStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async create<T extends BackupDoc | BackupRestoreDoc>(db: string, klass: T['klass'], fields: Record<string, unknown>, actor: string | null): Promise<T> {
    return (await this.store.create(db, { ...fields, klass }, actor)) as unknown as T;
  }

  async get<T extends BackupDoc | BackupRestoreDoc>(db: string, id: string, klass: T['klass']): Promise<T | null> {
    const doc = await this.store.get(db, id);
    return doc && doc.klass === klass ? (doc as unknown as T) : null;
  }

  /** Changes some fields of a record (read again on a conflict: the job and retention may both write). */
  async patch<T extends BackupDoc | BackupRestoreDoc>(db: string, id: string, fields: Partial<T>): Promise<T | null> {
    return retryOnConflict(async () => {
      const doc = await this.store.get(db, id);
      if (!doc) return null;
      return (await this.store.update(db, id, doc._rev, { ...fieldsOf(doc), ...fields, klass: doc.klass }, null)) as unknown as T;
    });
  }

  async remove(db: string, doc: { _id: string; _rev: string }): Promise<void> {
    await this.store.remove(db, doc._id, doc._rev, null).catch(() => undefined); // gone already
  }

  /** The newest records of a klass in a db, newest first. */
  async list<T extends BackupDoc | BackupRestoreDoc>(db: string, klass: T['klass'], limit = LIST_LIMIT): Promise<T[]> {
    const docs = await this.store.find(db, { selector: { klass }, sort: [{ created_at: 'desc' }], limit }, { klasses: [klass] });
    return docs as unknown as T[];
  }

  /**
   * Groups after `after` (id order, `limit` of them) with their confirmed plan and the start of their last scheduled
   * backup that did not fail: what the scheduler judges due (isDue).
   */
  async groupsWithLastBackup(after: string, limit: number, only: string[] | null): Promise<Array<{ id: string; plan: unknown; last: string | null }>> {
    const { rows } = await this.pool.query<{ id: string; plan: unknown; last: string | null }>(
      `SELECT a.id, c.body -> 'value' AS plan,
              (SELECT max(b.body ->> 'created_at') FROM ${DOCS} b
                WHERE b.account_id = a.id AND b.klass = 'Backup' AND NOT b.deleted
                  AND (b.body ->> 'kind') = 'scheduled' AND (b.body ->> 'status') <> 'failed') AS last
         FROM ${DOCS} a
         LEFT JOIN ${DOCS} c ON c.account_id = a.id AND c.klass = 'AccountConfiguration' AND NOT c.deleted
                            AND (c.body #> '{key}'::text[]) = '"confirmed-plan"'::jsonb
        WHERE a.klass = 'Account' AND a.account_id = a.id AND NOT a.deleted AND a.id > $1
          AND ($3::text[] IS NULL OR a.id = ANY($3::text[]))
        ORDER BY a.id LIMIT $2`,
      [after, limit, only],
    );
    return rows;
  }

  /** The documents a restore leaves in the group: the caller's membership and the settings the server keeps. */
  async keptIds(accountId: string, callerId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM ${DOCS} WHERE account_id = $1 AND NOT deleted AND (
         (klass = 'Subscription' AND (body ->> 'user_id') = $2)
         OR (klass = 'AccountConfiguration' AND (body ->> 'key') = ANY($3::text[])))`,
      [accountId, callerId, [...KEPT_SETTINGS]],
    );
    return rows.map((r) => r.id);
  }

  /** The users with an accepted membership of a group (whose archived memberships an uploaded archive brings back). */
  async acceptedMembers(accountId: string): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT body ->> 'user_id' AS user_id FROM ${DOCS}
        WHERE account_id = $1 AND klass = 'Subscription' AND NOT deleted AND (body ->> 'status') = 'accepted' AND body ? 'user_id'`,
      [accountId],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /** Whether a user is an accepted administrator of a group. */
  async administers(accountId: string, userId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM ${DOCS} WHERE account_id = $1 AND klass = 'Subscription' AND NOT deleted
          AND (body ->> 'user_id') = $2 AND (body ->> 'status') = 'accepted' AND (body -> 'admin') = 'true'::jsonb LIMIT 1`,
      [accountId, userId],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The groups a user administers (accepted administrator memberships), for their combined archive. */
  async administeredGroups(userId: string): Promise<Array<{ id: string; name: string }>> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT s.account_id AS id, a.body ->> 'name' AS name FROM ${DOCS} s
         JOIN ${DOCS} a ON a.account_id = s.account_id AND a.id = s.account_id AND a.klass = 'Account' AND NOT a.deleted
        WHERE s.klass = 'Subscription' AND NOT s.deleted AND (s.body ->> 'user_id') = $1
          AND (s.body ->> 'status') = 'accepted' AND (s.body -> 'admin') = 'true'::jsonb
        ORDER BY s.account_id LIMIT 1000`,
      [userId],
    );
    return rows;
  }

  /** The group's confirmed plan (its AccountConfiguration's value), or null. */
  async plan(accountId: string): Promise<unknown> {
    const { rows } = await this.pool.query<{ plan: unknown }>(
      `SELECT body -> 'value' AS plan FROM ${DOCS}
        WHERE account_id = $1 AND klass = 'AccountConfiguration' AND NOT deleted AND (body #> '{key}'::text[]) = '"confirmed-plan"'::jsonb
        LIMIT 1`,
      [accountId],
    );
    return rows[0]?.plan ?? null;
  }

  async account(accountId: string): Promise<Doc | null> {
    const doc = await this.store.get(accountId, accountId);
    return doc && doc.klass === 'Account' ? doc : null;
  }
}
