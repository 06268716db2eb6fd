import { MAX_EXACT_MINOR, minorBigInt } from '@app/proto';
import { currencyDigits, currencySymbol, formatMinorMoney, moneyLocale } from '@app/ui';

// Money in the finance screens: every amount is an integer number of the wallet's minor units (proto/src/finance.ts);
// the wallet's currency and precision decide how it is typed and shown.

/** What decides how a wallet's amounts read: its currency and its own precision, if any. */
export interface Denomination {
  currency?: string;
  precision?: number | null;
}

/** A wallet's decimals: its precision when set, else its currency's (USD 2, JPY 0, BHD 3). */
export function walletDigits(wallet: Denomination | undefined | null): number {
  if (!wallet) return 2;
  return typeof wallet.precision === 'number' && Number.isInteger(wallet.precision) ? wallet.precision : currencyDigits(wallet.currency || NO_CURRENCY);
}

/** An amount in minor units with its wallet's currency sign, in the user's language: "R$ 1.234,56"; exact at any size. */
export function formatWalletMoney(minor: unknown, language: string, wallet: Denomination | undefined | null): string {
  return formatExactMoney(minor, language, wallet?.currency || NO_CURRENCY, walletDigits(wallet));
}

/**
 * An amount in minor units as formatMinorMoney shows it, exact at any size: a sum past 2^53 (a BigInt, or the string
 * the service answers it as) is written from its digits, never through a floating-point division (issue 27 #6:
 * "…000,00" for 9009000000000001 cents).
 */
export function formatExactMoney(minor: unknown, language: string, currency: string, digits: number): string {
  const exact = minorBigInt(minor);
  if (exact === null || (exact >= -BigInt(MAX_EXACT_MINOR) && exact <= BigInt(MAX_EXACT_MINOR))) return formatMinorMoney(exact === null ? 0 : Number(exact), language, currency, digits);
  const negative = exact < 0n;
  const units = (negative ? -exact : exact).toString().padStart(digits + 1, '0');
  const decimal = digits > 0 ? `${units.slice(0, -digits)}.${units.slice(-digits)}` : units;
  // Intl formats a decimal string exactly (ECMA-402's "exact decimal" strings)
  const amount = new Intl.NumberFormat(moneyLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(decimal as Intl.StringNumericLiteral);
  const text = `${currencySymbol(currency, language)}\u00a0${amount}`;
  return negative ? `-${text}` : text;
}

/** ISO 4217's "no currency" (Intl shows ¤): the sign of an amount typed before its wallet is chosen. */
export const NO_CURRENCY = 'XXX';

/**
 * The same amount at other decimals: 1055 at 2 is 10550 at 3 and 11 at 0 (rounded: a currency without cents can't
 * hold them). Used when a form's wallet (and so its decimals) changes under an amount already typed.
 */
export function rescale(minor: number | undefined, from: number, to: number): number | undefined {
  if (minor === undefined || !Number.isFinite(minor) || from === to) return minor;
  return to > from ? minor * 10 ** (to - from) : Math.round(minor / 10 ** (from - to));
}

/** The currencies offered first (the product's users are mostly in Brazil, then dollars and euros). */
export const FIRST_CURRENCIES = ['BRL', 'USD', 'EUR'] as const;

/** Every ISO 4217 code the browser knows, BRL, USD and EUR first, the rest alphabetical. */
export function currencyCodes(): string[] {
  let all: string[];
  try {
    all = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('currency');
  } catch {
    // an older browser: the three offered first
    all = [];
  }
  const rest = all.filter((c) => !(FIRST_CURRENCIES as readonly string[]).includes(c)).sort();
  return [...FIRST_CURRENCIES, ...rest];
}

/** A currency's name in the user's language ("Brazilian Real", "Real brasileiro"), or the code. */
export function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
