import { CallerContext, ContractFields, ContractItemDocFields, Doc } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { FieldErrors, References, resolveRef } from '../common/references';
import { contractLabel, customerName } from './record.rules';

/** Contract: active by default; its customer must exist (name copied); items [{content, number}]. */
export class ContractPolicy implements KlassPolicy {
  readonly schema = ContractFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    const customer = await resolveRef(this.refs, errs, ctx.db!, 'customer_id', 'Customer', fields, prev);
    errs.throwIfAny();
    const out = { ...fields, items: fields.items ?? [], customer_name: customerName(fields, customer, prev) };
    return { ...out, label: contractLabel(out) };
  }
}

/** ContractItem (cti-), an item kept as a document of its own: its contract must exist. */
export class ContractItemPolicy implements KlassPolicy {
  readonly schema = ContractItemDocFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    await resolveRef(this.refs, errs, ctx.db!, 'contract_id', 'Contract', fields, prev);
    errs.throwIfAny();
    return fields;
  }
}
