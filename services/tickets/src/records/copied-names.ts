import { Logger } from '@nestjs/common';
import type { Doc } from '@app/proto';
import { DocumentStore, retryOnConflict } from '@app/platform';
import { numbered } from '../tickets/ticket.rules';
import { fieldsOf } from '../common/fields';

// Lists and search show a customer's name and an equipment's identifier copied into the records that point at them
// (ticket, equipment, contract, estimate, maintenance). When the customer is renamed or the equipment re-labelled,
// the copies follow: each pointing record is rewritten (a new revision, so the change feed and the search text follow
// too). It runs after the rename is stored and answered; a record changed meanwhile is retried on its new revision, and
// a refresh stops when its source is renamed again (the newer rename's refresh takes over).

const logger = new Logger('copied-names');

interface Copy {
  klass: string;
  /** the field holding the id of the renamed record */
  ref: string;
  /** the field holding the copied name */
  field: string;
  /** what else the copy feeds (label, search), recomputed from the new fields */
  derive?: (fields: Record<string, unknown>) => Record<string, unknown>;
}

const firstLine = (v: unknown) => (typeof v === 'string' ? v.split(/\r?\n/)[0].slice(0, 60) : '');

/** What is copied from which klass, and into where. */
const COPIES: Record<string, { source: string; into: Copy[] }> = {
  Customer: {
    source: 'name',
    into: [
      { klass: 'Ticket', ref: 'customer_id', field: 'customer_name', derive: (f) => numbered(f, Number(f.number)) },
      { klass: 'Equipment', ref: 'customer_id', field: 'customer_name' },
      { klass: 'Contract', ref: 'customer_id', field: 'customer_name', derive: (f) => ({ ...f, label: firstLine(f.description) || f.customer_name || null }) },
      { klass: 'Estimate', ref: 'customer_id', field: 'customer_name' },
    ],
  },
  Equipment: {
    source: 'identifier',
    into: [
      { klass: 'Ticket', ref: 'equipment_id', field: 'equipment_identifier', derive: (f) => numbered(f, Number(f.number)) },
      {
        klass: 'Maintenance',
        ref: 'equipment_id',
        field: 'equipment_identifier',
        derive: (f) => ({ ...f, label: [f.equipment_identifier, f.next_maintenance ?? f.date].filter(Boolean).join(' ') || null }),
      },
    ],
  },
};

const BATCH = 200;

export class CopiedNames {
  constructor(private readonly store: DocumentStore) {}

  /** Whether a write of `doc` may have changed a name others copy (only updates: a new record has no copies yet). */
  static concerns(doc: Record<string, unknown> | undefined): doc is Doc {
    return !!doc && typeof doc.klass === 'string' && Object.prototype.hasOwnProperty.call(COPIES, doc.klass) && !String(doc._rev).startsWith('1-');
  }

  /** Rewrites the copies of `doc`'s name in group `db`; returns how many records changed. */
  async refresh(db: string, doc: Doc, actor: string | null): Promise<number> {
    const { source, into } = COPIES[doc.klass];
    const value = (doc[source] as string | undefined) ?? null;
    let changed = 0;
    for (const copy of into) {
      // the records still showing another name; each rewrite drops it from the next batch
      for (;;) {
        const stale = await this.store.find(db, { selector: { klass: copy.klass, [copy.ref]: doc._id, [copy.field]: { $ne: value } }, limit: BATCH });
        const missing = value === null ? [] : await this.store.find(db, { selector: { klass: copy.klass, [copy.ref]: doc._id, [copy.field]: { $exists: false } }, limit: BATCH });
        const batch = [...stale, ...missing];
        if (batch.length === 0) break;
        for (const record of batch) {
          // renamed again meanwhile: that write runs its own refresh, and this one must not write the older name after it
          if ((await this.store.get(db, doc._id))?._rev !== doc._rev) return changed;
          await retryOnConflict(async () => {
            const current = await this.store.get(db, record._id);
            if (!current || current[copy.ref] !== doc._id || (current[copy.field] ?? null) === value) return;
            let fields = { ...fieldsOf(current), [copy.field]: value };
            if (copy.derive) fields = copy.derive(fields);
            await this.store.update(db, current._id, current._rev, fields, actor);
            changed++;
          }, 5);
        }
      }
    }
    return changed;
  }

  /** refresh() in the background, after the reply: a failure is logged, the rename itself stays. */
  refreshLater(db: string, doc: Doc, actor: string | null): void {
    this.refresh(db, doc, actor).catch((err) => logger.error(`copying the new name of ${doc._id}: ${err instanceof Error ? err.message : String(err)}`));
  }
}
