import type { PoolClient } from 'pg';
import { AppError, CallerContext, Doc, ExchangeFields, FINANCE_MESSAGES, FINANCE_REASONS, IncomeFields, MONEY_SERVER_FIELDS, MoneyKlass, OutgoFields, TransferFields } from '@app/proto';
import type { DocumentStore, KlassPolicy, WriteOp } from '@app/platform';
import { accountDb } from '../common/caller';
import { BalanceBook } from './balance-book';
import { effectChange, walletsOf } from './balance.rules';

const SCHEMAS = { Income: IncomeFields, Outgo: OutgoFields, Transfer: TransferFields, Exchange: ExchangeFields } as const;

/**
 * Incomes, outgos, transfers and exchanges through the document API: wallets must exist and be active, a transfer's
 * two wallets share a currency and an exchange's don't (spec §5); a record is created unconfirmed and not imported (the
 * money handlers change those); an edit of a confirmed record moves the balances by the difference in the same
 * transaction; a confirmed record can't be deleted (spec §8) unless it is imported (it never moved a balance).
 */
export class MoneyPolicy implements KlassPolicy {
  readonly schema: KlassPolicy['schema'];

  constructor(
    private readonly klass: MoneyKlass,
    private readonly store: DocumentStore,
    private readonly book: BalanceBook,
  ) {
    this.schema = SCHEMAS[klass] as unknown as KlassPolicy['schema'];
  }

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') {
      // a confirmed record moved the balance (spec §8); an imported one never did (spec §4), so it can go like an
      // unconfirmed one — an import's line the person doesn't want, without undoing the whole import
      if (prev?.confirmed === true && prev.imported !== true) throw new AppError('conflict', FINANCE_REASONS.deleteConfirmed(this.klass));
      return fields;
    }
    const out: Record<string, unknown> = { ...fields };
    for (const f of MONEY_SERVER_FIELDS) delete out[f];
    Object.assign(out, await this.checkWallets(ctx, fields, prev));
    out.confirmed = prev?.confirmed === true;
    out.imported = prev?.imported === true;
    if (prev?.import_id) out.import_id = prev.import_id;
    // the statement's line it came from: what a later import of an overlapping statement knows it by
    if (prev?.statement_line) out.statement_line = prev.statement_line;
    return out;
  }

  /** Wallets exist, are active, and have the currencies the kind needs; returns the currency fields to store. */
  private async checkWallets(ctx: CallerContext, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    const db = accountDb(ctx);
    const ids = walletsOf(this.klass, fields);
    const wallets = await Promise.all(ids.map((id) => this.store.get(db, id)));
    const reason: Record<string, string> = {};
    const names = this.klass === 'Income' || this.klass === 'Outgo' ? ['wallet_id'] : ['source_wallet_id', 'destination_wallet_id'];
    wallets.forEach((w, i) => {
      if (!w || w.klass !== 'Wallet') reason[names[i]] = 'must-exist';
      // an inactive wallet takes no new records; one a record already names it keeps (its description can still be edited)
      else if (w.active === false && prev?.[names[i]] !== w._id) reason[names[i]] = FINANCE_MESSAGES.inactiveWallet;
    });
    if (Object.keys(reason).length) throw new AppError('unprocessable_entity', reason);
    if (this.klass === 'Income' || this.klass === 'Outgo') return { currency: wallets[0]!.currency };
    const [source, destination] = wallets as Doc[];
    if (source._id === destination._id) throw new AppError('unprocessable_entity', { destination_wallet_id: FINANCE_MESSAGES.sameWallet });
    if (this.klass === 'Transfer' && source.currency !== destination.currency) {
      throw new AppError('unprocessable_entity', { destination_wallet_id: FINANCE_MESSAGES.sameCurrency });
    }
    if (this.klass === 'Exchange') {
      if (source.currency === destination.currency) throw new AppError('unprocessable_entity', { destination_wallet_id: FINANCE_MESSAGES.otherCurrency });
      return { currency_out: source.currency, currency_in: destination.currency };
    }
    return { currency: source.currency };
  }

  async inUpdate(ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.book.apply(tx, db, effectChange(this.klass, stored, fields), ctx.user_id);
    return fields;
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.description === 'string' && doc.description ? doc.description.slice(0, 80) : null };
  }
}
