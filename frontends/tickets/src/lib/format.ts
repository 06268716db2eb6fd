import { DEFAULT_CURRENCY, formatMoney as uiFormatMoney, moneyLocale } from '@app/ui';

// Dates and money per locale: year-month-day in English, day/month/year in Portuguese (spec §9); money through
// @app/ui's format, with the currency.
const pad = (n: number) => String(n).padStart(2, '0');
const isPt = (language: string) => language.toLowerCase().startsWith('pt');

/** A calendar date (YYYY-MM-DD, or the date part of an ISO time) in the language's order; '' when there is none. */
export function formatDate(value: string | undefined | null, language: string): string {
  if (!value || typeof value !== 'string') return '';
  let y: string, m: string, d: string;
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) [, y, m, d] = plain;
  else {
    const t = new Date(value);
    if (Number.isNaN(t.getTime())) return '';
    [y, m, d] = [String(t.getFullYear()), pad(t.getMonth() + 1), pad(t.getDate())];
  }
  return isPt(language) ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** A point in time (ISO) as the language's date with the local hours and minutes. */
export function formatDateTime(value: string | undefined | null, language: string): string {
  if (!value) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  return `${formatDate(value, language)} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** An amount (currency units, as the service stores it) with the group's currency, through @app/ui's one money
 * format: "US$ 1,234.50" (en), "US$ 1.234,50" (pt-BR). */
export function formatMoney(value: unknown, language: string, currency: string = DEFAULT_CURRENCY): string {
  return uiFormatMoney(value, language, currency);
}

/** A quantity with the language's separators and up to 3 decimals: 1.5 → "1.5" (en), "1,5" (pt-BR). */
export function formatQuantity(value: unknown, language: string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? new Intl.NumberFormat(moneyLocale(language), { maximumFractionDigits: 3 }).format(n) : '';
}

/** Today in the local calendar as YYYY-MM-DD, optionally moved by `days`. */
export function isoDay(days = 0, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A CPF (11 digits) or CNPJ (14 digits) stored as digits, shown with its punctuation; anything else as it is. */
export function formatDocument(value: unknown): string {
  const s = typeof value === 'string' ? value : value == null ? '' : String(value);
  const d = s.replace(/\D/g, '');
  if (d.length === 11 && d === s) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14 && d === s) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return s;
}
