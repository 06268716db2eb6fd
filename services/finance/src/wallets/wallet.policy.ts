import type { PoolClient } from 'pg';
import { accountDb } from '../common/caller';
import { AppError, CallerContext, currencyPrecision, Doc, FINANCE_MESSAGES, WalletFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { BalanceBook } from '../money/balance-book';
import { balanceOf } from '../money/balance.rules';
import type { FinanceRepository } from './finance.repository';

/**
 * Wallets through the document API: the currency and the decimals are fixed once the wallet has records (their amounts
 * are in them; until then a wallet made in the wrong currency can be put right), the precision defaults to the
 * currency's, the balance is the service's (start_balance at first; a changed start_balance moves it and the
 * currency's total by the difference, in the same transaction; a changed currency moves it from one total to the
 * other).
 */
export class WalletPolicy implements KlassPolicy {
  readonly schema = WalletFields as unknown as KlassPolicy['schema'];

  constructor(
    private readonly book: BalanceBook,
    private readonly repo: Pick<FinanceRepository, 'walletInUse'>,
  ) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const precision = fields.precision ?? (prev && fields.currency === prev.currency ? prev.precision : null) ?? currencyPrecision(String(fields.currency));
    if (prev && (fields.currency !== prev.currency || precision !== precisionOf(prev)) && (await this.repo.walletInUse(accountDb(ctx), prev._id))) {
      // the stored amounts are in the wallet's currency and minor units: another would change what each one means
      throw new AppError('unprocessable_entity', fields.currency !== prev.currency ? { currency: FINANCE_MESSAGES.cannotChange } : { precision: FINANCE_MESSAGES.cannotChange });
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
    const balance = balanceOf(stored) + delta;
    if (fields.currency !== stored.currency || fields.precision !== precisionOf(stored)) {
      // asked again with the wallet locked: a record made since the check keeps its currency
      if (await this.repo.walletInUse(db, stored._id, tx)) {
        throw new AppError('unprocessable_entity', fields.currency !== stored.currency ? { currency: FINANCE_MESSAGES.cannotChange } : { precision: FINANCE_MESSAGES.cannotChange });
      }
      // the balance leaves its currency's total for the new one's (both kept, as a currency's first wallet makes it)
      const moves = new Map<string, { delta: number; precision: number }>([[String(stored.currency), { delta: -balanceOf(stored), precision: precisionOf(stored) }]]);
      const next = moves.get(String(fields.currency));
      if (next) next.delta += balance;
      else moves.set(String(fields.currency), { delta: balance, precision: Number(fields.precision) });
      await this.book.addToTotals(tx, db, moves, ctx.user_id);
      return { ...fields, balance };
    }
    if (!delta) return { ...fields, balance: balanceOf(stored) };
    await this.book.addToTotals(tx, db, new Map([[String(stored.currency), { delta, precision: Number(fields.precision) }]]), ctx.user_id);
    return { ...fields, balance };
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.name === 'string' ? doc.name : null };
  }
}

/** A stored wallet's decimals: its own, else its currency's. */
const precisionOf = (wallet: Doc): number => (typeof wallet.precision === 'number' ? wallet.precision : currencyPrecision(String(wallet.currency)));
