import { AppError, CallerContext, Doc, READER_MESSAGES, ReaderLabelFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { accountDb } from '../common/caller';
import type { ReaderRepository } from '../items/items.repository';

/**
 * Reader labels: a name, unique in the group whatever its case (422 has-already-been-taken; a unique index on the name
 * is the backstop for two saves at once); the label is the name. Deleting one leaves its subscriptions unlabelled
 * (DocumentsService, in the delete's transaction).
 */
export class ReaderLabelPolicy implements KlassPolicy {
  readonly schema = ReaderLabelFields as unknown as KlassPolicy['schema'];

  constructor(private readonly repo: ReaderRepository) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const name = String(fields.name);
    if (await this.repo.labelNamed(accountDb(ctx), name, prev?._id ?? (typeof fields._id === 'string' ? fields._id : null))) {
      throw new AppError('unprocessable_entity', { name: READER_MESSAGES.taken });
    }
    return { ...fields, label: name };
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.name === 'string' ? doc.name : null };
  }
}
