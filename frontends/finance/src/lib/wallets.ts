import type { WalletDoc } from '@app/proto';
import { AMOUNT_MAX, MESSAGES } from './contract';
import { rescale, walletDigits } from './money';
import type { Errors } from './records';

// The wallet form (spec §3 Wallet): name, currency, precision, start balance, card and limit, active. Pure.

export interface WalletValues {
  name: string;
  currency: string;
  /** null: the currency's own decimals */
  precision: number | null;
  /** minor units at the wallet's decimals; NaN while unreadable */
  start_balance?: number;
  card: boolean;
  limit?: number;
  active: boolean;
}

export function initialWalletValues(doc?: WalletDoc): WalletValues {
  return {
    name: doc?.name ?? '',
    currency: doc?.currency ?? 'BRL',
    precision: typeof doc?.precision === 'number' ? doc.precision : null,
    start_balance: doc?.start_balance ?? 0,
    card: doc?.card ?? false,
    limit: doc?.limit ?? undefined,
    active: doc?.active ?? true,
  };
}

/** The values after a change: amounts typed keep what they say when the decimals change (currency or precision). */
export function changeWallet(values: WalletValues, patch: Partial<WalletValues>): WalletValues {
  const next = { ...values, ...patch };
  const from = walletDigits(values);
  const to = walletDigits(next);
  if (from !== to) {
    if (!('start_balance' in patch)) next.start_balance = rescale(values.start_balance, from, to);
    if (!('limit' in patch)) next.limit = rescale(values.limit, from, to);
  }
  return next;
}

const v = (key: string) => `validation.${key}`;
const unreadable = (x: unknown) => typeof x === 'number' && Number.isNaN(x);

export function validateWallet(values: WalletValues): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = v('cant-be-blank');
  if (!values.currency) errors.currency = v('cant-be-blank');
  else if (!/^[A-Z]{3}$/.test(values.currency)) errors.currency = v(MESSAGES.notACurrency);
  if (unreadable(values.start_balance)) errors.start_balance = v('is-not-a-number');
  else if (Math.abs(values.start_balance ?? 0) > AMOUNT_MAX) errors.start_balance = v('is-too-large');
  if (values.card) {
    if (unreadable(values.limit)) errors.limit = v('is-not-a-number');
    else if ((values.limit ?? 0) > AMOUNT_MAX) errors.limit = v('is-too-large');
  }
  return errors;
}

/** The document sent. A wallet that is no card keeps no limit. */
export function toWalletDocument(values: WalletValues, prev?: WalletDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'Wallet' };
  // kept by the service
  delete doc.balance;
  delete doc.label;
  doc.name = values.name.trim();
  doc.currency = values.currency;
  doc.precision = values.precision;
  doc.start_balance = values.start_balance ?? 0;
  doc.card = values.card;
  doc.limit = values.card ? (values.limit ?? null) : null;
  doc.active = values.active;
  return doc;
}
