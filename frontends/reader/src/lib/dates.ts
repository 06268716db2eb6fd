// point_at as 'MMM do yyyy' (spec §2) in the user's language: "May 5th 2026" in English, "mai 5º 2026" in Portuguese
// (date-fns's pattern and its pt-BR locale: the month's short name without its dot, the day as an ordinal), in the
// browser's time zone.

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

/** 'MMM do yyyy' of an ISO date, or '' when it is not one. */
export function formatPointAt(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const lang = /^pt/i.test(language) ? 'pt-BR' : 'en';
  return `${shortMonth(date, lang)} ${ordinalDay(date.getDate(), lang)} ${date.getFullYear()}`;
}

/** A date and time as the user's language writes it (the subscription's last and next check). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(/^pt/i.test(language) ? 'pt-BR' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
