import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { AppError, currencyPrecision, errors, FINANCE_REASONS, MAX_EXACT_MINOR } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { balanceOf, Deltas, walletBalanceId } from './balance.rules';

/**
 * Moves wallet balances and the group's per-currency totals (WalletBalance) inside the transaction of the write that
 * causes it, so a record's state and the balances it touched commit together or not at all. Wallets are locked in id
 * order (and totals in currency order), so writes touching the same wallets wait for each other and never deadlock:
 * concurrent confirms from many clients end at the exact sum.
 */
@Injectable()
export class BalanceBook {
  constructor(private readonly store: DocumentStore) {}

  async apply(tx: PoolClient, db: string, deltas: Deltas, actor: string | null): Promise<void> {
    const byCurrency = new Map<string, { delta: number; precision: number }>();
    for (const id of [...deltas.keys()].sort()) {
      const delta = deltas.get(id)!;
      await this.store.writeWithin(
        tx,
        db,
        id,
        'Wallet',
        (wallet) => {
          if (!wallet) throw errors.unprocessable({ wallet_id: 'must-exist' });
          const currency = String(wallet.currency);
          const total = byCurrency.get(currency) ?? { delta: 0, precision: Number(wallet.precision ?? currencyPrecision(currency)) };
          total.delta += delta;
          byCurrency.set(currency, total);
          return { ...wallet, balance: exactBalance(balanceOf(wallet), delta) };
        },
        actor,
      );
    }
    // a transfer moves money inside one currency: its total does not change
    for (const [currency, total] of byCurrency) if (!total.delta) byCurrency.delete(currency);
    await this.addToTotals(tx, db, byCurrency, actor);
  }

  /** Adds to the group's per-currency totals (a wallet created — its currency's total exists from then on, even at 0 —, its start balance changed, deleted). */
  async addToTotals(tx: PoolClient, db: string, byCurrency: Map<string, { delta: number; precision: number }>, actor: string | null): Promise<void> {
    for (const currency of [...byCurrency.keys()].sort()) {
      const { delta, precision } = byCurrency.get(currency)!;
      await this.store.writeWithin(
        tx,
        db,
        walletBalanceId(currency),
        'WalletBalance',
        (total) => ({ currency, precision, balance: exactBalance(typeof total?.balance === 'number' ? total.balance : 0, delta) }),
        actor,
      );
    }
  }
}

/**
 * A balance moved by delta, refused (422) past MAX_EXACT_MINOR either way: a balance is a JSON number every client
 * reads exactly, so it is kept where a double is exact (90 trillion at 2 decimals) rather than rounded silently.
 */
export function exactBalance(balance: number, delta: number): number {
  const sum = BigInt(balance) + BigInt(delta);
  if (sum > BigInt(MAX_EXACT_MINOR) || sum < -BigInt(MAX_EXACT_MINOR)) throw new AppError('unprocessable_entity', FINANCE_REASONS.balanceTooLarge);
  return Number(sum);
}
