import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { currencyPrecision, exactMinor, type Doc, type ExactMinor, type WalletComputed, type WalletSummary } from '@app/proto';
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

  private async q<R extends object>(text: string, values: unknown[], client?: PoolClient): Promise<R[]> {
    try {
      return (await (client ?? this.pool).query<R>(text, values)).rows;
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
      const currency = String(b.currency);
      const computed = walletComputed(b, Number(r.pending), r.pending_sum);
      return {
        _id: r.id,
        name: String(b.name ?? ''),
        currency,
        precision: typeof b.precision === 'number' ? b.precision : currencyPrecision(currency),
        balance: storedBalance(b),
        start_balance: Number(b.start_balance ?? 0),
        active: b.active !== false,
        card: b.card === true,
        ...computed,
      };
    });
  }

  /**
   * What the wallets view computes of each of these wallets (spec §3: limit, pending_transactions, available_credit,
   * balance_after_pending), for Wallet documents read through `_find` or `GET`: their pending records summed in one
   * statement (a partial index holds only the pending ones).
   */
  async computed(db: string, wallets: readonly Doc[]): Promise<Map<string, WalletComputed>> {
    const out = new Map<string, WalletComputed>();
    if (wallets.length === 0) return out;
    const rows = await this.q<{ wallet: string; pending: string; pending_sum: string | null }>(
      `WITH pending AS (${PENDING})
       SELECT wallet, count(*) AS pending, sum(amount) AS pending_sum FROM pending WHERE wallet = ANY($2::text[]) GROUP BY wallet`,
      [db, wallets.map((w) => w._id)],
    );
    const byWallet = new Map(rows.map((r) => [r.wallet, r]));
    for (const w of wallets) {
      const r = byWallet.get(w._id);
      out.set(w._id, walletComputed(w, Number(r?.pending ?? 0), r?.pending_sum ?? null));
    }
    return out;
  }

  /**
   * Confirmed incomes and outgos of a month (yyyy-mm) summed by kind, currency and category (uncategorised: ''), in
   * SQL numeric: exact at any size (a number while exact in JavaScript, else its digits).
   */
  async month(db: string, month: string): Promise<Array<{ kind: string; currency: string; category: string; total: ExactMinor }>> {
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
    return rows.map((r) => ({ ...r, total: exactMinor(BigInt(r.total)) }));
  }

  /** Whether any money record names the wallet (asked on `client` when given: a transaction's). */
  async walletInUse(db: string, walletId: string, client?: PoolClient): Promise<boolean> {
    const rows = await this.q(
      `SELECT 1 FROM ${DOCUMENTS} WHERE account_id = $1 AND NOT deleted AND (
         (klass IN ('Income', 'Outgo') AND body ->> 'wallet_id' = $2) OR
         (klass IN ('Transfer', 'Exchange') AND (body ->> 'source_wallet_id' = $2 OR body ->> 'destination_wallet_id' = $2))) LIMIT 1`,
      [db, walletId],
      client,
    );
    return rows.length > 0;
  }
}

/** A wallet's balance as stored (start_balance until the service wrote one). */
const storedBalance = (b: Record<string, unknown>): number => (typeof b.balance === 'number' ? b.balance : Number(b.start_balance ?? 0));

/**
 * What the service computes of a wallet from its stored fields and its pending records (their count and their sum, SQL
 * numeric text): sums in BigInt, exact at any size.
 */
export function walletComputed(b: Record<string, unknown>, pending: number, pendingSum: string | null): WalletComputed {
  const balance = BigInt(storedBalance(b));
  const limit = typeof b.limit === 'number' ? b.limit : null;
  const card = b.card === true;
  return {
    limit,
    pending_transactions: pending,
    balance_after_pending: exactMinor(balance + BigInt(pendingSum ?? '0')),
    available_credit: card ? exactMinor(BigInt(limit ?? 0) + balance) : null,
  };
}

/** yyyy-mm → the first day of the next month, yyyy-mm-dd. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
