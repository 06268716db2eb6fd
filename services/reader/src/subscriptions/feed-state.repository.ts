import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { Doc, ReaderFetchState } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { READER_SCHEMA } from '../reader.schema';

// The fetcher's state per subscription (reader.feed_state, see reader.schema.ts): created and deleted in the
// subscription's own transactions, written by the fetcher after each fetch, read to answer about subscriptions.

const STATE = `"${READER_SCHEMA}"."feed_state"`;
const DOCUMENTS = `"${READER_SCHEMA}"."documents"`;

export const stateKey = (db: string, id: string) => `${db}\u0000${id}`;

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
  /**
   * when the fetcher first takes it (none: now). A subscription whose discovery downloaded the feed has its entries
   * stored from that download at once, which sets the next check; this is only the fallback if that never happens
   */
  due_at?: string | null;
}

/** What a fetch leaves: every field the fetcher keeps, written whole. */
export type FetchOutcome = Pick<FeedState, 'feed_url' | 'feed_title' | 'site_url' | 'etag' | 'last_modified' | 'error_count' | 'last_error' | 'checked_at' | 'next_check_at' | 'blocked_until'>;

const columns = (t: string) => `${t}.account_id, ${t}.subscription_id, ${t}.active, ${t}.feed_url, ${t}.feed_title, ${t}.site_url, ${t}.etag,
  ${t}.last_modified, ${t}.error_count, ${t}.last_error,
  to_char(${t}.checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked_at,
  to_char(${t}.next_check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS next_check_at,
  to_char(${t}.blocked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS blocked_until`;
const COLUMNS = columns('feed_state');


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

  /** A new subscription's state: due now (or at its start's due_at). */
  async createWithin(tx: PoolClient, db: string, ids: string[], active: boolean, start: FeedStart[]): Promise<void> {
    if (!ids.length) return;
    await this.q(
      tx,
      `INSERT INTO ${STATE} (account_id, subscription_id, active, feed_url, feed_title, site_url, next_check_at)
       SELECT $1, id, $3, feed_url, feed_title, site_url, coalesce(due_at, now()) FROM unnest($2::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) AS t(id, feed_url, feed_title, site_url, due_at)
       ON CONFLICT (account_id, subscription_id) DO UPDATE SET active = EXCLUDED.active, feed_url = EXCLUDED.feed_url, feed_title = EXCLUDED.feed_title,
         site_url = EXCLUDED.site_url, etag = NULL, last_modified = NULL, error_count = 0, last_error = NULL, checked_at = NULL, next_check_at = EXCLUDED.next_check_at, blocked_until = NULL`,
      [db, ids, active, start.map((s) => s.feed_url), start.map((s) => s.feed_title), start.map((s) => s.site_url), start.map((s) => s.due_at ?? null)],
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

  /** A subscription and its state, in one query, for a fetch; either is null when gone. */
  async forFetch(db: string, id: string): Promise<{ sub: Doc | null; state: FeedState | null }> {
    const rows = await this.q<FeedState & { body: Doc | null }>(
      this.pool,
      `SELECT ${columns('s')}, d.body
         FROM ${STATE} s LEFT JOIN ${DOCUMENTS} d ON d.account_id = s.account_id AND d.id = s.subscription_id AND NOT d.deleted
        WHERE s.account_id = $1 AND s.subscription_id = $2`,
      [db, id],
    );
    if (!rows[0]) return { sub: null, state: null };
    const { body, ...state } = rows[0];
    return { sub: body, state };
  }

  /** Locks the states of these subscriptions in the caller's transaction (in key order); the keys still there. */
  async lockManyWithin(tx: PoolClient, keys: Array<{ db: string; id: string }>): Promise<Set<string>> {
    const rows = await this.q<{ account_id: string; subscription_id: string }>(
      tx,
      `SELECT s.account_id, s.subscription_id FROM ${STATE} s JOIN unnest($1::text[], $2::text[]) AS t(a, i) ON s.account_id = t.a AND s.subscription_id = t.i
        ORDER BY s.account_id, s.subscription_id FOR UPDATE OF s`,
      [keys.map((k) => k.db), keys.map((k) => k.id)],
    );
    return new Set(rows.map((r) => stateKey(r.account_id, r.subscription_id)));
  }

  /** Writes what many fetches left, in one statement of the caller's transaction. */
  async writeManyWithin(tx: PoolClient, rows: Array<{ db: string; id: string; outcome: FetchOutcome }>): Promise<void> {
    if (!rows.length) return;
    const col = <K extends keyof FetchOutcome>(k: K) => rows.map((r) => r.outcome[k]);
    await this.q(
      tx,
      `UPDATE ${STATE} s SET feed_url = t.feed_url, feed_title = t.feed_title, site_url = t.site_url, etag = t.etag, last_modified = t.last_modified,
              error_count = t.error_count, last_error = t.last_error, checked_at = t.checked_at, next_check_at = t.next_check_at, blocked_until = t.blocked_until
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
              AS t(a, i, feed_url, feed_title, site_url, etag, last_modified, error_count, last_error, checked_at, next_check_at, blocked_until)
        WHERE s.account_id = t.a AND s.subscription_id = t.i`,
      [
        rows.map((r) => r.db),
        rows.map((r) => r.id),
        col('feed_url'),
        col('feed_title'),
        col('site_url'),
        col('etag'),
        col('last_modified'),
        col('error_count'),
        col('last_error'),
        col('checked_at'),
        col('next_check_at'),
        col('blocked_until'),
      ],
    );
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
