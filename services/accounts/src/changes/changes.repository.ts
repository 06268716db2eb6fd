import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { ChangeEvent } from '@app/proto';
import { revNumber } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { actionOf, counterDelta, type LoggedChange, type MemberName } from './change.rules';

const LOG = '"accounts"."change_log"';
const STATE = '"accounts"."doc_state"';
const COUNTERS = '"accounts"."counters"';
const SEQS = '"accounts"."account_seqs"';
const DOCS = '"accounts"."documents"';

/** A label is what the timeline shows of a record: a long description is cut. */
export const MAX_LABEL = 500;

/** A document's newest state as the change feed keeps it. */
type DocRow = { klass: string; rev_num: number; deleted: boolean; size: number };

export interface LogRow {
  seq: number;
  id: string;
  rev: string;
  klass: string;
  deleted: boolean;
  label: string | null;
  updated_at: string;
  /** the user id whose request made the change; null for the system's own writes */
  actor: string | null;
}

/**
 * The change feed's tables (accounts.schema.ts): the log, each document's newest state and the counters, written in
 * one transaction per batch of events. Idempotent by (account, id, rev); exact under concurrent writers because an
 * account's events are applied while holding its `account_seqs` row (locked in account order: no deadlocks).
 */
@Injectable()
export class ChangesRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Applies the events (DocumentChange's are skipped); answers how many were new. Rolls back all on failure. */
  async apply(events: ChangeEvent[]): Promise<number> {
    return (await this.record(events)).length;
  }

  /**
   * Applies the events like apply() and answers the log rows they added once committed (a redelivery adds none), by
   * account then seq: what the change consumer announces to the live streams (proto live.ts).
   */
  async record(events: ChangeEvent[]): Promise<LoggedChange[]> {
    const byAccount = new Map<string, ChangeEvent[]>();
    for (const e of events) {
      if (e.klass === 'DocumentChange') continue;
      const list = byAccount.get(e.account_id) ?? [];
      list.push(e);
      byAccount.set(e.account_id, list);
    }
    if (!byAccount.size) return [];
    const accounts = [...byAccount.keys()].sort();
    const c = await this.pool.connect();
    let broken: Error | undefined;
    const logged: LoggedChange[] = [];
    try {
      await c.query('BEGIN');
      for (const account of accounts) logged.push(...(await this.applyAccount(c, account, byAccount.get(account)!)));
      await c.query('COMMIT');
      return logged;
    } catch (e) {
      await c.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw e;
    } finally {
      c.release(broken);
    }
  }

  /**
   * One account's events, in a few statements whatever their number (a 100,000-row import sends 100,000 events: one
   * statement or more per event kept the accounts service and PostgreSQL busy for 10 s after it, bench/csv-import).
   * The account's `account_seqs` row is held from the start, so what the log already has can be read first: the new
   * events get the next seqs in order, and each document's state and the counters follow the events one by one in
   * memory, as they would arrive.
   */
  private async applyAccount(c: PoolClient, account: string, events: ChangeEvent[]): Promise<LoggedChange[]> {
    await c.query(`INSERT INTO ${SEQS} (account_id, last_seq) VALUES ($1, 0) ON CONFLICT (account_id) DO NOTHING`, [account]);
    const { rows } = await c.query<{ last_seq: string }>(`SELECT last_seq FROM ${SEQS} WHERE account_id = $1 FOR UPDATE`, [account]);
    const start = Number(rows[0].last_seq);

    // seen before (a redelivery, or twice in the batch): history has it
    const { rows: seen } = await c.query<{ id: string; rev: string }>(
      `SELECT l.id, l.rev FROM ${LOG} l JOIN unnest($2::text[], $3::text[]) AS e(id, rev) ON l.id = e.id AND l.rev = e.rev WHERE l.account_id = $1`,
      [account, events.map((e) => e.id), events.map((e) => e.rev)],
    );
    const known = new Set(seen.map((r) => `${r.id}\n${r.rev}`));
    const fresh: Array<{ e: ChangeEvent; seq: number; revNum: number }> = [];
    let seq = start;
    for (const e of events) {
      const key = `${e.id}\n${e.rev}`;
      if (known.has(key)) continue;
      known.add(key);
      fresh.push({ e, seq: ++seq, revNum: revNumber(e.rev) });
    }
    if (!fresh.length) return [];
    const column = <T>(f: (x: (typeof fresh)[number]) => T) => fresh.map(f);
    await c.query(
      `INSERT INTO ${LOG} (account_id, seq, id, rev, rev_num, klass, deleted, label, updated_at, size, actor)
       SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[], $7::bool[], $8::text[], $9::text[], $10::int[], $11::text[])`,
      [
        account,
        column((x) => x.seq),
        column((x) => x.e.id),
        column((x) => x.e.rev),
        column((x) => x.revNum),
        column((x) => x.e.klass),
        column((x) => x.e.deleted),
        column((x) => (x.e.label === null ? null : x.e.label.slice(0, MAX_LABEL))),
        column((x) => x.e.updated_at),
        column((x) => x.e.size),
        column((x) => x.e.actor ?? null),
      ],
    );

    // each document's newest state, an older revision arriving late being history only; the counters by the events' klass
    const { rows: prev } = await c.query<{ id: string; klass: string; rev_num: number; deleted: boolean; size: number }>(
      `SELECT id, klass, rev_num, deleted, size FROM ${STATE} WHERE account_id = $1 AND id = ANY($2::text[])`,
      [account, [...new Set(fresh.map((x) => x.e.id))]],
    );
    const state = new Map<string, DocRow>(prev.map((r) => [r.id, { klass: r.klass, rev_num: Number(r.rev_num), deleted: r.deleted, size: Number(r.size) }]));
    const changed = new Map<string, DocRow>();
    const counts = new Map<string, { count: number; size: number }>();
    for (const { e, revNum } of fresh) {
      const before = state.get(e.id) ?? null;
      if (before && before.rev_num >= revNum) continue;
      const next = { klass: e.klass, rev_num: revNum, deleted: e.deleted, size: e.size };
      state.set(e.id, next);
      changed.set(e.id, next);
      const delta = counterDelta(before, next);
      if (delta.count === 0 && delta.size === 0) continue;
      const total = counts.get(e.klass) ?? { count: 0, size: 0 };
      total.count += delta.count;
      total.size += delta.size;
      counts.set(e.klass, total);
    }
    if (changed.size) {
      const docs = [...changed];
      await c.query(
        `INSERT INTO ${STATE} (account_id, id, klass, rev_num, deleted, size)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[], $5::bool[], $6::int[])
         ON CONFLICT (account_id, id) DO UPDATE SET klass = EXCLUDED.klass, rev_num = EXCLUDED.rev_num, deleted = EXCLUDED.deleted, size = EXCLUDED.size`,
        [account, docs.map(([id]) => id), docs.map(([, d]) => d.klass), docs.map(([, d]) => d.rev_num), docs.map(([, d]) => d.deleted), docs.map(([, d]) => d.size)],
      );
    }
    if (counts.size) {
      const totals = [...counts];
      await c.query(
        `INSERT INTO ${COUNTERS} (account_id, klass, count, size) SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::bigint[])
         ON CONFLICT (account_id, klass) DO UPDATE SET count = ${COUNTERS}.count + EXCLUDED.count, size = ${COUNTERS}.size + EXCLUDED.size`,
        [account, totals.map(([k]) => k), totals.map(([, t]) => t.count), totals.map(([, t]) => t.size)],
      );
    }
    await c.query(`UPDATE ${SEQS} SET last_seq = $2 WHERE account_id = $1`, [account, seq]);
    return fresh.map(({ e, seq: n }) => ({ account_id: account, seq: n, id: e.id, rev: e.rev, klass: e.klass, deleted: e.deleted, action: actionOf(e.rev, e.deleted) }));
  }

  /** The account's last seq (0 before its first change). */
  async lastSeq(accountId: string): Promise<number> {
    const { rows } = await this.pool.query<{ last_seq: string }>(`SELECT last_seq FROM ${SEQS} WHERE account_id = $1`, [accountId]);
    return rows.length ? Number(rows[0].last_seq) : 0;
  }

  /** The last seq and the live documents of the account, read in one statement so they agree with each other. */
  async info(accountId: string): Promise<{ update_seq: number; doc_count: number }> {
    const { rows } = await this.pool.query<{ last_seq: string; n: string }>(
      `SELECT (SELECT last_seq FROM ${SEQS} WHERE account_id = $1) AS last_seq, (SELECT COALESCE(sum(count), 0) FROM ${COUNTERS} WHERE account_id = $1) AS n`,
      [accountId],
    );
    return { update_seq: Number(rows[0].last_seq ?? 0), doc_count: Number(rows[0].n) };
  }

  async counters(accountId: string): Promise<Array<{ klass: string; count: number; size: number }>> {
    const { rows } = await this.pool.query<{ klass: string; count: string; size: string }>(
      `SELECT klass, count, size FROM ${COUNTERS} WHERE account_id = $1 ORDER BY klass`,
      [accountId],
    );
    return rows.map((r) => ({ klass: r.klass, count: Number(r.count), size: Number(r.size) }));
  }

  /** Log entries with seq > since, newest or oldest first. */
  async entries(accountId: string, since: number, limit: number, descending: boolean): Promise<LogRow[]> {
    const { rows } = await this.pool.query<LogRow & { seq: string }>(
      `SELECT seq, id, rev, klass, deleted, label, updated_at, actor FROM ${LOG}
       WHERE account_id = $1 AND seq > $2 ORDER BY seq ${descending ? 'DESC' : 'ASC'} LIMIT $3`,
      [accountId, since, limit],
    );
    return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
  }

  /**
   * The names of these users as the account's live memberships give them, or for a sub-group its parent's (whose
   * members reach it); a user with neither is missing from the map.
   */
  async memberNames(accountId: string, userIds: string[]): Promise<Map<string, MemberName>> {
    const names = new Map<string, MemberName>();
    if (!userIds.length) return names;
    const { rows } = await this.pool.query<{ user_id: string; fullname: string | null; email: string | null; own: boolean }>(
      `WITH parent AS (
         SELECT body ->> 'value' AS id FROM ${DOCS}
         WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = 'parent-account-id' AND NOT deleted
       )
       SELECT body ->> 'user_id' AS user_id, body #>> '{user,fullname}' AS fullname,
              COALESCE(body #>> '{user,email}', body ->> 'email') AS email, account_id = $1 AS own
       FROM ${DOCS}
       WHERE (account_id = $1 OR account_id IN (SELECT id FROM parent)) AND klass = 'Subscription' AND NOT deleted
         AND (body ->> 'user_id') = ANY($2::text[])`,
      [accountId, userIds],
    );
    // the group's own membership names a member before the parent's
    for (const r of [...rows].sort((a, b) => Number(a.own) - Number(b.own))) {
      if (r.email !== null) names.set(r.user_id, { fullname: r.fullname, email: r.email });
    }
    return names;
  }
}
