import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { FeedCredentials } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { READER_SCHEMA } from '../reader.schema';

// A subscription's HTTP Basic credentials (reader.feed_credentials, see reader.schema.ts): written and deleted in the
// subscription's own transactions, read by the fetcher (the password) and by reads of subscriptions (the user name
// only). Nothing here is ever put in a document.

const CREDENTIALS = `"${READER_SCHEMA}"."feed_credentials"`;
const DOCUMENTS = `"${READER_SCHEMA}"."documents"`;

@Injectable()
export class FeedCredentialsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async q<R extends object>(c: Pool | PoolClient, text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await c.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** Sets (or replaces) the credentials of some subscriptions of a group, in the caller's transaction. */
  async setWithin(tx: PoolClient, db: string, rows: Array<{ id: string; credentials: FeedCredentials }>): Promise<void> {
    if (!rows.length) return;
    await this.q(
      tx,
      `INSERT INTO ${CREDENTIALS} (account_id, subscription_id, origin, username, password)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (account_id, subscription_id) DO UPDATE SET origin = EXCLUDED.origin, username = EXCLUDED.username, password = EXCLUDED.password, updated_at = now()`,
      [db, rows.map((r) => r.id), rows.map((r) => r.credentials.origin), rows.map((r) => r.credentials.username), rows.map((r) => r.credentials.password)],
    );
  }

  async forgetWithin(tx: PoolClient, db: string, id: string): Promise<void> {
    await this.q(tx, `DELETE FROM ${CREDENTIALS} WHERE account_id = $1 AND subscription_id = $2`, [db, id]);
  }

  /** The credentials of one subscription (the fetcher's, or a write's keeping them), or null. */
  async of(db: string, id: string, tx?: PoolClient): Promise<FeedCredentials | null> {
    const rows = await this.q<FeedCredentials>(tx ?? this.pool, `SELECT origin, username, password FROM ${CREDENTIALS} WHERE account_id = $1 AND subscription_id = $2`, [db, id]);
    return rows[0] ?? null;
  }

  /** Whom some subscriptions of a group sign in as, by id (the user name and its origin; never the password). */
  async usersOf(db: string, ids: string[]): Promise<Map<string, { username: string; origin: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.q<{ subscription_id: string; username: string; origin: string }>(
      this.pool,
      `SELECT subscription_id, username, origin FROM ${CREDENTIALS} WHERE account_id = $1 AND subscription_id = ANY($2::text[])`,
      [db, ids],
    );
    return new Map(rows.map((r) => [r.subscription_id, { username: r.username, origin: r.origin }]));
  }

  /**
   * Deletes the credentials whose subscription is no more (a restore over its group tombstones the documents without
   * their policies; the archive may not bring them back): a password never outlives its subscription for long.
   */
  async forgetOrphans(): Promise<number> {
    const rows = await this.q<{ n: number }>(
      this.pool,
      `WITH gone AS (
         DELETE FROM ${CREDENTIALS} c
          WHERE NOT EXISTS (SELECT 1 FROM ${DOCUMENTS} d WHERE d.account_id = c.account_id AND d.id = c.subscription_id AND NOT d.deleted)
         RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      [],
    );
    return rows[0]?.n ?? 0;
  }
}
