import type { WalletDoc } from '@app/proto';
import { currencyDigits } from '@app/ui';
import { AMOUNT_MAX, MESSAGES } from './contract';
import { rescale, walletDigits } from './money';
import type { Errors } from './records';

// The wallet form (spec §3 Wallet): name, currency, precision, start balance, card and limit, active; a new wallet's
// currency is the group's (its wallets') or the person's (their locale's), never one fixed for everybody. Pure.

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

export function initialWalletValues(doc?: WalletDoc, currency = 'BRL'): WalletValues {
  return {
    name: doc?.name ?? '',
    currency: doc?.currency ?? currency,
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
  // another currency takes its own decimals, unless the wallet's were its own choice
  if ('currency' in patch && !('precision' in patch) && values.precision !== null && values.precision === currencyDigits(values.currency || 'XXX')) next.precision = null;
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
  else if ((values.start_balance ?? 0) > AMOUNT_MAX) errors.start_balance = v(MESSAGES.tooLarge);
  else if ((values.start_balance ?? 0) < -AMOUNT_MAX) errors.start_balance = v(MESSAGES.tooSmall);
  if (values.card) {
    if (unreadable(values.limit)) errors.limit = v('is-not-a-number');
    else if ((values.limit ?? 0) > AMOUNT_MAX) errors.limit = v(MESSAGES.tooLarge);
  }
  return errors;
}

/** The document sent. A wallet that is no card keeps no limit. */
export function toWalletDocument(values: WalletValues, prev?: WalletDoc): Record<string, unknown> {
  const doc: Record<string, unknown> = prev ? { ...prev } : { klass: 'Wallet' };
  // kept (or computed) by the service
  for (const field of ['balance', 'label', 'pending_transactions', 'balance_after_pending', 'available_credit']) delete doc[field];
  doc.name = values.name.trim();
  doc.currency = values.currency;
  doc.precision = values.precision;
  doc.start_balance = values.start_balance ?? 0;
  doc.card = values.card;
  doc.limit = values.card ? (values.limit ?? null) : null;
  doc.active = values.active;
  return doc;
}

// ---- a new wallet's currency ---------------------------------------------------------------------------------------

/** The currency of the countries a locale names most often (en-GB → GBP, de-AT → EUR); the others fall to the language. */
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD', BR: 'BRL', GB: 'GBP', CA: 'CAD', AU: 'AUD', NZ: 'NZD', IE: 'EUR', IN: 'INR', ZA: 'ZAR', NG: 'NGN', KE: 'KES',
  PH: 'PHP', SG: 'SGD', HK: 'HKD', JP: 'JPY', CN: 'CNY', KR: 'KRW', MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', PE: 'PEN',
  UY: 'UYU', PY: 'PYG', BO: 'BOB', AO: 'AOA', MZ: 'MZN', CV: 'CVE', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN',
  CZ: 'CZK', HU: 'HUF', RO: 'RON', TR: 'TRY', IL: 'ILS', AE: 'AED', SA: 'SAR', EG: 'EGP', MA: 'MAD', TN: 'TND', BH: 'BHD',
  KW: 'KWD', PT: 'EUR', ES: 'EUR', FR: 'EUR', DE: 'EUR', IT: 'EUR', NL: 'EUR', BE: 'EUR', AT: 'EUR', FI: 'EUR', GR: 'EUR',
  LU: 'EUR', SK: 'EUR', SI: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', MT: 'EUR', CY: 'EUR', HR: 'EUR',
};
/** The interface languages' own currency when the locale names no country. */
const LANGUAGE_CURRENCY: Record<string, string> = { pt: 'BRL', en: 'USD' };

const regionOf = (locale: string): string | null => {
  try {
    return new Intl.Locale(locale).maximize().region ?? null;
  } catch {
    return null;
  }
};

/**
 * A new wallet's currency (issue 27 #11: an English user's wallets started in reais): the group's — the currency most
 * of its active wallets are in — else the person's: the country of their browser's first locale in the interface's
 * language (en-GB → GBP; "en" alone → USD, "pt-BR" → BRL), else the interface language's.
 */
export function defaultCurrency(wallets: readonly Pick<WalletDoc, 'currency' | 'active'>[] | undefined, language: string, locales: readonly string[] = []): string {
  const count = new Map<string, number>();
  for (const w of wallets ?? []) if (w.active !== false && w.currency) count.set(w.currency, (count.get(w.currency) ?? 0) + 1);
  const most = [...count].sort((a, b) => b[1] - a[1])[0];
  if (most) return most[0];
  const lang = language.toLowerCase().split('-')[0];
  const own = language.includes('-') ? language : (locales.find((l) => l.toLowerCase().split('-')[0] === lang && l.includes('-')) ?? language);
  const region = own.includes('-') ? regionOf(own) : null;
  return (region && REGION_CURRENCY[region]) || LANGUAGE_CURRENCY[lang] || 'USD';
}

