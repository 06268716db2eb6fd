import { addDays, CallerContext, Doc, MaintenanceFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { FieldErrors, References, resolveRef } from '../common/references';

/**
 * Maintenance: category, equipment and ticket must exist in the account; warranty_ends_at = date + warranty days
 * (null unless both are set); the equipment's identifier is copied for the due/overdue list.
 */
export class MaintenancePolicy implements KlassPolicy {
  readonly schema = MaintenanceFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    const [equipment] = await Promise.all([
      resolveRef(this.refs, errs, ctx.db!, 'equipment_id', 'Equipment', fields, prev),
      resolveRef(this.refs, errs, ctx.db!, 'category_id', 'Category', fields, prev),
      resolveRef(this.refs, errs, ctx.db!, 'ticket_id', 'Ticket', fields, prev),
    ]);
    errs.throwIfAny();
    const identifier = !fields.equipment_id ? null : equipment ? (equipment.identifier ?? null) : (prev?.equipment_identifier ?? null);
    const date = typeof fields.date === 'string' ? fields.date : null;
    const warranty = typeof fields.warranty === 'number' ? fields.warranty : null;
    return {
      ...fields,
      equipment_identifier: identifier,
      warranty_ends_at: date !== null && warranty !== null ? addDays(date, warranty) : null,
      label: [identifier, fields.next_maintenance ?? date].filter(Boolean).join(' ') || null,
    };
  }
}
