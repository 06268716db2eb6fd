import { Injectable } from '@nestjs/common';
import { DocumentStore, retryOnConflict } from '@app/platform';
import { CallerContext, Doc, errors, klassOfId, MAPPING_TRY_MAX, MONEY_KLASSES, normalizeTags, RECORD_TEXT_MAX, type MappingTryRecord, type MappingTryReply } from '@app/proto';
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

  /**
   * `mappings/_update/try`: records as the import would make them (the import screen's preview rows), as the group's
   * active rules leave them, changing nothing. The rules' regexes run here, by the bounded automaton (regex-watch.ts):
   * the browser never runs a person's pattern (issue 27: `(\d|\w)+@` froze the screen on a 44-digit barcode).
   */
  async tryRecords(ctx: CallerContext, body: unknown): Promise<MappingTryReply> {
    const db = accountDb(ctx);
    const list = (body as { records?: unknown } | null)?.records;
    if (!Array.isArray(list) || list.length > MAPPING_TRY_MAX) throw errors.unprocessable({ records: `must-be-a-list-of-at-most-${MAPPING_TRY_MAX}` });
    const records = list.map((r, i) => tryRecord(r, i));
    const rules = await this.activeRules(db);
    const compiled = rules.length ? compileMappings(rules) : null;
    return {
      records: records.map((r) => {
        if (!compiled) return { ...r, applied: [] };
        const income = r.klass === 'Income';
        const given: MappableRecord = { klass: r.klass, description: r.description, categories: r.categories, ...(income ? { paid_by: r.third_party } : { paid_to: r.third_party }) };
        const { record, applied } = applyMappings(compiled, given);
        return {
          klass: r.klass,
          description: record.description ?? null,
          third_party: (income ? record.paid_by : record.paid_to) ?? null,
          categories: normalizeTags(record.categories),
          applied,
        };
      }),
    };
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

/** One record of a `try`, checked: an income or an outgo, texts within a record's, categories as tags. */
function tryRecord(input: unknown, index: number): MappingTryRecord {
  const r = (input ?? {}) as Record<string, unknown>;
  const text = (v: unknown, max: number, field: string): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string') throw errors.unprocessable({ [`records.${index}.${field}`]: 'is-invalid' });
    return v.slice(0, max);
  };
  if (r.klass !== 'Income' && r.klass !== 'Outgo') throw errors.unprocessable({ [`records.${index}.klass`]: 'is-invalid' });
  return {
    klass: r.klass,
    description: text(r.description, RECORD_TEXT_MAX.description, 'description'),
    third_party: text(r.third_party, RECORD_TEXT_MAX.third_party, 'third_party'),
    categories: normalizeTags(r.categories),
  };
}
