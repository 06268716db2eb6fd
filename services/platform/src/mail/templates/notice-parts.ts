import type { Locale } from '@app/proto';
import { html, SafeHtml } from './template';

// What the scheduled mails (weekly summary, Free-plan limit notice) share: numbers and dates in the reader's locale,
// the names of the kinds of record, and the footer with the unsubscribe link every one of them carries.

/** 1,234 in English, 1.234 in Portuguese. */
export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'pt-BR' ? 'pt-BR' : 'en-US').format(n);
}

/** A YYYY-MM-DD day as the product shows dates (spec §9): year-month-day in English, day/month/year in Portuguese. */
export function formatDay(day: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return locale === 'pt-BR' ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

// The kinds of record counted for usage (proto KLASSES `counted`), named as the dashboard names them
// (frontends/ui/src/i18n/klass.*.ts); another kind shows its klass.
const KINDS: Record<Locale, Record<string, string>> = {
  en: {
    Account: 'Group',
    Subscription: 'Member',
    Ticket: 'Ticket',
    Comment: 'Comment',
    Customer: 'Customer',
    Equipment: 'Equipment',
    Category: 'Category',
    Contract: 'Contract',
    Estimate: 'Estimate',
    Maintenance: 'Maintenance',
    Wallet: 'Wallet',
    Income: 'Income',
    Outgo: 'Expense',
    Transfer: 'Transfer',
    Exchange: 'Exchange',
    Handbook: 'Handbook',
  },
  'pt-BR': {
    Account: 'Grupo',
    Subscription: 'Membro',
    Ticket: 'Chamado',
    Comment: 'Comentário',
    Customer: 'Cliente',
    Equipment: 'Equipamento',
    Category: 'Categoria',
    Contract: 'Contrato',
    Estimate: 'Orçamento',
    Maintenance: 'Manutenção',
    Wallet: 'Carteira',
    Income: 'Receita',
    Outgo: 'Despesa',
    Transfer: 'Transferência',
    Exchange: 'Câmbio',
    Handbook: 'Manual',
  },
};

export function kindName(klass: string, locale: Locale): string {
  return KINDS[locale][klass] ?? klass;
}

/** Text lines "label ....... value" with the values right-aligned in one column. */
export function alignedLines(rows: Array<[string, string]>, indent = '  '): string {
  const labelWidth = Math.max(0, ...rows.map(([label]) => label.length));
  const valueWidth = Math.max(0, ...rows.map(([, value]) => value.length));
  return rows.map(([label, value]) => `${indent}${label.padEnd(labelWidth + 2)}${value.padStart(valueWidth)}`).join('\n');
}

/** The small print under a scheduled mail: why it came, and the link that stops it. */
export function footerHtml(why: string, stop: string, href: string): SafeHtml {
  return html`<p style="color: #666; font-size: 13px; border-top: 1px solid #e5e5e5; padding-top: 16px; margin-top: 32px;">${why}
<a href="${href}" style="color: #1c7ed6;">${stop}</a></p>`;
}

export const cell = 'padding: 6px 8px; border-bottom: 1px solid #eee;';
export const numberCell = `${cell} text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap;`;
