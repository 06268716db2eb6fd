import { Injectable } from '@nestjs/common';
import { DocumentStore, retryOnConflict } from '@app/platform';
import { CallerContext, Doc, errors, klassOfId, MONEY_KLASSES } from '@app/proto';
import { accountDb } from '../common/caller';
import { applyMappings, compileMappings, MappableRecord, MappingRule, previewMappings, TARGET_KLASS } from './mapping.rules';

// Mapping rules at work: on an import's records before they are written, and on demand over the records a group
// holds, with a preview first. A run over existing records looks at the newest RECORDS_SCANNED of each kind (the store's largest find).

const RECORDS_SCANNED = 1000;
const PREVIEW_ITEMS = 200;

@Injectable()
export class MappingRuns {
  constructor(private readonly store: DocumentStore) {}

  /** The group's active rules, compiled (lower order first). */
  async activeRules(db: string): Promise<MappingRule[]> {
    const docs = await this.store.find(db, { selector: { klass: 'Mapping' }, limit: 1000 }, { klasses: ['Mapping'], project: false });
    return docs.filter((d) => d.active !== false) as unknown as MappingRule[];
  }

  /** An import's records as the active rules leave them. */
  apply<T extends MappableRecord>(rules: MappingRule[], records: T[]): T[] {
    if (!rules.length) return records;
    const compiled = compileMappings(rules);
    return records.map((r) => applyMappings(compiled, r).record);
  }

  private async rulesFor(ctx: CallerContext, key: unknown): Promise<MappingRule[]> {
    const db = accountDb(ctx);
    if (key === undefined) return this.activeRules(db);
    if (typeof key !== 'string' || klassOfId(key) !== 'Mapping') throw errors.badRequest('key must be a mapping rule id (map-…)');
    const rule = await this.store.get(db, key);
    if (!rule) throw errors.notFound();
    return [rule as unknown as MappingRule];
  }

  private async records(db: string, rules: MappingRule[]): Promise<Doc[]> {
    const klasses = [...new Set(rules.map((r) => TARGET_KLASS[r.target]))].filter((k) => MONEY_KLASSES.includes(k));
    const out: Doc[] = [];
    for (const klass of klasses) {
      out.push(...(await this.store.find(db, { selector: { klass }, sort: [{ date: 'desc' }], limit: RECORDS_SCANNED }, { klasses: [klass], project: false })));
    }
    return out;
  }

  /** What one rule (all active ones without a key) would change on existing records: the first PREVIEW_ITEMS. */
  async preview(ctx: CallerContext, key: unknown): Promise<Array<{ key: string; value: unknown }>> {
    const db = accountDb(ctx);
    const rules = await this.rulesFor(ctx, key);
    if (!rules.length) return [];
    const records = await this.records(db, rules);
    return previewMappings(compileMappings(rules), records as unknown as MappableRecord[], PREVIEW_ITEMS).map((item) => ({ key: String(item._id), value: item }));
  }

  /** Applies one rule to every existing record it matches; returns how many changed. */
  async applyRule(ctx: CallerContext, id: string): Promise<{ changed: number }> {
    const db = accountDb(ctx);
    const rules = await this.rulesFor(ctx, id);
    const compiled = compileMappings(rules);
    let changed = 0;
    for (const record of await this.records(db, rules)) {
      const result = applyMappings(compiled, record as unknown as MappableRecord);
      if (!result.changes.length) continue;
      await retryOnConflict(async () => {
        const current = await this.store.get(db, record._id);
        if (!current) return;
        const again = applyMappings(compiled, current as unknown as MappableRecord);
        if (again.changes.length) await this.store.update(db, current._id, current._rev, again.record as unknown as Record<string, unknown>, ctx.user_id);
      }, 5);
      changed++;
    }
    return { changed };
  }
}
