import { toLanguage } from '../i18n';

// Numbers as a person types them, in their language: the one reading rule under every number the web app takes from a
// text box — amounts (rules/money.ts) and plain numbers (quantities, days). A native number input read "1,5" as 15
// in Chromium's en-US and nobody was told; these rules never re-read a separator silently.

/** The language's decimal and group separators. */
export function numberSeparators(language: string): { decimal: string; group: string } {
  return toLanguage(language) === 'pt-BR' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };
}

const SPACES = /[\s\u00a0\u202f]/;

/** A typed number taken apart: its sign, the integer digits and the fraction digits (no separators). */
export interface NumberDigits {
  negative: boolean;
  int: string;
  frac: string;
}

/**
 * Reads `text` with `decimal` as the decimal separator and `group` (or spaces) between thousands: the integer part's
 * groups after the first must have 3 digits. Gives the integer and fraction digits, or null when it can't be read so.
 */
function readWith(text: string, decimal: string, group: string): { int: string; frac: string } | null {
  const at = text.indexOf(decimal);
  if (at !== text.lastIndexOf(decimal)) return null;
  const intText = at === -1 ? text : text.slice(0, at);
  const frac = at === -1 ? '' : text.slice(at + 1);
  if (!/^\d*$/.test(frac)) return null;
  const groups = intText.split(new RegExp(`[${group === '.' ? '\\.' : group}\\s\\u00a0\\u202f]`));
  if (groups.length > 1) {
    // grouped: 1–3 digits first, then groups of exactly 3, one kind of separator
    const seps = new Set(intText.replace(/\d/g, '').split('').map((c) => (SPACES.test(c) ? ' ' : c)));
    if (seps.size > 1 || !/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
  } else if (!/^\d*$/.test(intText)) return null;
  const int = groups.join('');
  if (int === '' && frac === '') return null;
  return { int, frac };
}

/**
 * The digits of a typed number in `language` (decided in docs/decisions.md "Money", the same for every number):
 * - read first with the language's own separators: pt-BR "1.234,56", "1,5", "1.234" (= 1234); en "1,234.56", "1.5",
 *   "1,234" (= 1234);
 * - only when that reading is impossible, with the other language's: "1.5" in pt-BR is 1,5 and "1,5" in en is 1.5
 *   (a 1-digit group is no thousands group) — never 15;
 * - spaces may group thousands, a leading minus is kept in `negative`; anything else ("7,5,0", "12a", "1e3", "+5") is
 *   unreadable.
 * Gives null for blank text, 'invalid' for what it cannot read.
 */
export function readNumberDigits(text: string, language: string): NumberDigits | null | 'invalid' {
  let s = text.trim();
  if (s === '') return null;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  if (!/^[\d.,\s\u00a0\u202f]+$/.test(s) || !/\d/.test(s) || SPACES.test(s[0]) || SPACES.test(s[s.length - 1])) return 'invalid';
  const own = numberSeparators(language);
  const read = readWith(s, own.decimal, own.group) ?? readWith(s, own.group, own.decimal);
  return read ? { negative, ...read } : 'invalid';
}

export type NumberProblem = 'invalid' | 'not-integer' | 'decimals' | 'negative' | 'too-large';

export type ParsedNumber =
  /** `value`: null when nothing was typed */
  { ok: true; value: number | null } | { ok: false; problem: NumberProblem };

export interface NumberRules {
  /** whole numbers only ("5,0" is 5; "1,5" is refused) */
  integer?: boolean;
  /** at most this many decimals */
  maxDecimals?: number;
  allowNegative?: boolean;
}

/** A number typed in `language` (readNumberDigits), refused with the reason when it breaks `rules`. */
export function parseNumber(text: string, language: string, rules: NumberRules = {}): ParsedNumber {
  const digits = readNumberDigits(text, language);
  if (digits === null) return { ok: true, value: null };
  if (digits === 'invalid') return { ok: false, problem: 'invalid' };
  const frac = digits.frac.replace(/0+$/, '');
  if (rules.integer && frac !== '') return { ok: false, problem: 'not-integer' };
  if (rules.maxDecimals !== undefined && frac.length > rules.maxDecimals) return { ok: false, problem: 'decimals' };
  const int = digits.int.replace(/^0+(?=\d)/, '');
  // beyond 15 significant digits a double no longer holds the number exactly
  if (int.length + frac.length > 15) return { ok: false, problem: 'too-large' };
  const value = Number(`${int || '0'}.${frac || '0'}`);
  if (digits.negative && value !== 0 && !rules.allowNegative) return { ok: false, problem: 'negative' };
  return { ok: true, value: digits.negative && value !== 0 ? -value : value };
}

/** A number with the language's decimal separator and no grouping, as a number input shows it: 1.5 → "1,5" in pt-BR. */
export function formatNumberInput(value: number, language: string, maxDecimals = 6): string {
  return new Intl.NumberFormat(toLanguage(language) === 'pt-BR' ? 'pt-BR' : 'en-US', { maximumFractionDigits: maxDecimals, useGrouping: false }).format(value);
}
