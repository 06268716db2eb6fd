import { moneyLocale, pluralCategory } from '@app/ui';

// Sizes in decimal units (spec §9: drive storage is counted in decimal units, 1 GB = 1,000,000,000 bytes) and dates per
// language: year-month-day in English, day/month/year in Portuguese, as the tickets screens show them.

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * 1234 → "1.2 kB" (en), "1,2 kB" (pt-BR); under 1000: "999 bytes", "1 byte", "0 bytes" — the word chosen by
 * Intl.PluralRules, but for 0, which Portuguese's rule puts with 1 ("0 byte", as Intl's own unit format writes it).
 */
export function formatBytes(bytes: number | null | undefined, language: string): string {
  const locale = moneyLocale(language);
  const n = typeof bytes === 'number' && Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (n < 1000) return `${new Intl.NumberFormat(locale).format(n)} ${pluralCategory(n, locale) === 'one' ? 'byte' : 'bytes'}`;
  let unit = -1;
  let value = n;
  // one decimal: 999,950 bytes is "1 MB", not "1,000 kB"
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** The share of the quota used, 0–1 (0 without a quota). */
export function usedShare(bytes: number, quota: number): number {
  if (!(quota > 0)) return 0;
  return Math.min(1, Math.max(0, bytes / quota));
}

/** 0.123 → "12.3%" (en), "12,3%" (pt-BR). */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(moneyLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A point in time (ISO) as the language's date with the local hours and minutes; '' when there is none. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return '';
  const [y, m, d] = [String(t.getFullYear()), pad(t.getMonth() + 1), pad(t.getDate())];
  const date = moneyLocale(language) === 'pt-BR' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
  return `${date} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** A whole number with the language's separators: 1234567 → "1,234,567" (en), "1.234.567" (pt-BR). */
export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(moneyLocale(language), { maximumFractionDigits: 0 }).format(n);
}
