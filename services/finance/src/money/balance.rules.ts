import type { Doc, MoneyKlass } from '@app/proto';

// What a money record does to wallet balances (spec §4): nothing until it is confirmed, and nothing while it is
// imported; then an income adds its value, an outgo takes it, a transfer moves value from source to destination with
// the fee leaving the source, an exchange takes value_out (and a source fee) from the source and gives value_in (less a
// destination fee) to the destination. Every amount is an integer of minor units: sums stay exact.

/** wallet id → change of its balance, in the wallet's minor units */
export type Deltas = Map<string, number>;

const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function add(deltas: Deltas, wallet: unknown, amount: number): void {
  if (typeof wallet !== 'string' || !amount) return;
  deltas.set(wallet, (deltas.get(wallet) ?? 0) + amount);
}

/** The record's effect on balances as it stands (empty when unconfirmed or imported). */
export function recordEffect(klass: MoneyKlass, doc: Record<string, unknown>): Deltas {
  const deltas: Deltas = new Map();
  if (doc.confirmed !== true || doc.imported === true) return deltas;
  switch (klass) {
    case 'Income':
      add(deltas, doc.wallet_id, n(doc.value));
      break;
    case 'Outgo':
      add(deltas, doc.wallet_id, -n(doc.value));
      break;
    case 'Transfer':
      add(deltas, doc.source_wallet_id, -(n(doc.value) + n(doc.fee)));
      add(deltas, doc.destination_wallet_id, n(doc.value));
      break;
    case 'Exchange': {
      const sourceFee = doc.fee_kind === 'destination' ? 0 : n(doc.fee);
      const destinationFee = doc.fee_kind === 'destination' ? n(doc.fee) : 0;
      add(deltas, doc.source_wallet_id, -(n(doc.value_out) + sourceFee));
      add(deltas, doc.destination_wallet_id, n(doc.value_in) - destinationFee);
      break;
    }
  }
  return deltas;
}

/** What changes when a record goes from `before` to `after` (after − before), without the zeros. */
export function effectChange(klass: MoneyKlass, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Deltas {
  const out: Deltas = new Map();
  for (const [w, d] of before ? recordEffect(klass, before) : []) out.set(w, (out.get(w) ?? 0) - d);
  for (const [w, d] of after ? recordEffect(klass, after) : []) out.set(w, (out.get(w) ?? 0) + d);
  for (const [w, d] of out) if (d === 0) out.delete(w);
  return out;
}

/** The wallets a record names (one for incomes and outgos, two for transfers and exchanges). */
export function walletsOf(klass: MoneyKlass, doc: Record<string, unknown>): string[] {
  const ids = klass === 'Income' || klass === 'Outgo' ? [doc.wallet_id] : [doc.source_wallet_id, doc.destination_wallet_id];
  return ids.filter((x): x is string => typeof x === 'string');
}

/** A wallet's balance as stored (start_balance until the service wrote one). */
export function balanceOf(wallet: Doc | Record<string, unknown>): number {
  return typeof wallet.balance === 'number' ? wallet.balance : n(wallet.start_balance);
}

/** The WalletBalance id of a currency in a group's db (one per currency). */
export const walletBalanceId = (currency: string): string => `wbl-${currency.toLowerCase()}`;
