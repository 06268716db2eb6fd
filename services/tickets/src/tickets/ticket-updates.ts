import { AppError, CallerContext, ChecklistItem, ChecklistToggle, Doc, errors, FIELD_MESSAGES, isTicketStatus, klassOfId, TicketStatus, WriteReply } from '@app/proto';
import { DocumentStore, retryOnConflict, type UpdateHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { fieldsOf } from '../common/fields';
import { statusEvent } from './ticket.rules';

// The ticket update handlers (`PUT /{account_id}/_design/<design>/_update/<handler>/<ticket_id>`): they need no rev;
// a write that loses a race with another is read and applied again.

async function liveTicket(store: DocumentStore, db: string, id: string): Promise<Doc> {
  const doc = klassOfId(id) === 'Ticket' ? await store.get(db, id) : null;
  if (!doc) throw errors.notFound();
  return doc;
}

function written(doc: Doc): WriteReply {
  return { ok: true, id: doc._id, rev: doc._rev, doc };
}

/** `ticket-status/<status>`: any status to any other, appending a status_events entry (the same status: no change). */
export function statusHandler(store: DocumentStore, status: TicketStatus): UpdateHandler {
  return (ctx: CallerContext, id: string) =>
    retryOnConflict(async () => {
      const db = accountDb(ctx);
      const prev = await liveTicket(store, db, id);
      const from = isTicketStatus(prev.status) ? prev.status : null;
      if (from === status) return written(prev);
      const events = Array.isArray(prev.status_events) ? prev.status_events : [];
      const doc = await store.update(db, id, prev._rev, { ...fieldsOf(prev), status, status_events: [...events, statusEvent(ctx, status, from)] }, ctx.user_id);
      return written(doc);
    }, 5);
}

/** `ticket-checklist/toggle` with body {index, checked}: ticks or unticks one item of the ticket's checklist. */
export function checklistToggleHandler(store: DocumentStore): UpdateHandler {
  return (ctx: CallerContext, id: string, body: unknown) =>
    retryOnConflict(async () => {
      const db = accountDb(ctx);
      const parsed = ChecklistToggle.safeParse(body ?? {});
      if (!parsed.success) {
        const reason: Record<string, string> = {};
        for (const issue of parsed.error.issues) reason[issue.path.join('.') || 'body'] = issue.message;
        throw new AppError('unprocessable_entity', reason);
      }
      const prev = await liveTicket(store, db, id);
      const checklist = (Array.isArray(prev.checklist) ? prev.checklist : []) as ChecklistItem[];
      const { index, checked } = parsed.data;
      if (index >= checklist.length) throw new AppError('unprocessable_entity', { index: FIELD_MESSAGES.invalid });
      if (checklist[index].checked === checked) return written(prev);
      const next = checklist.map((item, i) => (i === index ? { ...item, checked } : item));
      return written(await store.update(db, id, prev._rev, { ...fieldsOf(prev), checklist: next }, ctx.user_id));
    }, 5);
}
