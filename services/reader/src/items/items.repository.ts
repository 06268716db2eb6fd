import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { READER_SCHEMA, SUBSCRIPTION_WITH_USERINFO } from '../reader.schema';

// The reader's own SQL over its documents: the subscriptions and labels of a group (with the fetcher's title), the
// unread counts, the entries a feed has stored (reader.entry_keys), and marking many items read at once.

const DOCUMENTS = `"${READER_SCHEMA}"."documents"`;
const OUTBOX = `"${READER_SCHEMA}"."outbox"`;

/**
 * The end of a statement that rewrites items: `picked` (id, rev, next: the body without _rev) gets its new revision,
 * is written with its size, and each write's change event goes to the outbox; answers the count. $1 db, $2 now, $3 actor.
 */
const REVISED_WITH_EVENTS = `), revised AS (
SELECT id, (split_part(rev, '-', 1)::int + 1)::text || '-' || md5(next::text) AS rev, next FROM picked
), written AS (
UPDATE ${DOCUMENTS} d SET rev = r.rev, body = r.next || jsonb_build_object('_rev', r.rev), updated_at = $2::timestamptz,
size = octet_length((r.next || jsonb_build_object('_rev', r.rev))::text)
FROM revised r WHERE d.account_id = $1 AND d.id = r.id
RETURNING d.id, d.rev, d.size, d.body ->> 'title' AS title
), events AS (
INSERT INTO ${OUTBOX} (event)
SELECT jsonb_build_object('account_id', $1::text, 'id', id, 'klass', 'ReaderItem', 'rev', rev, 'deleted', false, 'label', title,
'updated_at', $2::text, 'size', size, 'actor', $3::text)
FROM written
RETURNING 1
)
SELECT count(*)::int AS n FROM events`;

const STATE = `"${READER_SCHEMA}"."feed_state"`;
const KEYS = `"${READER_SCHEMA}"."entry_keys"`;

/** A subscription as items and OPML show it: its current title (the feed's unless customised) and its label's name. */
export interface SubscriptionSummary {
  id: string;
  url: string;
  website_url: string | null;
  title: string;
  reader_label_id: string | null;
  label_name: string | null;
  active: boolean;
}

export const entryKey = (db: string, subscriptionId: string, key: string) => `${db}\u0000${subscriptionId}\u0000${key}`;

/** Items marked read per statement (each statement commits on its own; the next takes the rest). */
const MARK_CHUNK = 5000;

@Injectable()
export class ReaderRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async q<R extends object>(c: Pool | PoolClient, text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await c.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /**
   * One window of the retention sweep: among the next `window` live documents after `after` (account id and id, the
   * table's key order, so each statement reads a bounded slice), the reader items that are read, not starred and
   * older than `before` (point_at). `next` is where the following window starts, null at the end of the table.
   */
  async expiredItems(after: { db: string; id: string } | null, before: string, window: number): Promise<{ items: Array<{ db: string; id: string }>; next: { db: string; id: string } | null }> {
    const rows = await this.q<{ db: string; id: string; expired: boolean }>(
      this.pool,
      `SELECT account_id AS db, id,
              klass = 'ReaderItem' AND body ->> 'read' = 'true' AND coalesce(body ->> 'starred', 'false') <> 'true' AND body ->> 'point_at' < $3 AS expired
         FROM ${DOCUMENTS}
        WHERE NOT deleted AND ($1::text IS NULL OR (account_id, id) > ($1::text, $2::text))
        ORDER BY account_id, id
        LIMIT $4`,
      [after?.db ?? null, after?.id ?? null, before, window],
    );
    const last = rows[rows.length - 1];
    return { items: rows.filter((r) => r.expired).map(({ db, id }) => ({ db, id })), next: rows.length < window ? null : { db: last.db, id: last.id } };
  }

  /** Subscriptions of a group (all, or those ids), with their current title and label name. */
  async subscriptions(db: string, ids?: string[]): Promise<SubscriptionSummary[]> {
    return this.q<SubscriptionSummary>(
      this.pool,
      `SELECT s.id, s.body ->> 'url' AS url, COALESCE(s.body ->> 'website_url', f.site_url) AS website_url,
              CASE WHEN s.body -> 'customize_title' = 'true' AND COALESCE(s.body ->> 'title', '') <> '' THEN s.body ->> 'title'
                   ELSE COALESCE(NULLIF(f.feed_title, ''), NULLIF(s.body ->> 'title', ''), s.body ->> 'url') END AS title,
              s.body ->> 'reader_label_id' AS reader_label_id, l.body ->> 'name' AS label_name,
              COALESCE(s.body -> 'active' <> 'false', true) AS active
         FROM ${DOCUMENTS} s
         LEFT JOIN ${STATE} f ON f.account_id = s.account_id AND f.subscription_id = s.id
         LEFT JOIN ${DOCUMENTS} l ON l.account_id = s.account_id AND l.id = s.body ->> 'reader_label_id' AND NOT l.deleted
        WHERE s.account_id = $1 AND s.klass = 'ReaderSubscription' AND NOT s.deleted ${ids ? 'AND s.id = ANY($2::text[])' : ''}`,
      ids ? [db, ids] : [db],
    );
  }

  /** Ids of a group's subscriptions with that label (null: without one). */
  async subscriptionsWithLabel(db: string, labelId: string | null, tx?: PoolClient): Promise<string[]> {
    const rows = await this.q<{ id: string }>(
      tx ?? this.pool,
      labelId === null
        ? `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderSubscription' AND NOT deleted AND COALESCE(body -> 'reader_label_id', 'null') = 'null'`
        : `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderSubscription' AND NOT deleted AND body #> '{reader_label_id}' = $2::jsonb`,
      labelId === null ? [db] : [db, JSON.stringify(labelId)],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Holds a label in the caller's transaction (a subscription being given it): its deletion waits until the caller
   * commits, and sees the subscription. False when there is no such label (any more).
   */
  async holdLabelWithin(tx: PoolClient, db: string, labelId: string): Promise<boolean> {
    const rows = await this.q(tx, `SELECT 1 FROM ${DOCUMENTS} WHERE account_id = $1 AND id = $2 AND klass = 'ReaderLabel' AND NOT deleted FOR SHARE`, [db, labelId]);
    return rows.length > 0;
  }

  /** A group's labels: id and name. */
  async labels(db: string): Promise<Array<{ id: string; name: string }>> {
    return this.q(this.pool, `SELECT id, body ->> 'name' AS name FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderLabel' AND NOT deleted`, [db]);
  }

  /** Another label of the group with this name, compared without case (labels are told apart by people, not bytes). */
  async labelNamed(db: string, name: string, exceptId: string | null): Promise<string | null> {
    const rows = await this.q<{ id: string }>(
      this.pool,
      `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderLabel' AND NOT deleted AND lower(body ->> 'name') = lower($2) AND id <> $3 LIMIT 1`,
      [db, name, exceptId ?? ''],
    );
    return rows[0]?.id ?? null;
  }

  /** Another subscription of the group with this address. */
  async subscriptionWithUrl(db: string, url: string, exceptId: string | null, tx?: PoolClient): Promise<string | null> {
    const rows = await this.q<{ id: string }>(
      tx ?? this.pool,
      `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderSubscription' AND NOT deleted AND body #> '{url}' = $2::jsonb AND id <> $3 LIMIT 1`,
      [db, JSON.stringify(url), exceptId ?? ''],
    );
    return rows[0]?.id ?? null;
  }

  /** The addresses a group is subscribed to (an OPML import skips them). */
  async subscribedUrls(db: string): Promise<Set<string>> {
    const rows = await this.q<{ url: string }>(this.pool, `SELECT body ->> 'url' AS url FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderSubscription' AND NOT deleted`, [db]);
    return new Set(rows.map((r) => r.url));
  }

  /**
   * Records these (group, subscription, entry key) as stored, in the caller's transaction; returns the ones that were
   * not yet (the entries to store). One statement, a primary-key lookup each.
   */
  async claimKeys(tx: PoolClient, wanted: Array<{ db: string; subscriptionId: string; key: string }>): Promise<Set<string>> {
    if (!wanted.length) return new Set();
    const rows = await this.q<{ a: string; s: string; k: string }>(
      tx,
      `INSERT INTO ${KEYS} (account_id, subscription_id, key) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT DO NOTHING RETURNING account_id AS a, subscription_id AS s, key AS k`,
      [wanted.map((w) => w.db), wanted.map((w) => w.subscriptionId), wanted.map((w) => w.key)],
    );
    return new Set(rows.map((r) => entryKey(r.a, r.s, r.k)));
  }

  /** Forgets a subscription's entries (it is deleted). */
  async forgetKeysWithin(tx: PoolClient, db: string, subscriptionId: string): Promise<void> {
    await this.q(tx, `DELETE FROM ${KEYS} WHERE account_id = $1 AND subscription_id = $2`, [db, subscriptionId]);
  }

  /** Up to `limit` ids of a subscription's items (deleting a subscription takes them in batches). */
  async itemIds(tx: PoolClient, db: string, subscriptionId: string, limit: number): Promise<string[]> {
    const rows = await this.q<{ id: string }>(
      tx,
      `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'ReaderItem' AND NOT deleted AND body #> '{reader_subscription_id}' = $2::jsonb LIMIT $3`,
      [db, JSON.stringify(subscriptionId), limit],
    );
    return rows.map((r) => r.id);
  }

  /** Unread items per subscription (only those with some). */
  async unreadCounts(db: string): Promise<Array<{ id: string; count: number }>> {
    return this.q(
      this.pool,
      `SELECT body ->> 'reader_subscription_id' AS id, count(*)::int AS count FROM ${DOCUMENTS}
        WHERE account_id = $1 AND klass = 'ReaderItem' AND NOT deleted AND body #> '{read}' = 'false'::jsonb
        GROUP BY 1 ORDER BY 1`,
      [db],
    );
  }

  /**
   * The group's live items with these ids, or whose id starts with one of these prefixes (each a seek on the table's
   * (account, id) key: ids sort bytewise, and every id that starts with a hex prefix lies in [prefix, prefix + 'g')),
   * at most `perPrefix` per prefix; each item once, in id order.
   */
  async itemsByIds(db: string, ids: string[], prefixes: string[], perPrefix: number): Promise<Array<Record<string, unknown>>> {
    if (!ids.length && !prefixes.length) return [];
    const rows = await this.q<{ id: string; body: Record<string, unknown> }>(
      this.pool,
      `SELECT id, body FROM (
         SELECT d.id, d.body FROM ${DOCUMENTS} d
          WHERE d.account_id = $1 AND d.id = ANY($2::text[]) AND d.klass = 'ReaderItem' AND NOT d.deleted
         UNION ALL
         SELECT m.id, m.body FROM unnest($3::text[]) AS p(prefix)
           CROSS JOIN LATERAL (
             SELECT d.id, d.body FROM ${DOCUMENTS} d
              WHERE d.account_id = $1 AND d.id >= p.prefix AND d.id < p.prefix || 'g' AND d.klass = 'ReaderItem' AND NOT d.deleted
              ORDER BY d.id LIMIT $4
           ) m
       ) found
       ORDER BY id`,
      [db, ids, prefixes, perPrefix],
    );
    // an item both named and found by a prefix comes twice, next to itself
    return rows.filter((r, i) => i === 0 || rows[i - 1].id !== r.id).map((r) => r.body);
  }

  /**
   * Sets `field` (read or starred) to `to` on these items of a group, those not so already: each changed item gets a
   * new revision and a change event, as markAllRead does, in one statement (rows locked in id order, so two of these
   * never wait on each other in a cycle). Returns how many changed.
   */
  async setStatus(db: string, ids: string[], field: 'read' | 'starred', to: boolean, actor: string | null): Promise<number> {
    if (!ids.length) return 0;
    const now = new Date().toISOString();
    const rows = await this.q<{ n: number }>(
      this.pool,
      `WITH picked AS (
         SELECT id, rev, (body - '_rev') || jsonb_build_object($5::text, $6::boolean, 'updated_at', $2::text) AS next
           FROM ${DOCUMENTS}
          WHERE account_id = $1 AND id = ANY($4::text[]) AND klass = 'ReaderItem' AND NOT deleted
            AND COALESCE(body -> $5::text = 'true'::jsonb, false) <> $6::boolean
          ORDER BY id FOR UPDATE
       ${REVISED_WITH_EVENTS}`,
      [db, now, actor, ids, field, to],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Marks every unread item of a group read (or of these subscriptions). Each item gets a new revision (its number
   * one up, the hash over the new body) and a change event, as any write; done by the database in chunks, so a
   * group of 100,000 unread items is a few statements, not 100,000 round trips. Returns how many changed.
   */
  async markAllRead(db: string, subscriptionIds: string[] | null, actor: string | null): Promise<number> {
    if (subscriptionIds && !subscriptionIds.length) return 0;
    const scope = subscriptionIds ? `AND body #> '{reader_subscription_id}' = ANY($5::jsonb[])` : '';
    let total = 0;
    for (;;) {
      const now = new Date().toISOString();
      const values: unknown[] = [db, now, actor, MARK_CHUNK];
      if (subscriptionIds) values.push(subscriptionIds.map((id) => JSON.stringify(id)));
      const rows = await this.q<{ n: number }>(
        this.pool,
        `WITH picked AS (
           SELECT id, rev, (body - '_rev') || jsonb_build_object('read', true, 'updated_at', $2::text) AS next
             FROM ${DOCUMENTS}
            WHERE account_id = $1 AND klass = 'ReaderItem' AND NOT deleted AND body #> '{read}' = 'false'::jsonb ${scope}
            LIMIT $4 FOR UPDATE
         ), revised AS (
           SELECT id, (split_part(rev, '-', 1)::int + 1)::text || '-' || md5(next::text) AS rev, next FROM picked
         ), written AS (
           UPDATE ${DOCUMENTS} d SET rev = r.rev, body = r.next || jsonb_build_object('_rev', r.rev), updated_at = $2::timestamptz,
                  size = octet_length((r.next || jsonb_build_object('_rev', r.rev))::text)
             FROM revised r WHERE d.account_id = $1 AND d.id = r.id
           RETURNING d.id, d.rev, d.size, d.body ->> 'title' AS title
         ), events AS (
           INSERT INTO ${OUTBOX} (event)
           SELECT jsonb_build_object('account_id', $1::text, 'id', id, 'klass', 'ReaderItem', 'rev', rev, 'deleted', false, 'label', title,
                                     'updated_at', $2::text, 'size', size, 'actor', $3::text)
             FROM written
           RETURNING 1
         )
         SELECT count(*)::int AS n FROM events`,
        values,
      );
      const n = rows[0]?.n ?? 0;
      total += n;
      if (n < MARK_CHUNK) return total;
    }
  }

  // ---- credentials written in addresses before they were kept apart (subscriptions/credentials-move.ts) ----------

  /** Up to `limit` live subscriptions whose address still carries userinfo, oldest first (the oldest of two that differ only
   * by their credentials keeps the bare address; their own partial index: none, usually). */
  async subscriptionsWithUserinfo(limit: number): Promise<Array<{ db: string; id: string }>> {
    return this.q<{ db: string; id: string }>(this.pool, `SELECT account_id AS db, id FROM ${DOCUMENTS} WHERE ${SUBSCRIPTION_WITH_USERINFO} ORDER BY created_at, id LIMIT $1`, [limit]);
  }

  /** A live subscription locked in the caller's transaction, or null. */
  async lockSubscriptionWithin(tx: PoolClient, db: string, id: string): Promise<Record<string, unknown> | null> {
    const rows = await this.q<{ body: Record<string, unknown> }>(
      tx,
      `SELECT body FROM ${DOCUMENTS} WHERE account_id = $1 AND id = $2 AND klass = 'ReaderSubscription' AND NOT deleted FOR UPDATE`,
      [db, id],
    );
    return rows[0]?.body ?? null;
  }

  /**
   * Writes `://` for each of `spellings` (`://user:password@` as stored) in what a subscription's fetches stored, in
   * the caller's transaction: its items (every field: links, content, summary, the subscription title they carry, the
   * dedupe key; each changed item a new revision and a change event, MARK_CHUNK at a time), its entry keys (so the
   * next fetch knows the entries again) and its fetch state (addresses found, the last error). Returns the items changed.
   */
  async withoutUserinfoWithin(tx: PoolClient, db: string, subscriptionId: string, spellings: string[], actor: string | null): Promise<number> {
    const [a, b = spellings[0]] = spellings;
    const sub = JSON.stringify(subscriptionId);
    let total = 0;
    for (;;) {
      const now = new Date().toISOString();
      const rows = await this.q<{ n: number }>(
        tx,
        `WITH picked AS (
           SELECT id, rev, (replace(replace(body::text, $4, '://'), $5, '://')::jsonb - '_rev') || jsonb_build_object('updated_at', $2::text) AS next
             FROM ${DOCUMENTS}
            WHERE account_id = $1 AND klass = 'ReaderItem' AND NOT deleted AND body #> '{reader_subscription_id}' = $6::jsonb
              AND (strpos(body::text, $4) > 0 OR strpos(body::text, $5) > 0)
            ORDER BY id LIMIT $7 FOR UPDATE
         ${REVISED_WITH_EVENTS}`,
        [db, now, actor, a, b, sub, MARK_CHUNK],
      );
      const n = rows[0]?.n ?? 0;
      total += n;
      if (n < MARK_CHUNK) break;
    }
    await this.q(
      tx,
      `WITH old AS (
         DELETE FROM ${KEYS} WHERE account_id = $1 AND subscription_id = $2 AND (strpos(key, $3) > 0 OR strpos(key, $4) > 0) RETURNING key
       )
       INSERT INTO ${KEYS} (account_id, subscription_id, key) SELECT $1, $2, replace(replace(key, $3, '://'), $4, '://') FROM old ON CONFLICT DO NOTHING`,
      [db, subscriptionId, a, b],
    );
    await this.q(
      tx,
      `UPDATE ${STATE} SET feed_url = replace(replace(feed_url, $3, '://'), $4, '://'), site_url = replace(replace(site_url, $3, '://'), $4, '://'),
              last_error = replace(replace(last_error, $3, '://'), $4, '://')
        WHERE account_id = $1 AND subscription_id = $2`,
      [db, subscriptionId, a, b],
    );
    return total;
  }
}
