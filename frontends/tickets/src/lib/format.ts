// Dates and money per locale (the brief): year-month-day in English, day/month/year in Portuguese; money with two
// decimals in the language's number format.
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

/** 1234.5 → "1,234.50" (en) or "1.234,50" (pt-BR). */
export function formatMoney(value: unknown, language: string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return new Intl.NumberFormat(isPt(language) ? 'pt-BR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number.isFinite(n) ? n : 0,
  );
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
