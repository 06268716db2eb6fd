import { CallerContext, CategoryFields, Doc } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';

/** Category: name required, CSS hex color, active by default; its label is its name. */
export class CategoryPolicy implements KlassPolicy {
  readonly schema = CategoryFields;

  beforeWrite(_ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, _prev: Doc | null): Record<string, unknown> {
    return op === 'delete' ? fields : { ...fields, label: fields.name };
  }
}
