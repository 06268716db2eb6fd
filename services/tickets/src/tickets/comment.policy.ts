import { CallerContext, CommentFields, Doc, ticketTitle } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { actorOf } from '../common/caller';
import { FieldErrors, References, resolveRef } from '../common/references';

/** Comment: on an existing ticket of the account; dated now unless given; stamped with its author ({_id, label}). */
export class CommentPolicy implements KlassPolicy {
  readonly schema = CommentFields;

  constructor(private readonly refs: References) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const errs = new FieldErrors();
    await resolveRef(this.refs, errs, ctx.db!, 'ticket_id', 'Ticket', fields, prev);
    errs.throwIfAny();
    return {
      ...fields,
      date: fields.date ?? prev?.date ?? new Date().toISOString(),
      // the author stays the one who wrote it
      user: prev?.user ?? actorOf(ctx),
      label: ticketTitle(fields.content),
    };
  }
}
