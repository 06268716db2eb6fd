// Dates per language: year-month-day in English, day/month/year in Portuguese (as the tickets screens show them);
// months as the month view names them.
const pad = (n: number) => String(n).padStart(2, '0');
const isPt = (language: string) => language.toLowerCase().startsWith('pt');

/** A calendar date (yyyy-mm-dd) in the language's order; '' when there is none, as it is when unreadable. */
export function formatDate(value: string | undefined | null, language: string): string {
  if (!value || typeof value !== 'string') return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!plain) return value;
  const [, y, m, d] = plain;
  return isPt(language) ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** Today in the local calendar as yyyy-mm-dd. */
export function isoDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month (yyyy-mm) of a query value, or this month when it is none or malformed. */
export function monthOf(value: string | null | undefined, now: Date = new Date()): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return value;
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

/** The month `delta` months from yyyy-mm: shiftMonth('2026-01', -1) → '2025-12'. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** A month named in the language, as a title: "May 2026", "Maio de 2026". */
export function monthLabel(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  const text = new Intl.DateTimeFormat(isPt(language) ? 'pt-BR' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
  // only the first letter: a capitalised title would read "Maio De 2026"
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A calendar date (yyyy-mm-dd) in words, in the language: "January 10, 2024", "10 de janeiro de 2024". */
export function longDate(value: string, language: string): string {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!plain) return value;
  const [, y, m, d] = plain.map(Number);
  return new Intl.DateTimeFormat(isPt(language) ? 'pt-BR' : 'en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A moment (ISO timestamp) as a date in the language's order and a local time: "2026-05-10 14:05", "10/05/2026 14:05". */
export function formatDateTime(value: string | undefined | null, language: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatDate(isoDay(d), language)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
