import { CallerContext, Doc, EquipmentFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { FieldErrors, References, resolveRef } from '../common/references';
import { customerName } from './record.rules';

/**
 * Equipment: identifier required; its customer must exist in the account (its name is copied for lists). A new
 * identifier reaches the tickets and maintenances that copy it through copied-names.ts.
 */
export class EquipmentPolicy implements KlassPolicy {
  readonly schema = EquipmentFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    const customer = await resolveRef(this.refs, errs, ctx.db!, 'customer_id', 'Customer', fields, prev);
    errs.throwIfAny();
    return { ...fields, label: fields.identifier, customer_name: customerName(fields, customer, prev) };
  }
}
