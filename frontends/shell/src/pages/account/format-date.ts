// Dates per locale (issue 4): year-month-day in English, day/month/year in Portuguese, with the local time.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const [y, m, day] = [d.getFullYear(), pad(d.getMonth() + 1), pad(d.getDate())];
  return language.startsWith('pt') ? `${day}/${m}/${y} ${time}` : `${y}-${m}-${day} ${time}`;
}
