import { CallerContext, Doc, EquipmentFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { FieldErrors, References, resolveRef } from '../common/references';

/** Equipment: identifier required; its customer must exist in the account (its name is copied for lists). */
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

/** The denormalised customer name: the customer's, else (deleted since) the one copied before. */
export function customerName(fields: Record<string, unknown>, customer: Doc | null, prev: Doc | null): unknown {
  if (!fields.customer_id) return null;
  return customer ? (customer.name ?? null) : (prev?.customer_name ?? null);
}
