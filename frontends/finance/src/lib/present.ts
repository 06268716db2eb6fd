import { formatWalletMoney, type Denomination } from './money';
import type { KindDef, MoneyDoc, WalletLookup } from './records';

// How a money record reads in lists and on its page: its title, its wallets and its amounts in their wallets'
// currencies. Pure.

type Fields = Partial<{
  wallet_id: string;
  source_wallet_id: string;
  destination_wallet_id: string;
  value: number;
  value_in: number;
  value_out: number;
  fee: number;
  fee_kind: 'source' | 'destination';
  currency: string;
  currency_in: string;
  currency_out: string;
  paid_by: string | null;
  paid_to: string | null;
  description: string | null;
}>;
const fieldsOf = (doc: MoneyDoc) => doc as MoneyDoc & Fields;

/** The wallet an amount is in: the known wallet, else the currency the service wrote on the record. */
function denomination(lookup: WalletLookup, id: string | undefined, currency: string | undefined): Denomination | undefined {
  if (id && lookup[id]) return lookup[id];
  return currency ? { currency } : undefined;
}

/** What a record is called: its description, else who paid or was paid, else the kind's name. */
export function recordTitle(kind: KindDef, doc: MoneyDoc, kindName: string): string {
  const d = fieldsOf(doc);
  const party = kind.party ? d[kind.party] : null;
  return d.description?.trim() || party?.trim() || kindName;
}

/** The record's wallet, or "source → destination". */
export function walletsText(kind: KindDef, doc: MoneyDoc, lookup: WalletLookup): string {
  const d = fieldsOf(doc);
  const name = (id: string | undefined) => (id ? (lookup[id]?.name ?? id) : '—');
  return kind.between ? `${name(d.source_wallet_id)} → ${name(d.destination_wallet_id)}` : name(d.wallet_id);
}

/** The record's amount (an exchange's "out → in") and its fee when there is one, each in its wallet's currency. */
export function amountTexts(kind: KindDef, doc: MoneyDoc, lookup: WalletLookup, language: string): { amount: string; fee?: string } {
  const d = fieldsOf(doc);
  if (!kind.between) return { amount: formatWalletMoney(d.value, language, denomination(lookup, d.wallet_id, d.currency)) };
  const source = denomination(lookup, d.source_wallet_id, kind.klass === 'Exchange' ? d.currency_out : d.currency);
  const destination = denomination(lookup, d.destination_wallet_id, kind.klass === 'Exchange' ? d.currency_in : d.currency);
  const fee = d.fee ? formatWalletMoney(d.fee, language, kind.klass === 'Exchange' && d.fee_kind === 'destination' ? destination : source) : undefined;
  if (kind.klass === 'Exchange') return { amount: `${formatWalletMoney(d.value_out, language, source)} → ${formatWalletMoney(d.value_in, language, destination)}`, fee };
  return { amount: formatWalletMoney(d.value, language, source), fee };
}
