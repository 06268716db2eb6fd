import type { QrRuns } from '../status-links/qr';
import { receiptLabels, ReceiptLocale } from './receipt-i18n';

// The plain models the receipt PDFs are drawn from (receipt-pdf.ts), built from stored documents by pure functions:
// every value is already the text to print (dates in the caller's locale and time zone, money with its currency), so
// the layout only places strings and tests can check either half.

export interface ShopHeader {
  name: string;
  /** one line each: "number (description)", the main one first */
  phones: string[];
  /** one line each: "street, number, complement - neighborhood - city/state - zip", the main one first */
  addresses: string[];
  /** the account's receipt-configuration text (printed on service and contract receipts) */
  receiptText: string;
  /** the account's estimate-observation text (printed on estimates) */
  estimateText: string;
}

export interface PartyModel {
  name: string;
  /** "CPF 123.456.789-09 · RG 12.345" */
  document: string;
  email: string;
}

interface Common {
  locale: ReceiptLocale;
  shop: ShopHeader;
  /** when printed, as printed */
  date: string;
}

export interface ServiceReceiptModel extends Common {
  kind: 'service';
  /** "#42" */
  number: string;
  title: string;
  customer: PartyModel | null;
  equipment: { identifier: string; maker: string; description: string } | null;
  equipmentObservation: string;
  reported: string;
  found: string;
  status: string;
  /** the ticket's status page (issue 31), printed on both copies as its address and QR code; null: none to print */
  statusLink: { url: string; qr: QrRuns } | null;
}

export interface ContractReceiptModel extends Common {
  kind: 'contract';
  ticketNumber: string;
  ticketTitle: string;
  customer: PartyModel | null;
  /** null: the account prints contract receipts always and this ticket has no contract (a blank form) */
  contract: { description: string; paymentKind: string; items: { number: string; content: string }[] } | null;
}

export interface EstimateModel extends Common {
  kind: 'estimate';
  number: string;
  description: string;
  /** "#42" of the ticket the estimate is for, or '' */
  ticketNumber: string;
  customer: PartyModel | null;
  items: { description: string; quantity: string; unitValue: string; amount: string }[];
  total: string;
  observation: string;
}

export type ReceiptModel = ServiceReceiptModel | ContractReceiptModel | EstimateModel;

export interface FormatOptions {
  locale: ReceiptLocale;
  /** IANA zone the dates are shown in; UTC when absent or unknown */
  timeZone?: string;
}

type Fields = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function validTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/**
 * A point in time as the day it was in the caller's time zone, written as the web app's receipt page writes it (spec §9:
 * year-month-day in English, day/month/year in Portuguese): "2026-11-26" (en), "26/11/2026" (pt-BR); '' for a missing
 * or bad date.
 */
export function formatDate(iso: unknown, opts: FormatOptions): string {
  if (typeof iso !== 'string') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: validTimeZone(opts.timeZone), year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return opts.locale === 'pt-BR' ? `${part('day')}/${part('month')}/${part('year')}` : `${part('year')}-${part('month')}-${part('day')}`;
}

/** The currency of every amount: groups name none, and spec §9 says money defaults to USD, shown with a US$ prefix
 * (the web app's @app/ui DEFAULT_CURRENCY; services cannot import it). */
export const RECEIPT_CURRENCY = 'USD';

/**
 * An amount as the web app shows it (@app/ui formatMoney): the currency's sign, a space, two decimals with the locale's
 * separators — "US$ 1,234.50" (en), "US$ 1.234,50" (pt-BR).
 */
export function formatMoney(value: number, locale: ReceiptLocale, currency: string = RECEIPT_CURRENCY): string {
  const amount = Number.isFinite(value) ? value : 0;
  const f = new Intl.NumberFormat(locale === 'pt-BR' ? 'pt-BR' : 'en-US', { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  const symbol = currency === 'USD' ? 'US$' : (f.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency);
  const number = new Intl.NumberFormat(locale === 'pt-BR' ? 'pt-BR' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}${symbol}\u00a0${number}`;
}

function formatQuantity(value: number, locale: ReceiptLocale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}

const digits = (v: unknown) => str(v).replace(/\D/g, '');

function formatCpf(v: unknown): string {
  const d = digits(v);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : str(v);
}

function formatCnpj(v: unknown): string {
  const d = digits(v);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : str(v);
}

export function partyOf(customer: Fields | null): PartyModel | null {
  if (!customer) return null;
  const docs = [
    str(customer.cpf) && `CPF ${formatCpf(customer.cpf)}`,
    str(customer.cnpj) && `CNPJ ${formatCnpj(customer.cnpj)}`,
    str(customer.document),
  ].filter(Boolean);
  const name = str(customer.name) || str(customer.company_name) || str(customer.short_name);
  return { name, document: docs.join(' · '), email: str(customer.email) };
}

/** A phones/addresses configuration value: JSON text of a list (or the list itself); anything else is no entries. */
function listOf(value: unknown): Fields[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const entries = list.filter((e): e is Fields => !!e && typeof e === 'object' && !Array.isArray(e) && e.marktodelete !== true);
  // the main entry first, the others in their order
  return [...entries.filter((e) => e.main === true), ...entries.filter((e) => e.main !== true)];
}

export function phoneLine(p: Fields): string {
  const number = str(p.number);
  const description = str(p.description);
  return number && description ? `${number} (${description})` : number || description;
}

export function addressLine(a: Fields): string {
  const street = [str(a.street), str(a.number)].filter(Boolean).join(', ');
  const first = [street, str(a.complement)].filter(Boolean).join(', ');
  const city = [str(a.city), str(a.state)].filter(Boolean).join('/');
  return [first, str(a.neighborhood), city, str(a.zip_code)].filter(Boolean).join(' - ');
}

/** The shop's header from the account's name and its AccountConfiguration documents ({key, value}). */
export function shopOf(accountName: unknown, configs: Fields[]): ShopHeader {
  const value = (key: string) => configs.find((c) => c.key === key)?.value;
  return {
    name: str(accountName),
    phones: listOf(value('phones')).map(phoneLine).filter(Boolean),
    addresses: listOf(value('addresses')).map(addressLine).filter(Boolean),
    receiptText: typeof value('receipt-configuration') === 'string' ? (value('receipt-configuration') as string).trim() : '',
    estimateText: typeof value('estimate-observation') === 'string' ? (value('estimate-observation') as string).trim() : '',
  };
}

const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? `#${v}` : str(v) ? `#${str(v)}` : '');

export function serviceReceipt(
  ticket: Fields,
  related: { customer: Fields | null; equipment: Fields | null },
  shop: ShopHeader,
  opts: FormatOptions,
  statusLink: ServiceReceiptModel['statusLink'] = null,
): ServiceReceiptModel {
  const labels = receiptLabels(opts.locale);
  const eq = related.equipment;
  const status = str(ticket.status) || 'open';
  return {
    kind: 'service',
    locale: opts.locale,
    shop,
    date: formatDate(ticket.created_at, opts),
    number: numberOf(ticket.number),
    title: str(ticket.title),
    customer: partyOf(related.customer) ?? (str(ticket.customer_name) ? { name: str(ticket.customer_name), document: '', email: '' } : null),
    equipment: eq
      ? { identifier: str(eq.identifier), maker: str(eq.maker), description: str(eq.description) }
      : str(ticket.equipment_identifier)
        ? { identifier: str(ticket.equipment_identifier), maker: '', description: '' }
        : null,
    equipmentObservation: str(ticket.equipment_observation),
    reported: str(ticket.content),
    found: str(ticket.problem),
    status: labels.statuses[status] ?? status,
    statusLink,
  };
}

export function contractReceipt(ticket: Fields, related: { customer: Fields | null; contract: Fields | null }, shop: ShopHeader, opts: FormatOptions): ContractReceiptModel {
  const c = related.contract;
  const items = c && Array.isArray(c.items) ? (c.items as unknown[]).filter((i): i is Fields => !!i && typeof i === 'object') : [];
  return {
    kind: 'contract',
    locale: opts.locale,
    shop,
    date: formatDate(ticket.created_at, opts),
    ticketNumber: numberOf(ticket.number),
    ticketTitle: str(ticket.title),
    // the contract's customer first: it is the party of the contract
    customer: partyOf(related.customer) ?? (str(ticket.customer_name) ? { name: str(ticket.customer_name), document: '', email: '' } : null),
    contract: c
      ? {
          description: str(c.description),
          paymentKind: str(c.payment_kind),
          items: items.map((i) => ({ number: str(i.number), content: str(i.content) })),
        }
      : null,
  };
}

const amountOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
/** cents, so sums of many items do not drift */
const cents = (v: number) => Math.round(v * 100);

export function estimateModel(estimate: Fields, related: { customer: Fields | null; ticket: Fields | null }, shop: ShopHeader, opts: FormatOptions): EstimateModel {
  const raw = Array.isArray(estimate.items) ? (estimate.items as unknown[]).filter((i): i is Fields => !!i && typeof i === 'object') : [];
  let total = 0;
  const items = raw.map((i) => {
    const quantity = amountOf(i.quantity);
    const value = amountOf(i.value);
    const amount = cents(quantity * value);
    total += amount;
    return {
      description: str(i.description),
      quantity: formatQuantity(quantity, opts.locale),
      unitValue: formatMoney(value, opts.locale),
      amount: formatMoney(amount / 100, opts.locale),
    };
  });
  return {
    kind: 'estimate',
    locale: opts.locale,
    shop,
    date: formatDate(estimate.created_at, opts),
    number: numberOf(estimate.number),
    description: str(estimate.description),
    ticketNumber: related.ticket ? numberOf(related.ticket.number) : '',
    customer: partyOf(related.customer),
    items,
    total: formatMoney(total / 100, opts.locale),
    observation: str(estimate.observation),
  };
}

/** The download's file name. */
export function receiptFilename(model: ReceiptModel): string {
  const n = (s: string) => s.replace(/^#/, '').replace(/[^A-Za-z0-9_-]/g, '') || 'draft';
  switch (model.kind) {
    case 'service':
      return `ticket-${n(model.number)}-receipt.pdf`;
    case 'contract':
      return `ticket-${n(model.ticketNumber)}-contract.pdf`;
    case 'estimate':
      return `estimate-${n(model.number)}.pdf`;
  }
}
