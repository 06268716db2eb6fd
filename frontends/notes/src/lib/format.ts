// Dates per language: year-month-day in English, day/month/year in Portuguese (as the other modules show them).
const pad = (n: number) => String(n).padStart(2, '0');
const isPt = (language: string) => language.toLowerCase().startsWith('pt');

/** A moment (ISO timestamp) as a local date and time: "2026-05-10 14:05", "10/05/2026 14:05"; '' when there is none. */
export function formatDateTime(value: string | undefined | null, language: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const day = isPt(language) ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A moment as a local date only. */
export function formatDate(value: string | undefined | null, language: string): string {
  return formatDateTime(value, language).split(' ')[0] ?? '';
}

/** The host of a URL ("https://www.example.com/a" → "www.example.com"), or the text itself when it is none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** A size in bytes as people read it: "1.9 MB" ("1,9 MB" in Portuguese), megabytes of 1,000,000 bytes. */
export function formatMegabytes(bytes: number, language: string): string {
  return `${new Intl.NumberFormat(isPt(language) ? 'pt-BR' : 'en', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;
}
