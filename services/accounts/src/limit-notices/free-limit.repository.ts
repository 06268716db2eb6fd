import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { isKlass, KLASSES } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { isFreeGroup } from '../groups/account.rules';
import { countedRecords } from '../billing/billing.rules';
import { limitAction } from './free-limit.rules';

const DOCS = '"accounts"."documents"';
const COUNTERS = '"accounts"."counters"';
const NOTICES = '"accounts"."free_limit_notices"';

/** The I/O of the Free-plan limit notices: the per-group marker, read and moved with the group's count in one step. */
@Injectable()
export class FreeLimitRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Checks a group: with its marker row locked (checks of one group take turns, across copies), reads its counted
   * records and plan, and sets the marker (answering the new crossing's number) or clears it (limitAction). A check
   * that reads after another's commit sees its counters, so the last check of a burst decides.
   */
  async check(accountId: string): Promise<{ action: 'notify'; crossing: number; records: number } | { action: 'clear' | 'none' }> {
    const c: PoolClient = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await c.query('BEGIN');
      await c.query(`INSERT INTO ${NOTICES} (account_id) VALUES ($1) ON CONFLICT (account_id) DO NOTHING`, [accountId]);
      const { rows: marker } = await c.query<{ notified: boolean; crossings: number }>(`SELECT notified, crossings FROM ${NOTICES} WHERE account_id = $1 FOR UPDATE`, [accountId]);
      const { rows: counters } = await c.query<{ klass: string; count: string }>(`SELECT klass, count FROM ${COUNTERS} WHERE account_id = $1`, [accountId]);
      const { rows: plan } = await c.query<{ key: string; value: unknown }>(
        `SELECT body ->> 'key' AS key, body -> 'value' AS value FROM ${DOCS}
         WHERE account_id = $1 AND klass = 'AccountConfiguration' AND NOT deleted AND (body ->> 'key') IN ('confirmed-plan', 'parent-account-id')`,
        [accountId],
      );
      const facts = { plan: plan.find((p) => p.key === 'confirmed-plan')?.value, parent: plan.find((p) => p.key === 'parent-account-id')?.value };
      const records = countedRecords(counters.map((r) => ({ klass: r.klass, count: Number(r.count) })));
      const action = limitAction({ records, free: isFreeGroup(facts), notified: marker[0].notified });
      let crossing = marker[0].crossings;
      if (action === 'notify') {
        crossing++;
        await c.query(`UPDATE ${NOTICES} SET notified = true, crossings = $2, notified_at = now() WHERE account_id = $1`, [accountId, crossing]);
      } else if (action === 'clear') {
        await c.query(`UPDATE ${NOTICES} SET notified = false WHERE account_id = $1`, [accountId]);
      }
      await c.query('COMMIT');
      return action === 'notify' ? { action, crossing, records } : { action };
    } catch (e) {
      await c.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw mapPgError(e);
    } finally {
      c.release(broken);
    }
  }

  /** Undoes a marker whose notice could not be queued, so the group's next change tries again. */
  async unmark(accountId: string, crossing: number): Promise<void> {
    await this.pool.query(`UPDATE ${NOTICES} SET notified = false, crossings = crossings - 1 WHERE account_id = $1 AND crossings = $2 AND notified`, [accountId, crossing]);
  }

  /** The group's accepted administrators (user ids) and its name. */
  async administrators(accountId: string): Promise<{ name: string; admins: string[] }> {
    const { rows } = await this.pool.query<{ user_id: string | null; name: string | null }>(
      `(SELECT body ->> 'user_id' AS user_id, NULL AS name FROM ${DOCS}
        WHERE account_id = $1 AND klass = 'Subscription' AND NOT deleted AND (body ->> 'status') = 'accepted' AND (body -> 'admin') = 'true'::jsonb
        ORDER BY id LIMIT 100)
       UNION ALL
       (SELECT NULL, body ->> 'name' FROM ${DOCS} WHERE account_id = $1 AND id = $1 AND klass = 'Account' AND NOT deleted)`,
      [accountId],
    );
    return {
      name: rows.find((r) => r.name !== null)?.name ?? accountId,
      admins: rows.flatMap((r) => (r.user_id ? [r.user_id] : [])).sort(),
    };
  }
}

/** Kinds counted for the limit (proto KLASSES `counted`). */
export const countedKlass = (klass: string): boolean => isKlass(klass) && KLASSES[klass].counted;
