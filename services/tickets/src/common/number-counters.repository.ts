import type { PoolClient } from 'pg';
import { TICKETS_SCHEMA } from '../tickets.schema';

// The per-account number counters of tickets and estimates (tickets.schema.ts `number_counters`): their one statement.

export type NumberedKind = 'Ticket' | 'Estimate';

/**
 * The next number of `kind` in the account (1, 2, 3…), taken inside the create's own transaction: the counter row
 * stays locked until that transaction ends, so concurrent creates get distinct numbers in commit order, and a create
 * that fails rolls its number back (no gap).
 */
export async function nextNumber(tx: PoolClient, db: string, kind: NumberedKind): Promise<number> {
  const { rows } = await tx.query<{ last: string }>(
    `INSERT INTO "${TICKETS_SCHEMA}"."number_counters" AS c (account_id, kind, last) VALUES ($1, $2, 1)
     ON CONFLICT (account_id, kind) DO UPDATE SET last = c.last + 1 RETURNING last`,
    [db, kind],
  );
  return Number(rows[0].last);
}

/**
 * After a restore of a group's documents (platform backups): each counter is raised to the highest number restored,
 * so the next ticket or estimate of a restored group follows them (a new group's counters started at 0, and the
 * unique number index refused every new ticket). A counter already higher (a restore over the same group) stays.
 */
export async function raiseNumbersWithin(tx: PoolClient, db: string, highest: Partial<Record<NumberedKind, number>>): Promise<void> {
  for (const [kind, last] of Object.entries(highest)) {
    await tx.query(
      `INSERT INTO "${TICKETS_SCHEMA}"."number_counters" AS c (account_id, kind, last) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, kind) DO UPDATE SET last = GREATEST(c.last, EXCLUDED.last)`,
      [db, kind, last],
    );
  }
}
