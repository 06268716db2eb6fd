import { estimateTotal as protoEstimateTotal, ticketTitle, TICKET_TITLE_MAX, type CONTRACT_RECEIPT, type TicketDoc, type TicketPriority, type TicketStatus } from '@app/proto';

// The ticket rules the screens show (spec §3, §4, §9 and the tickets-module contract).

export { TICKET_STATUSES as STATUSES, TICKET_KINDS as KINDS } from '@app/proto';
/** Priorities as the screens list them: high first. */
export const PRIORITIES = ['high', 'medium', 'low'] as const satisfies readonly TicketPriority[];

export const TITLE_MAX = TICKET_TITLE_MAX;

/** The title the server gives a ticket without one: the first non-empty line of the reported problem, cut to 60
 * (the service's own function). */
export const titleFromContent = (content: string | undefined | null): string => ticketTitle(content ?? '');

/** Mantine colours of the statuses and priorities (board columns, badges). */
export const STATUS_COLOR: Record<TicketStatus, string> = {
  open: 'blue',
  block: 'red',
  doing: 'yellow',
  review: 'grape',
  done: 'green',
  cancel: 'gray',
};
export { PRIORITY_COLOR } from '@app/ui';

export const ticketLabel = (t: Partial<Pick<TicketDoc, 'number' | 'title'>>) => `#${t.number ?? '?'} ${t.title ?? ''}`.trim();

export type ContractReceiptSetting = (typeof CONTRACT_RECEIPT)[number];

/**
 * The contract receipt (spec §2 features): "always" shows it for every ticket; "on-demand" (the default) only for a
 * ticket with a contract.
 */
export function contractReceiptVisible(setting: unknown, ticket: Pick<TicketDoc, 'contract_id'>): boolean {
  if (setting === 'always') return true;
  return !!ticket.contract_id;
}

/** Items of an estimate: Σ quantity × value, rounded to cents (what the server stores as total). */
export function estimateTotal(items: ReadonlyArray<{ quantity?: unknown; value?: unknown }> | undefined): number {
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v)) || 0;
  return protoEstimateTotal((items ?? []).map((i) => ({ quantity: num(i.quantity), value: num(i.value) })));
}

export const lineTotal = (item: { quantity?: unknown; value?: unknown }) => estimateTotal([item]);

/** A term typed in the search box as the service's search selector: lowercase, regex-escaped. */
/** The server takes a $regex of at most 200 characters; escaping at most doubles what is typed. */
export const SEARCH_TEXT_MAX = 100;

export function searchRegex(term: string): string {
  return term.trim().toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
