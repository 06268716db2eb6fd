import { CallerContext, ChecklistItem, checklistLines, Doc, StatusEvent, TicketStatus, ticketLabel, ticketTitle } from '@app/proto';
import { actorOf } from '../common/caller';

// The server-set fields of a ticket, without I/O.

/** The title to store: the client's, else (blank) the first non-empty line of the content cut to 60 characters. */
export function titleOf(title: unknown, content: unknown): string {
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : ticketTitle(content);
}

/** A status_events entry: who (user id and label) moved the ticket from `from` to `status`, and when. */
export function statusEvent(ctx: CallerContext, status: TicketStatus, from: TicketStatus | null, at = new Date().toISOString()): StatusEvent {
  const who = actorOf(ctx);
  return { status, from, user_id: who._id, user_label: who.label, at };
}

/** A new ticket's checklist: its category's lines, none ticked. */
export function checklistOf(category: Doc | null): ChecklistItem[] {
  return checklistLines(category?.checklist).map((text) => ({ text, checked: false }));
}

/**
 * The checklist a write stores: a new ticket takes its category's; a ticket without items takes the category's when
 * the write sets or changes its category (a category given after creation brings its checklist too); a ticket with
 * items keeps them, ticks included, whatever its category becomes.
 */
export function checklistAfterWrite(prev: Doc | null, category: Doc | null, categoryChanged: boolean): ChecklistItem[] {
  if (!prev) return checklistOf(category);
  const kept = (Array.isArray(prev.checklist) ? prev.checklist : []) as ChecklistItem[];
  return kept.length === 0 && categoryChanged ? checklistOf(category) : kept;
}

/** Lowercase text for `search: {$regex: …}`: number, title, content, problem, customer name, equipment identifier. */
export function searchText(t: { number?: unknown; title?: unknown; content?: unknown; problem?: unknown; customer_name?: unknown; equipment_identifier?: unknown }): string {
  return [t.number, t.title, t.content, t.problem, t.customer_name, t.equipment_identifier]
    .filter((v) => (typeof v === 'string' && v !== '') || typeof v === 'number')
    .map((v) => String(v).toLowerCase())
    .join('\n');
}

/** The fields derived from the number: label ("#<number> <title>") and search. */
export function numbered(fields: Record<string, unknown>, number: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields, number };
  return { ...out, label: ticketLabel(number, String(out.title ?? '')), search: searchText(out) };
}
