import type { ChangeEvent, Doc } from '@app/proto';
import { numbered } from '../tickets/ticket.rules';
import { fieldsOf } from '../common/fields';
import { contractLabel, maintenanceLabel } from './record.rules';

// Where a customer's name and an equipment's identifier are copied (for lists and search), and how a copy is
// rewritten when its source is renamed, without I/O. The rewrite itself: copied-names.ts.

export interface Copy {
  klass: string;
  /** the field holding the id of the source record */
  ref: string;
  /** the field holding the copied name */
  field: string;
  /** what else the copy feeds (label, search), recomputed from the new fields */
  derive?: (fields: Record<string, unknown>) => Record<string, unknown>;
}

/** What is copied from which klass (the source field), and into where. */
export const COPIES: Readonly<Record<string, { source: string; into: readonly Copy[] }>> = {
  Customer: {
    source: 'name',
    into: [
      { klass: 'Ticket', ref: 'customer_id', field: 'customer_name', derive: (f) => numbered(f, Number(f.number)) },
      { klass: 'Equipment', ref: 'customer_id', field: 'customer_name' },
      { klass: 'Contract', ref: 'customer_id', field: 'customer_name', derive: (f) => ({ ...f, label: contractLabel(f) }) },
      { klass: 'Estimate', ref: 'customer_id', field: 'customer_name' },
    ],
  },
  Equipment: {
    source: 'identifier',
    into: [
      { klass: 'Ticket', ref: 'equipment_id', field: 'equipment_identifier', derive: (f) => numbered(f, Number(f.number)) },
      { klass: 'Maintenance', ref: 'equipment_id', field: 'equipment_identifier', derive: (f) => ({ ...f, label: maintenanceLabel(f) }) },
    ],
  },
};

/**
 * Whether a change event may be a rename others copy: a live Customer or Equipment written again (a new record has no
 * copies yet). The event's revision is only the trigger: the rewrite reads the source's current name, so an event
 * handled late (redelivered after a crash) writes the newest name, never its own.
 */
export function mayRename(event: Pick<ChangeEvent, 'klass' | 'deleted' | 'rev'>): boolean {
  return Object.prototype.hasOwnProperty.call(COPIES, event.klass) && !event.deleted && !event.rev.startsWith('1-');
}

/** The name a source record gives its copies (null when it has none). */
export function sourceValue(source: Doc): unknown {
  const spec = COPIES[source.klass];
  return spec ? (source[spec.source] ?? null) : null;
}

/**
 * The fields to store for `record` so that it carries `value` copied from `sourceId`, or null when there is nothing to
 * write: it points elsewhere now, or already carries the value (so a rewrite that runs again changes nothing).
 */
export function rewritten(copy: Copy, record: Doc, sourceId: string, value: unknown): Record<string, unknown> | null {
  if (record[copy.ref] !== sourceId || (record[copy.field] ?? null) === value) return null;
  const fields = { ...fieldsOf(record), [copy.field]: value };
  return copy.derive ? copy.derive(fields) : fields;
}
