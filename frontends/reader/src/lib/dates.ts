// point_at on the feed's lines, in the browser's time zone. English keeps spec §2's 'MMM do yyyy' ("May 5th 2026":
// the month's short name, the day as an ordinal chosen by Intl.PluralRules' ordinal rule). Portuguese follows spec
// §9's day-month-year through Intl.DateTimeFormat ("5 de mai. de 2026"): date-fns's 'MMM do yyyy' in pt-BR gave
// "mai 5º 2026", which reads as a mistake to a Brazilian (docs/decisions.md, "Web app: the walk's list").

const monthNames = new Map<string, Intl.DateTimeFormat>();

function shortMonth(date: Date, language: string): string {
  let format = monthNames.get(language);
  if (!format) monthNames.set(language, (format = new Intl.DateTimeFormat(language, { month: 'short' })));
  return format.format(date).replace(/\.$/, '');
}

const EN_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const enOrdinal = new Intl.PluralRules('en', { type: 'ordinal' });

/** A day of the month as an ordinal: 1st, 2nd, 3rd, 11th, 22nd in English; 1º in Portuguese. */
export function ordinalDay(day: number, language: string): string {
  if (/^pt/i.test(language)) return `${day}º`;
  return `${day}${EN_SUFFIX[enOrdinal.select(day)] ?? 'th'}`;
}

const ptDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });

/** point_at as the feed shows it ('MMM do yyyy' in English, day-month-year in Portuguese), or '' when it is not a date. */
export function formatPointAt(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (/^pt/i.test(language)) return ptDate.format(date);
  return `${shortMonth(date, 'en')} ${ordinalDay(date.getDate(), 'en')} ${date.getFullYear()}`;
}

/** A date and time as the user's language writes it (the subscription's last and next check). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(/^pt/i.test(language) ? 'pt-BR' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
