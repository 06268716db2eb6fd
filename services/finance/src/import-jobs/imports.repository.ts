import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { FINANCE_SCHEMA } from '../finance.schema';

// The SQL of imports: what a wallet already holds (for duplicates) and the records an import made (for its undo).

const DOCUMENTS = `"${FINANCE_SCHEMA}"."documents"`;
/** the bound of the ANALYZE after an import (ms): a minute, where the services' statements have 5 s */
const ANALYSE_TIMEOUT_MS = 60_000;

export interface ExistingRecord {
  klass: string;
  date: string;
  value: number;
  description: string | null;
  /** the fingerprint of the statement's line it was imported from; null for a record typed by hand (or imported before) */
  statement_line: string | null;
}

@Injectable()
export class ImportsRepository {
  constructor(@Inject(PG_POOL) readonly pool: Pool) {}

  /** The wallet's incomes and outgos dated between `from` and `to` (inclusive): what an import's rows may repeat. */
  async existing(db: string, walletId: string, from: string, to: string): Promise<ExistingRecord[]> {
    try {
      const { rows } = await this.pool.query<{ klass: string; date: string; value: string; description: string | null; statement_line: string | null }>(
        `SELECT klass, body ->> 'date' AS date, body ->> 'value' AS value, body ->> 'description' AS description,
                body ->> 'statement_line' AS statement_line FROM ${DOCUMENTS}
          WHERE account_id = $1 AND klass IN ('Income', 'Outgo') AND NOT deleted AND body ->> 'wallet_id' = $2
            AND (body ->> 'date') BETWEEN $3 AND $4`,
        [db, walletId, from, to],
      );
      return rows.map((r) => ({ ...r, value: Number(r.value) }));
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** The ids of the records an import made that are still imported (the ones its undo deletes). */
  async stillImported(db: string, importId: string): Promise<string[]> {
    try {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT id FROM ${DOCUMENTS} WHERE account_id = $1 AND klass IN ('Income', 'Outgo') AND NOT deleted
            AND body ->> 'import_id' = $2 AND (body ->> 'imported')::boolean`,
        [db, importId],
      );
      return rows.map((r) => r.id);
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /**
   * Fresh planner statistics for the documents table, after an import changed much of it: the lists' plans rest on
   * them (a wallet's share of the outgos, how common a description term is), and autovacuum would take up to a minute.
   * With its own statement timeout: on a busy machine the ANALYZE of a 100,000-row import outlasts the pool's 5 s, and
   * the lists were then planned on the empty table's statistics (66 ms a query instead of 2; bench/csv-import).
   */
  async analyse(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL statement_timeout = ${ANALYSE_TIMEOUT_MS}`);
      await client.query(`ANALYZE ${DOCUMENTS}`);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw mapPgError(e);
    } finally {
      client.release();
    }
  }
}
