import { toLanguage } from '../i18n';
import { numberSeparators, readNumberDigits } from './number';

// Money in the web app: one rule to read what a person types and one to show an amount, both in the user's language.
// Amounts are exact in integer minor units (cents) while read; `toMajor` gives the decimal number the tickets service
// stores (spec §3 estimate items: JSON numbers in currency units, e.g. 75.5).

/** The currency when a group names none: spec §9 "money defaults to USD with 2 decimals, USD shows a US$ prefix".
 * Groups have no currency setting (proto ACCOUNT_CONFIG_KEYS), so every amount is in this one for now. */
export const DEFAULT_CURRENCY = 'USD';

/** The Intl locale of an interface language ('en' → en-US, 'pt-BR'). */
export const moneyLocale = (language: string | null | undefined): string => (toLanguage(language) === 'pt-BR' ? 'pt-BR' : 'en-US');

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** How many decimals a currency has (USD, BRL 2; JPY 0), as Intl knows it; 2 for a code Intl refuses. */
export function currencyDigits(currency: string = DEFAULT_CURRENCY): number {
  try {
    return numberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The currency's sign as shown before amounts: US$ for USD in every language (spec §9), ¤ for XXX (no currency),
 * else the language's symbol (R$ for BRL). */
export function currencySymbol(currency: string = DEFAULT_CURRENCY, language?: string): string {
  if (currency === 'USD') return 'US$';
  // ISO 4217's "no currency" (an amount typed before its currency is known): the generic sign, which browsers
  // otherwise show as the letters XXX
  if (currency === 'XXX') return '¤';
  try {
    const part = numberFormat(moneyLocale(language), { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    // a code Intl refuses (a stored record's odd currency) is shown as it is
    return currency;
  }
}

/** A number with the language's separators and exactly `digits` decimals, no currency: 1234.5 → "1,234.50" / "1.234,50". */
export function formatAmount(value: number, language: string, digits = 2): string {
  return numberFormat(moneyLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Number.isFinite(value) ? value : 0);
}

/**
 * Every amount the web app shows: the currency's sign, a no-break space, the amount in the language's format —
 * "US$ 1,234.50" (en), "US$ 1.234,50" (pt-BR). `value` is in currency units (what the tickets service stores); not
 * a finite number shows as 0. `digits` overrides the currency's decimals (a finance wallet may keep another precision).
 */
export function formatMoney(value: unknown, language: string, currency: string = DEFAULT_CURRENCY, digits: number = currencyDigits(currency)): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  const amount = Number.isFinite(n) ? n : 0;
  const text = `${currencySymbol(currency, language)}\u00a0${formatAmount(Math.abs(amount), language, digits)}`;
  return amount < 0 ? `-${text}` : text;
}

/** An amount kept in integer minor units (finance: cents of the wallet's currency, `digits` decimals) as formatMoney
 * shows it: 123456 BRL → "R$ 1.234,56" (pt-BR). */
export function formatMinorMoney(minor: unknown, language: string, currency: string = DEFAULT_CURRENCY, digits: number = currencyDigits(currency)): string {
  const n = typeof minor === 'number' && Number.isFinite(minor) ? minor : 0;
  return formatMoney(toMajor(n, digits), language, currency, digits);
}

export const toMajor = (minor: number, digits = 2): number => minor / 10 ** digits;
export const toMinor = (major: number, digits = 2): number => Math.round(major * 10 ** digits);

export type MoneyProblem = 'invalid' | 'decimals' | 'negative' | 'too-large';

export type ParsedMoney =
  /** `minor`: integer minor units; null when nothing was typed */
  | { ok: true; minor: number | null }
  | { ok: false; problem: MoneyProblem };

/** The language's decimal and group separators (the same for every number: rules/number.ts). */
export const moneySeparators = numberSeparators;

/**
 * What a person typed as an amount, in their language (decided in docs/decisions.md "Money"; the digits are read by
 * rules/number.ts, the rule of every typed number):
 * - read first with the language's own separators: pt-BR "1.234,56", "75,50", "1.234" (= 1234); en "1,234.56",
 *   "75.50", "1,234" (= 1234);
 * - only when that reading is impossible, with the other language's: "75.50" in pt-BR is 75,50 (a 2-digit group is no
 *   thousands group), "75,50" in en is 75.50, "1.234,56" in en is 1234.56;
 * - more decimals than the currency has ("1,234" or "1,500" in pt-BR, "1.234" in en) are refused, never re-read:
 *   such a text means a different amount in each language; anything else unreadable ("7,5,0", "12a") is refused too;
 * - spaces may group thousands, a leading currency sign (US$, R$, $) is ignored, a minus is refused unless allowed.
 */
export function parseMoney(text: string, language: string, options: { digits?: number; allowNegative?: boolean } = {}): ParsedMoney {
  const digits = options.digits ?? 2;
  const s = text.trim().replace(/^[A-Za-z]{0,3}\$/, '').trim();
  if (s === '') return text.trim() === '' ? { ok: true, minor: null } : { ok: false, problem: 'invalid' };
  const read = readNumberDigits(s, language);
  if (read === null || read === 'invalid') return { ok: false, problem: 'invalid' };
  // "1,500" (pt-BR) or "10.000" (en) is refused even though its extra decimals are zeros: such a text is most
  // likely the other language's thousands
  const frac = read.frac;
  if (frac.length > digits) return { ok: false, problem: 'decimals' };
  const all = (read.int + frac.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  // beyond 15 digits a double no longer holds every cent exactly
  if (all.length > 15) return { ok: false, problem: 'too-large' };
  const minor = Number(all);
  if (read.negative && minor !== 0 && !options.allowNegative) return { ok: false, problem: 'negative' };
  return { ok: true, minor: read.negative && minor !== 0 ? -minor : minor };
}

/** The i18n key of a problem (texts in money.*.ts). */
export const moneyProblemKey = (problem: MoneyProblem): string => `money.${problem}`;
