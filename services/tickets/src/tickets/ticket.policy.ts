import type { PoolClient } from 'pg';
import { CallerContext, Doc, PRIORITY_RANK, TicketFields, TicketPriority, TicketStatus } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { nextNumber } from '../common/number-counters.repository';
import { FieldErrors, References, changed, resolveRef } from '../common/references';
import { customerName, equipmentIdentifier } from '../records/record.rules';
import { checklistAfterWrite, numbered, statusEvent, titleOf } from './ticket.rules';

/** Fields only the service writes: kept from the stored ticket on an update, whatever the client sends. */
const SERVER_FIELDS = ['number', 'checklist', 'status_events', 'search', 'customer_name', 'equipment_identifier', 'label', 'priority_rank', 'customer_events'] as const;

/**
 * Ticket: references must exist in the account (customer, equipment, category, contract) and technician/reviewer must
 * be accepted members; the title is derived when blank; the number is taken in the create's transaction; status
 * changes are recorded in status_events; the checklist comes from the category on create, or when a category is set
 * or changed on a ticket that has no checklist items yet.
 */
export class TicketPolicy implements KlassPolicy {
  readonly schema = TicketFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const db = ctx.db!;
    const errs = new FieldErrors();
    const [customer, equipment, category] = await Promise.all([
      resolveRef(this.refs, errs, db, 'customer_id', 'Customer', fields, prev),
      resolveRef(this.refs, errs, db, 'equipment_id', 'Equipment', fields, prev),
      resolveRef(this.refs, errs, db, 'category_id', 'Category', fields, prev),
      resolveRef(this.refs, errs, db, 'contract_id', 'Contract', fields, prev),
    ]);
    await Promise.all(
      (['technical_id', 'reviewer_id'] as const).map(async (f) => {
        if (changed(f, fields, prev) && !(await this.refs.isMember(db, fields[f]))) errs.add(f);
      }),
    );
    errs.throwIfAny();

    const out: Record<string, unknown> = { ...fields };
    for (const f of SERVER_FIELDS) delete out[f];
    out.title = titleOf(fields.title, fields.content);
    out.priority_rank = PRIORITY_RANK[out.priority as TicketPriority];
    out.customer_name = customerName(out, customer, prev);
    out.equipment_identifier = equipmentIdentifier(out, equipment, prev);

    const status = out.status as TicketStatus;
    out.checklist = checklistAfterWrite(prev, category, changed('category_id', fields, prev));
    if (!prev) {
      out.status_events = [statusEvent(ctx, status, null)];
      return out; // number, label and search: inCreate, in the create's transaction
    }
    // the customer's answers on the status page (issue 31): the service's alone, kept whatever the client sends
    if (Array.isArray(prev.customer_events)) out.customer_events = prev.customer_events;
    const prevStatus = prev.status as TicketStatus;
    const events = Array.isArray(prev.status_events) ? prev.status_events : [];
    out.status_events = status !== prevStatus ? [...events, statusEvent(ctx, status, prevStatus ?? null)] : events;
    return numbered(out, Number(prev.number));
  }

  async inCreate(_ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    return numbered(fields, await nextNumber(tx, db, 'Ticket'));
  }
}
