import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { currencyPrecision, type WalletSummary } from '@app/proto';
import { mapPgError } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { FINANCE_SCHEMA } from '../finance.schema';

// The finance views' SQL: wallets with their pending records, a month's totals by category; the check that a wallet
// has no records before it is deleted.

const DOCUMENTS = `"${FINANCE_SCHEMA}"."documents"`;

/** A money record's effect on one wallet if it were confirmed (the pending amount), as SQL over `body`. */
const PENDING = `
  SELECT body ->> 'wallet_id' AS wallet, (body ->> 'value')::numeric * CASE WHEN klass = 'Income' THEN 1 ELSE -1 END AS amount
    FROM ${DOCUMENTS} WHERE account_id = $1 AND klass IN ('Income', 'Outgo') AND NOT deleted
     AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)
  UNION ALL
  SELECT body ->> 'source_wallet_id', -((body ->> 'value')::numeric + COALESCE((body ->> 'fee')::numeric, 0))
    FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'Transfer' AND NOT deleted
     AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)
  UNION ALL
  SELECT body ->> 'destination_wallet_id', (body ->> 'value')::numeric
    FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'Transfer' AND NOT deleted
     AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)
  UNION ALL
  SELECT body ->> 'source_wallet_id', -((body ->> 'value_out')::numeric + CASE WHEN body ->> 'fee_kind' = 'destination' THEN 0 ELSE COALESCE((body ->> 'fee')::numeric, 0) END)
    FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'Exchange' AND NOT deleted
     AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)
  UNION ALL
  SELECT body ->> 'destination_wallet_id', (body ->> 'value_in')::numeric - CASE WHEN body ->> 'fee_kind' = 'destination' THEN COALESCE((body ->> 'fee')::numeric, 0) ELSE 0 END
    FROM ${DOCUMENTS} WHERE account_id = $1 AND klass = 'Exchange' AND NOT deleted
     AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)`;

@Injectable()
export class FinanceRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  private async q<R extends object>(text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** Every wallet of the group with its pending count and the balance once they are confirmed, by name. */
  async wallets(db: string): Promise<WalletSummary[]> {
    const rows = await this.q<{ id: string; body: Record<string, unknown>; pending: string; pending_sum: string | null }>(
      `WITH pending AS (${PENDING})
       SELECT w.id, w.body, (SELECT count(*) FROM pending p WHERE p.wallet = w.id) AS pending,
              (SELECT sum(p.amount) FROM pending p WHERE p.wallet = w.id) AS pending_sum
         FROM ${DOCUMENTS} w WHERE w.account_id = $1 AND w.klass = 'Wallet' AND NOT w.deleted
        ORDER BY lower(w.body ->> 'name'), w.id LIMIT 1000`,
      [db],
    );
    return rows.map((r) => {
      const b = r.body;
      const balance = typeof b.balance === 'number' ? b.balance : Number(b.start_balance ?? 0);
      const limit = typeof b.limit === 'number' ? b.limit : null;
      const card = b.card === true;
      const currency = String(b.currency);
      return {
        _id: r.id,
        name: String(b.name ?? ''),
        currency,
        precision: typeof b.precision === 'number' ? b.precision : currencyPrecision(currency),
        balance,
        start_balance: Number(b.start_balance ?? 0),
        active: b.active !== false,
        card,
        limit,
        pending_transactions: Number(r.pending),
        balance_after_pending: balance + Number(r.pending_sum ?? 0),
        available_credit: card ? (limit ?? 0) + balance : null,
      };
    });
  }

  /** Confirmed incomes and outgos of a month (yyyy-mm) summed by kind, currency and category (uncategorised: ''). */
  async month(db: string, month: string): Promise<Array<{ kind: string; currency: string; category: string; total: number }>> {
    const rows = await this.q<{ kind: string; currency: string; category: string; total: string }>(
      `SELECT klass AS kind, COALESCE(body ->> 'currency', '') AS currency, COALESCE(c.category, '') AS category, sum((body ->> 'value')::numeric) AS total
         FROM ${DOCUMENTS}
         LEFT JOIN LATERAL (
           SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(body -> 'categories') = 'array' AND jsonb_array_length(body -> 'categories') > 0
                                                 THEN body -> 'categories' ELSE '[""]'::jsonb END) AS category
         ) c ON true
        WHERE account_id = $1 AND klass IN ('Income', 'Outgo') AND NOT deleted AND (body ->> 'confirmed')::boolean
          AND (body ->> 'date') >= $2 AND (body ->> 'date') < $3
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 4 DESC`,
      [db, `${month}-01`, nextMonth(month)],
    );
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /** Whether any money record names the wallet. */
  async walletInUse(db: string, walletId: string): Promise<boolean> {
    const rows = await this.q(
      `SELECT 1 FROM ${DOCUMENTS} WHERE account_id = $1 AND NOT deleted AND (
         (klass IN ('Income', 'Outgo') AND body ->> 'wallet_id' = $2) OR
         (klass IN ('Transfer', 'Exchange') AND (body ->> 'source_wallet_id' = $2 OR body ->> 'destination_wallet_id' = $2))) LIMIT 1`,
      [db, walletId],
    );
    return rows.length > 0;
  }
}

/** yyyy-mm → the first day of the next month, yyyy-mm-dd. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
