import type { PoolClient } from 'pg';
import { CallerContext, Doc, estimateTotal, EstimateFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { nextNumber } from '../common/number-counters.repository';
import { FieldErrors, References, resolveRef } from '../common/references';
import { answerAfterWrite } from '../status-links/status-link.rules';
import { customerName, estimateLabel } from './record.rules';

/**
 * Estimate: numbered per account like tickets (taken in the create's transaction); customer and ticket must exist;
 * total = Σ quantity × value (2 decimals). The customer's answer from the ticket's status page (customer_answer,
 * past_answers) is the service's: kept on an update, unless the update changes what was answered, which asks the
 * customer again.
 */
export class EstimatePolicy implements KlassPolicy {
  readonly schema = EstimateFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    const [customer] = await Promise.all([
      resolveRef(this.refs, errs, ctx.db!, 'customer_id', 'Customer', fields, prev),
      resolveRef(this.refs, errs, ctx.db!, 'ticket_id', 'Ticket', fields, prev),
    ]);
    errs.throwIfAny();
    const items = (fields.items ?? []) as Array<{ quantity: number; value: number }>;
    const out: Record<string, unknown> = { ...fields, items, total: estimateTotal(items), customer_name: customerName(fields, customer, prev), ...answerAfterWrite({ ...fields, items }, prev) };
    return prev ? { ...out, number: prev.number, label: estimateLabel(prev.number, out.description) } : out;
  }

  async inCreate(_ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const number = await nextNumber(tx, db, 'Estimate');
    return { ...fields, number, label: estimateLabel(number, fields.description) };
  }
}
