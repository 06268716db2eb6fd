import { protoEstimateTotal, ticketTitle, TICKET_TITLE_MAX } from './brazil-documents';

// The ticket rules the screens show (spec §3, §4, §9 and the tickets-module contract).

export const STATUSES = ['open', 'block', 'doing', 'review', 'done', 'cancel'] as const;
export type Status = (typeof STATUSES)[number];
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const KINDS = ['chore', 'bug', 'story'] as const;
export type Kind = (typeof KINDS)[number];

export interface ChecklistItem {
  text: string;
  checked: boolean;
}
export interface StatusEvent {
  status: Status;
  from?: Status | null;
  user_id?: string | null;
  user_label?: string | null;
  at: string;
}

export interface Ticket {
  _id: string;
  _rev: string;
  klass: 'Ticket';
  number?: number;
  title?: string;
  content?: string;
  problem?: string;
  priority?: Priority;
  ticket_kind?: Kind;
  status?: Status;
  estimation?: string;
  category_id?: string;
  customer_id?: string;
  contract_id?: string;
  equipment_id?: string;
  equipment_observation?: string;
  reviewer_id?: string;
  technical_id?: string;
  relate_equipment_to_customer?: boolean;
  checklist?: ChecklistItem[];
  status_events?: StatusEvent[];
  customer_name?: string;
  equipment_identifier?: string;
  label?: string;
  created_at?: string;
  updated_at?: string;
}

export const TITLE_MAX = TICKET_TITLE_MAX;

/** The title the server gives a ticket without one: the first non-empty line of the reported problem, cut to 60
 * (the service's own function). */
export const titleFromContent = (content: string | undefined | null): string => ticketTitle(content ?? '');

/** Mantine colours of the statuses and priorities (board columns, badges). */
export const STATUS_COLOR: Record<Status, string> = {
  open: 'blue',
  block: 'red',
  doing: 'yellow',
  review: 'grape',
  done: 'green',
  cancel: 'gray',
};
export { PRIORITY_COLOR } from '@app/ui';

export const ticketLabel = (t: Pick<Ticket, 'number' | 'title'>) => `#${t.number ?? '?'} ${t.title ?? ''}`.trim();

export type ContractReceiptSetting = 'on-demand' | 'always';

/**
 * The contract receipt (spec §2 features): "always" shows it for every ticket; "on-demand" (the default) only for a
 * ticket with a contract.
 */
export function contractReceiptVisible(setting: unknown, ticket: Pick<Ticket, 'contract_id'>): boolean {
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
