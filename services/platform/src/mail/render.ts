import { DEFAULT_LOCALE, Locale, LOCALES, MailJob } from '@app/proto';
import { TEMPLATES } from './templates';
import type { RenderedMail } from './templates/template';

/** A job that can never be rendered (unknown template, missing value): the worker does not retry it. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** The locale a mail is written in: the exact one when there is a translation, pt-* to pt-BR, else en (spec §1). */
export function mailLocale(locale: string | null | undefined): Locale {
  if (!locale) return DEFAULT_LOCALE;
  const exact = LOCALES.find((l) => l.toLowerCase() === locale.toLowerCase());
  if (exact) return exact;
  if (/^pt([-_]|$)/i.test(locale)) return 'pt-BR';
  return DEFAULT_LOCALE;
}

export function renderMail(job: MailJob): RenderedMail {
  const template = TEMPLATES[job.template];
  if (!template) throw new TemplateError(`mail template ${job.template} is not written yet`);
  // the unsubscribe address the worker sends as a header is the one the mail shows
  const vars = job.unsubscribe ? { ...job.vars, unsubscribe: job.unsubscribe } : job.vars;
  const missing = template.vars.filter((name) => typeof vars[name] !== 'string');
  if (missing.length) throw new TemplateError(`mail template ${job.template} needs ${missing.join(', ')}`);
  try {
    return template.locales[mailLocale(job.locale)](vars);
  } catch (err) {
    // templates are pure: one that throws (a value it cannot read, such as a summary's malformed figures) always will
    throw new TemplateError(`mail template ${job.template}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
