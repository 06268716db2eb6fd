import type { PoolClient } from 'pg';
import { AppError, CallerContext, currencyPrecision, Doc, FINANCE_MESSAGES, WalletFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { BalanceBook } from '../money/balance-book';
import { balanceOf } from '../money/balance.rules';

/**
 * Wallets through the document API: the currency is fixed once the wallet exists (its records are in it), the precision
 * defaults to the currency's, the balance is the service's (start_balance at first; a changed start_balance moves it
 * and the currency's total by the difference, in the same transaction).
 */
export class WalletPolicy implements KlassPolicy {
  readonly schema = WalletFields as unknown as KlassPolicy['schema'];

  constructor(private readonly book: BalanceBook) {}

  beforeWrite(_ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Record<string, unknown> {
    if (op === 'delete') return fields;
    if (prev && fields.currency !== prev.currency) throw new AppError('unprocessable_entity', { currency: FINANCE_MESSAGES.cannotChange });
    const precision = fields.precision ?? (prev ? prev.precision : null) ?? currencyPrecision(String(fields.currency));
    // the stored amounts are in the wallet's minor units: other decimals would change what every one of them means
    if (prev && precision !== (prev.precision ?? currencyPrecision(String(prev.currency)))) {
      throw new AppError('unprocessable_entity', { precision: FINANCE_MESSAGES.cannotChange });
    }
    const out: Record<string, unknown> = { ...fields, precision };
    delete out.balance;
    if (prev) out.balance = balanceOf(prev);
    return out;
  }

  async inCreate(ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const start = Number(fields.start_balance ?? 0);
    await this.book.addToTotals(tx, db, new Map([[String(fields.currency), { delta: start, precision: Number(fields.precision) }]]), ctx.user_id);
    return { ...fields, balance: start };
  }

  async inUpdate(ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const delta = Number(fields.start_balance ?? 0) - Number(stored.start_balance ?? 0);
    if (!delta) return { ...fields, balance: balanceOf(stored) };
    await this.book.addToTotals(tx, db, new Map([[String(stored.currency), { delta, precision: Number(fields.precision) }]]), ctx.user_id);
    return { ...fields, balance: balanceOf(stored) + delta };
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.name === 'string' ? doc.name : null };
  }
}
