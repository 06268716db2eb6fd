import type { ExchangeDoc, IncomeDoc, MoneyKlass, OutgoDoc, TransferDoc, WalletDoc } from '@app/proto';
import { AMOUNT_MAX, MESSAGES, toTags } from './contract';
import { rescale, walletDigits, type Denomination } from './money';

// The four money records (spec §3 Income and outgo, Transfer, Exchange): what each has, how its form's values become
// the document sent, and the checks made before sending (spec §5: a transfer only between wallets of one currency, an
// exchange only between wallets of different ones). Pure: no I/O, no React.

export type RecordSegment = 'incomes' | 'outgos' | 'transfers' | 'exchanges';
export type AmountField = 'value' | 'value_out' | 'value_in' | 'fee';
export type MoneyDoc = IncomeDoc | OutgoDoc | TransferDoc | ExchangeDoc;

export interface KindDef {
  segment: RecordSegment;
  klass: MoneyKlass;
  /** between two wallets (transfer, exchange) rather than into or out of one */
  between: boolean;
  /** who paid (income) or was paid (outgo) */
  party?: 'paid_by' | 'paid_to';
  amounts: readonly AmountField[];
}

export const KINDS: Record<RecordSegment, KindDef> = {
  outgos: { segment: 'outgos', klass: 'Outgo', between: false, party: 'paid_to', amounts: ['value'] },
  incomes: { segment: 'incomes', klass: 'Income', between: false, party: 'paid_by', amounts: ['value'] },
  transfers: { segment: 'transfers', klass: 'Transfer', between: true, amounts: ['value', 'fee'] },
  exchanges: { segment: 'exchanges', klass: 'Exchange', between: true, amounts: ['value_out', 'value_in', 'fee'] },
};

export const SEGMENT_OF: Record<MoneyKlass, RecordSegment> = { Income: 'incomes', Outgo: 'outgos', Transfer: 'transfers', Exchange: 'exchanges' };

/** The wallets a form knows, by id. */
export type WalletLookup = Record<string, Denomination & { name: string; active?: boolean }>;

export function walletLookup(wallets: readonly Pick<WalletDoc, '_id' | 'name' | 'currency' | 'precision' | 'active'>[] | undefined): WalletLookup {
  const out: WalletLookup = {};
  for (const w of wallets ?? []) out[w._id] = { name: w.name ?? w._id, currency: w.currency ?? '', precision: w.precision, active: w.active };
  return out;
}

export interface RecordValues {
  date: string;
  description: string;
  /** as typed: comma separated */
  categories: string;
  /** paid_by or paid_to */
  party: string;
  wallet_id: string | null;
  source_wallet_id: string | null;
  destination_wallet_id: string | null;
  /** integer minor units of the amount's wallet; NaN while the typed text can't be read */
  value?: number;
  value_out?: number;
  value_in?: number;
  fee?: number;
  fee_kind: 'source' | 'destination';
}

/** Any money record's fields, to read them whatever its klass. */
type AnyMoney = Partial<{
  date: string;
  description: string | null;
  categories: string[];
  paid_by: string | null;
  paid_to: string | null;
  wallet_id: string;
  source_wallet_id: string;
  destination_wallet_id: string;
  value: number;
  value_out: number;
  value_in: number;
  fee: number;
  fee_kind: 'source' | 'destination';
}>;

/** A new record's values (today, the wallet given) or an existing one's. */
export function initialValues(kind: KindDef, doc: MoneyDoc | undefined, defaults: { today: string; wallet?: string | null }): RecordValues {
  const d = (doc ?? {}) as AnyMoney;
  const wallet = defaults.wallet ?? null;
  return {
    date: d.date ?? defaults.today,
    description: d.description ?? '',
    categories: (d.categories ?? []).join(', '),
    party: (kind.party ? d[kind.party] : '') ?? '',
    wallet_id: d.wallet_id ?? (doc || kind.between ? null : wallet),
    source_wallet_id: d.source_wallet_id ?? (doc || !kind.between ? null : wallet),
    destination_wallet_id: d.destination_wallet_id ?? null,
    value: d.value,
    value_out: d.value_out,
    value_in: d.value_in,
    fee: d.fee ?? (kind.between ? 0 : undefined),
    fee_kind: d.fee_kind ?? 'source',
  };
}

/** The wallet whose currency an amount is in: the fee of an exchange is the source's or the destination's. */
export function amountWalletId(kind: KindDef, field: AmountField, values: RecordValues): string | null {
  if (!kind.between) return values.wallet_id;
  if (field === 'value_in') return values.destination_wallet_id;
  if (field === 'fee' && kind.klass === 'Exchange' && values.fee_kind === 'destination') return values.destination_wallet_id;
  return values.source_wallet_id;
}

/** The decimals an amount is typed with: its wallet's (2 before a wallet is chosen). */
export const amountDigits = (kind: KindDef, field: AmountField, values: RecordValues, wallets: WalletLookup): number => {
  const id = amountWalletId(kind, field, values);
  return walletDigits(id ? wallets[id] : undefined);
};

/**
 * The values after a change: an amount already typed keeps what it says when its wallet (and so its decimals)
 * changes — 10,55 typed before a BHD wallet is chosen becomes 10,550 — rather than being read again at other decimals.
 */
export function changeValues(kind: KindDef, values: RecordValues, patch: Partial<RecordValues>, wallets: WalletLookup): RecordValues {
  const next = { ...values, ...patch };
  for (const field of kind.amounts) {
    if (field in patch) continue;
    const from = amountDigits(kind, field, values, wallets);
    const to = amountDigits(kind, field, next, wallets);
    if (from !== to) next[field] = rescale(values[field], from, to);
  }
  return next;
}

export type Errors = Record<string, string>;
const v = (key: string) => `validation.${key}`;

/** What the form refuses before sending, as `validation.*` keys per field (the server answers the same keys). */
export function validateRecord(kind: KindDef, values: RecordValues, wallets: WalletLookup): Errors {
  const errors: Errors = {};
  if (!values.date) errors.date = v('cant-be-blank');
  else if (!isDate(values.date)) errors.date = v(MESSAGES.badDate);
  const walletFields = kind.between ? (['source_wallet_id', 'destination_wallet_id'] as const) : (['wallet_id'] as const);
  for (const f of walletFields) {
    const id = values[f];
    if (!id) errors[f] = v('cant-be-blank');
    // the service takes no record on an inactive wallet, an edit of an older record included
    else if (wallets[id]?.active === false) errors[f] = v(MESSAGES.inactiveWallet);
  }
  for (const field of kind.amounts) {
    const amount = values[field];
    if (typeof amount === 'number' && Number.isNaN(amount)) errors[field] = v('is-not-a-number');
    else if (amount === undefined) {
      if (field !== 'fee') errors[field] = v('cant-be-blank');
    } else if (!Number.isInteger(amount)) errors[field] = v(MESSAGES.mustBeWhole);
    else if (field !== 'fee' && amount <= 0) errors[field] = v(MESSAGES.mustBePositive);
    else if (amount < 0) errors[field] = v('must-be-greater-than-or-equal-to-0');
    else if (amount > AMOUNT_MAX) errors[field] = v(MESSAGES.tooLarge);
  }
  const source = values.source_wallet_id ? wallets[values.source_wallet_id] : undefined;
  const destination = values.destination_wallet_id ? wallets[values.destination_wallet_id] : undefined;
  if (kind.between && values.source_wallet_id && values.source_wallet_id === values.destination_wallet_id) errors.destination_wallet_id = v(MESSAGES.sameWallet);
  else if (source && destination) {
    // spec §5: a transfer needs wallets of the same currency (otherwise an exchange); an exchange different ones
    if (kind.klass === 'Transfer' && source.currency !== destination.currency) errors.destination_wallet_id = v(MESSAGES.sameCurrency);
    if (kind.klass === 'Exchange' && source.currency === destination.currency) errors.destination_wallet_id = v(MESSAGES.otherCurrency);
  }
  return errors;
}

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Fields only the finance service writes (proto MONEY_SERVER_FIELDS, and what it adds for reading): never sent back. */
const SERVER_FIELDS = ['confirmed', 'imported', 'currency', 'import_id', 'currency_in', 'currency_out', 'label'];

/** The document sent: the kind's fields from the form (over the stored record's other fields on an edit). */
export function toDocument(kind: KindDef, values: RecordValues, prev?: MoneyDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: kind.klass };
  for (const f of SERVER_FIELDS) delete doc[f];
  doc.date = values.date;
  doc.description = values.description.trim() || null;
  doc.categories = toTags(values.categories);
  if (kind.party) doc[kind.party] = values.party.trim() || null;
  if (kind.between) {
    doc.source_wallet_id = values.source_wallet_id;
    doc.destination_wallet_id = values.destination_wallet_id;
    doc.fee = values.fee ?? 0;
  } else doc.wallet_id = values.wallet_id;
  if (kind.klass === 'Exchange') {
    doc.value_out = values.value_out;
    doc.value_in = values.value_in;
    doc.fee_kind = values.fee_kind;
  } else doc.value = values.value;
  return doc;
}

/** The wallets a record touches (for its currency and names). */
export function walletIdsOf(doc: MoneyDoc): string[] {
  const d = doc as AnyMoney;
  return [d.wallet_id, d.source_wallet_id, d.destination_wallet_id].filter((x): x is string => !!x);
}

/** The selector of a list: the kind, and when a wallet is chosen, the records touching it. */
export function listSelector(kind: KindDef, wallet: string | null): Record<string, unknown> {
  if (!wallet) return { klass: kind.klass };
  if (!kind.between) return { klass: kind.klass, wallet_id: wallet };
  return { klass: kind.klass, $or: [{ source_wallet_id: wallet }, { destination_wallet_id: wallet }] };
}
