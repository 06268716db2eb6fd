import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { ReaderFetchState } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { READER_SCHEMA } from '../reader.schema';

// The fetcher's state per subscription (reader.feed_state, see reader.schema.ts): created and deleted in the
// subscription's own transactions, written by the fetcher after each fetch, read to answer about subscriptions.

const STATE = `"${READER_SCHEMA}"."feed_state"`;

export interface FeedState extends ReaderFetchState {
  account_id: string;
  subscription_id: string;
  active: boolean;
  feed_title: string | null;
  site_url: string | null;
}

/** What a subscription's creation or address change starts the state with (from the discovery). */
export interface FeedStart {
  feed_url: string | null;
  feed_title: string | null;
  site_url: string | null;
}

/** What one fetch leaves (fields not named stay). */
export type FeedStatePatch = Partial<Pick<FeedState, 'feed_url' | 'feed_title' | 'site_url' | 'etag' | 'last_modified' | 'error_count' | 'last_error' | 'checked_at' | 'next_check_at' | 'blocked_until'>>;

const COLUMNS = `account_id, subscription_id, active, feed_url, feed_title, site_url, etag, last_modified, error_count, last_error,
  to_char(checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked_at,
  to_char(next_check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS next_check_at,
  to_char(blocked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS blocked_until`;

const PATCHABLE = ['feed_url', 'feed_title', 'site_url', 'etag', 'last_modified', 'error_count', 'last_error', 'checked_at', 'next_check_at', 'blocked_until'] as const;

@Injectable()
export class FeedStateRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async q<R extends object>(c: Pool | PoolClient, text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await c.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** A new subscription's state: due now. */
  async createWithin(tx: PoolClient, db: string, ids: string[], active: boolean, start: FeedStart[]): Promise<void> {
    if (!ids.length) return;
    await this.q(
      tx,
      `INSERT INTO ${STATE} (account_id, subscription_id, active, feed_url, feed_title, site_url, next_check_at)
       SELECT $1, id, $3, feed_url, feed_title, site_url, now() FROM unnest($2::text[], $4::text[], $5::text[], $6::text[]) AS t(id, feed_url, feed_title, site_url)
       ON CONFLICT (account_id, subscription_id) DO UPDATE SET active = EXCLUDED.active, feed_url = EXCLUDED.feed_url, feed_title = EXCLUDED.feed_title,
         site_url = EXCLUDED.site_url, etag = NULL, last_modified = NULL, error_count = 0, last_error = NULL, checked_at = NULL, next_check_at = now(), blocked_until = NULL`,
      [db, ids, active, start.map((s) => s.feed_url), start.map((s) => s.feed_title), start.map((s) => s.site_url)],
    );
  }

  /** A subscription edited: `active` follows it; a new address starts over (validators, errors, due now). */
  async updateWithin(tx: PoolClient, db: string, id: string, active: boolean, restart: FeedStart | null): Promise<void> {
    if (!restart) {
      await this.q(tx, `UPDATE ${STATE} SET active = $3 WHERE account_id = $1 AND subscription_id = $2`, [db, id, active]);
      return;
    }
    await this.createWithin(tx, db, [id], active, [restart]);
  }

  async deleteWithin(tx: PoolClient, db: string, id: string): Promise<void> {
    await this.q(tx, `DELETE FROM ${STATE} WHERE account_id = $1 AND subscription_id = $2`, [db, id]);
  }

  /** The states of some subscriptions of a group, by id. */
  async statesOf(db: string, ids: string[]): Promise<Map<string, FeedState>> {
    if (!ids.length) return new Map();
    const rows = await this.q<FeedState>(this.pool, `SELECT ${COLUMNS} FROM ${STATE} WHERE account_id = $1 AND subscription_id = ANY($2::text[])`, [db, ids]);
    return new Map(rows.map((r) => [r.subscription_id, r]));
  }

  async state(db: string, id: string): Promise<FeedState | null> {
    return (await this.statesOf(db, [id])).get(id) ?? null;
  }

  /** Locks a subscription's state in the caller's transaction (the fetcher's store step); null when it is gone. */
  async lockWithin(tx: PoolClient, db: string, id: string): Promise<FeedState | null> {
    const rows = await this.q<FeedState>(tx, `SELECT ${COLUMNS} FROM ${STATE} WHERE account_id = $1 AND subscription_id = $2 FOR UPDATE`, [db, id]);
    return rows[0] ?? null;
  }

  /** Writes what a fetch learnt; false when the subscription is gone. */
  async patch(c: Pool | PoolClient | null, db: string, id: string, patch: FeedStatePatch): Promise<boolean> {
    const names = PATCHABLE.filter((k) => patch[k] !== undefined);
    if (!names.length) return true;
    const sets = names.map((k, i) => `${k} = $${i + 3}`);
    const rows = await this.q<{ ok: number }>(
      c ?? this.pool,
      `UPDATE ${STATE} SET ${sets.join(', ')} WHERE account_id = $1 AND subscription_id = $2 RETURNING 1 AS ok`,
      [db, id, ...names.map((k) => patch[k])],
    );
    return rows.length > 0;
  }

  /** Active subscriptions due for a fetch, the longest waiting first. */
  async due(limit: number): Promise<Array<{ db: string; id: string }>> {
    const rows = await this.q<{ account_id: string; subscription_id: string }>(
      this.pool,
      `SELECT account_id, subscription_id FROM ${STATE} WHERE active AND next_check_at <= now() ORDER BY next_check_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ db: r.account_id, id: r.subscription_id }));
  }

  /** The active subscriptions of a group (refresh all). */
  async activeOf(db: string): Promise<string[]> {
    const rows = await this.q<{ subscription_id: string }>(this.pool, `SELECT subscription_id FROM ${STATE} WHERE account_id = $1 AND active`, [db]);
    return rows.map((r) => r.subscription_id);
  }
}
