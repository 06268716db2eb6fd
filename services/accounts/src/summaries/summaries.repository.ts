import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { Doc } from '@app/proto';
import { retryOnConflict } from '@app/platform';
import { fieldsOf } from '../common/caller';
import { PG_POOL } from '../common/tokens';
import { MembershipsRepository } from '../memberships/memberships.repository';

const DOCS = '"accounts"."documents"';
const LOG = '"accounts"."change_log"';
const OPT_OUTS = '"accounts"."mail_opt_outs"';
/** A membership that wants notifications (decisions.md "Scheduled mails": all_notifications is the switch). */
const notifying = (t = '') =>
  `${t}klass = 'Subscription' AND NOT ${t}deleted AND (${t}body ->> 'status') = 'accepted' AND (${t}body -> 'all_notifications') = 'true'::jsonb`;
const NOTIFYING = notifying();
/** memberships one unsubscribe switches off at most (a user in more groups follows the link again) */
const MAX_SWITCHED = 1000;

/** The I/O of the scheduled mails: who wants notifications, their groups, what the groups created, the opt-outs. */
@Injectable()
export class SummariesRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: MembershipsRepository,
  ) {}

  /** Users with at least one accepted membership whose all_notifications is on, by id after `after`, a page at a time. */
  async recipients(after: string, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT DISTINCT body ->> 'user_id' AS user_id FROM ${DOCS}
       WHERE ${NOTIFYING} AND (body ->> 'user_id') > $1 ORDER BY 1 LIMIT $2`,
      [after, limit],
    );
    return rows.map((r) => r.user_id);
  }

  /** The user's groups that want notifications, with their names, at most `limit` (by id). */
  async notifyingGroups(userId: string, limit: number): Promise<Array<{ id: string; name: string }>> {
    const { rows } = await this.pool.query<{ id: string; name: string | null; fallback: string | null }>(
      `SELECT s.account_id AS id, a.body ->> 'name' AS name, s.body ->> 'account_name' AS fallback
       FROM ${DOCS} s
       LEFT JOIN ${DOCS} a ON a.account_id = s.account_id AND a.id = s.account_id AND a.klass = 'Account' AND NOT a.deleted
       WHERE ${notifying('s.')} AND (s.body ->> 'user_id') = $1
       ORDER BY s.account_id LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({ id: r.id, name: r.name ?? r.fallback ?? r.id }));
  }

  /** Records the group created since `since` (first revisions logged), per klass. */
  async created(accountId: string, since: Date): Promise<Array<{ klass: string; count: number }>> {
    const { rows } = await this.pool.query<{ klass: string; n: string }>(
      `SELECT klass, count(*) AS n FROM ${LOG} WHERE account_id = $1 AND rev_num = 1 AND received_at >= $2 GROUP BY klass`,
      [accountId, since.toISOString()],
    );
    return rows.map((r) => ({ klass: r.klass, count: Number(r.n) }));
  }

  /** Switches all_notifications off on each of the user's memberships that has it on; answers how many. */
  async switchNotificationsOff(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ account_id: string; id: string }>(
      `SELECT account_id, id FROM ${DOCS} WHERE ${NOTIFYING} AND (body ->> 'user_id') = $1 ORDER BY account_id LIMIT ${MAX_SWITCHED}`,
      [userId],
    );
    let changed = 0;
    for (const { account_id, id } of rows) {
      const done = await retryOnConflict(async () => {
        const sub: Doc | null = await this.memberships.byId(account_id, id);
        if (!sub || sub.all_notifications !== true) return false;
        // the user's own change: the timeline names them as its actor
        await this.memberships.update(sub, { ...fieldsOf(sub), all_notifications: false }, userId);
        return true;
      });
      if (done) changed++;
    }
    return changed;
  }

  /** Whether the user has a membership that sends the weekly summary. */
  async wantsSummary(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM ${DOCS} WHERE ${NOTIFYING} AND (body ->> 'user_id') = $1 LIMIT 1`, [userId]);
    return rows.length > 0;
  }

  async optedOut(userId: string, purpose: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM ${OPT_OUTS} WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
    return rows.length > 0;
  }

  /** Sends these mails to the user again (the profile's switch); answers 1 when they were stopped, else 0. */
  async optIn(userId: string, purpose: string): Promise<number> {
    const res = await this.pool.query(`DELETE FROM ${OPT_OUTS} WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
    return res.rowCount ?? 0;
  }

  /** Stops these mails for the user; answers 1 when it was not stopped yet, else 0. */
  async optOut(userId: string, purpose: string): Promise<number> {
    const res = await this.pool.query(`INSERT INTO ${OPT_OUTS} (user_id, purpose) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, purpose]);
    return res.rowCount ?? 0;
  }
}
