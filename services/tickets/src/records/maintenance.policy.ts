import { CallerContext, Doc, MaintenanceFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { FieldErrors, References, resolveRef } from '../common/references';
import { equipmentIdentifier, maintenanceLabel, warrantyEndsAt } from './record.rules';

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
    const out = { ...fields, equipment_identifier: equipmentIdentifier(fields, equipment, prev), warranty_ends_at: warrantyEndsAt(fields) };
    return { ...out, label: maintenanceLabel(out) };
  }
}
