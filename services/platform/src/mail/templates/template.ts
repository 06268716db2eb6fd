import type { Locale } from '@app/proto';

/** A rendered mail: what the worker hands to SMTP. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One template: the values it needs and, per locale, how it reads. */
export interface MailTemplateDef<V extends string = string> {
  vars: readonly V[];
  locales: Record<Locale, (v: Record<V, string>) => RenderedMail>;
}

export const APP_NAME = 'ServiceDesk';

/** A piece of HTML that is already safe: `html` leaves it alone when it is interpolated. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Tagged template for HTML: every interpolated value is escaped unless it is SafeHtml (or an array of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += toHtml(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

function toHtml(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  return escapeHtml(value === undefined || value === null ? '' : String(value));
}

/** The frame every mail's HTML sits in. */
export function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #222; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
${body}
<p style="color: #888; font-size: 12px; margin-top: 32px;">${APP_NAME}</p>
</body>
</html>
`.value;
}

export function button(href: string, label: string): SafeHtml {
  return html`<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">${label}</a></p>
<p style="font-size: 13px; color: #555;">${href}</p>`;
}

/** "Hello Ana," or "Hello," when the name is empty. */
export function greeting(word: string, name: string): string {
  return name ? `${word} ${name},` : `${word},`;
}
