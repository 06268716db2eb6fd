import { AppError, CallerContext, Doc, MappingFields } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { checkMappingRule, MappingRule, normalizeMappingCategories } from './mapping.rules';

/** Mapping rules through the document API: their conditions and changes checked (a costly regex is refused, 422). */
export class MappingPolicy implements KlassPolicy {
  readonly schema = MappingFields as unknown as KlassPolicy['schema'];

  beforeWrite(_ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>): Record<string, unknown> {
    if (op === 'delete') return fields;
    const reason = checkMappingRule(fields as unknown as MappingRule);
    if (reason) throw new AppError('unprocessable_entity', reason);
    // stored as the records it writes are (spec §5: trimmed, lower-cased, hyphenated)
    return normalizeMappingCategories(fields);
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.description === 'string' && doc.description ? doc.description : `${String(doc.target)} → ${String(doc.field_to_change)}` };
  }
}
