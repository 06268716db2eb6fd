import { applyMappings, compileMappingRules, mappingConditions, MAPPING_WATCHED_CHARS, type MappableRecord, type MappingRegexCompiler, type MappingRule } from './finance-mapping';

// The mapping rules the finance service applies on import and the wallets-upload preview applies to its rows. The
// service's spec (services/finance/src/mappings) runs them with its bounded regex automaton; here a plain RegExp
// stands in for the caller's engine.

const regex: MappingRegexCompiler = (pattern) => {
  try {
    const re = new RegExp(pattern, 'i');
    return { test: (text) => re.test(text.slice(0, MAPPING_WATCHED_CHARS)) };
  } catch {
    return null;
  }
};
const rule = (over: Partial<MappingRule>): MappingRule => ({
  target: 'outgo',
  field_to_watch: 'description',
  kind_of_watch: 'contains',
  text_to_match: 'uber',
  field_to_change: 'categories',
  kind_of_change: 'replace',
  text_to_change: 'Transporte',
  ...over,
});
const apply = (rules: MappingRule[], record: MappableRecord) => applyMappings(compileMappingRules(rules, regex), record);
const outgo = (over: Partial<MappableRecord>): MappableRecord => ({ klass: 'Outgo', description: 'UBER *TRIP', paid_to: 'Uber do Brasil', categories: [], ...over });

describe('mapping rules', () => {
  it('reads the spec’s single condition, or the list of conditions, which wins', () => {
    expect(mappingConditions(rule({}))).toEqual([{ field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber' }]);
    const conditions = [{ field_to_watch: 'third_party' as const, kind_of_watch: 'equals' as const, text_to_match: 'x' }];
    expect(mappingConditions(rule({ conditions }))).toEqual(conditions);
    expect(mappingConditions({ target: 'outgo', field_to_change: 'description', kind_of_change: 'replace', text_to_change: '' })).toEqual([]);
  });

  it.each<[MappingRule['kind_of_watch'], string, boolean]>([
    ['contains', 'TRIP', true],
    ['starts_with', 'uber', true],
    ['starts_with', 'trip', false],
    ['ends_with', '*trip', true],
    ['equals', 'uber *trip', true],
    ['equals', 'uber', false],
    ['regex', '^uber\\s+\\*', true],
    ['regex', '(', false],
  ])('%s %j ignoring case: %s', (kind_of_watch, text_to_match, holds) => {
    expect(apply([rule({ kind_of_watch, text_to_match })], outgo({})).applied).toEqual(holds ? ['#0'] : []);
  });

  it('applies active rules of the record’s kind in order, each seeing what the earlier left', () => {
    const rules = [
      rule({ _id: 'map-2', order: 2, field_to_watch: 'categories', kind_of_watch: 'equals', text_to_match: 'Transporte', field_to_change: 'description', kind_of_change: 'prepend', text_to_change: '[T]' }),
      rule({ _id: 'map-1', order: 1, text_to_change: 'Transporte, Trabalho' }),
      rule({ _id: 'map-3', target: 'income', text_to_change: 'never' }),
      rule({ _id: 'map-4', active: false, text_to_change: 'inactive' }),
    ];
    const { record, applied, changes } = apply(rules, outgo({}));
    expect(applied).toEqual(['map-1', 'map-2']);
    expect(record).toMatchObject({ description: '[T] UBER *TRIP', categories: ['transporte', 'trabalho'] });
    expect(changes.map((c) => c.field)).toEqual(['description', 'categories']);
  });

  it('joins conditions by and/or, watches the third party (paid_by of an income) and matches no categories with equals ""', () => {
    const conditions = [
      { field_to_watch: 'third_party' as const, kind_of_watch: 'ends_with' as const, text_to_match: 'ltda' },
      { field_to_watch: 'description' as const, kind_of_watch: 'contains' as const, text_to_match: 'pix' },
    ];
    const income: MappableRecord = { klass: 'Income', description: 'PIX 123', paid_by: 'Acme', categories: 'casa' };
    expect(apply([rule({ target: 'income', conditions, join: 'and', kind_of_change: 'append' })], income).record.categories).toBe('casa');
    expect(apply([rule({ target: 'income', conditions, join: 'or', kind_of_change: 'append' })], income).record.categories).toEqual(['casa', 'transporte']);
    expect(apply([rule({ field_to_watch: 'categories', kind_of_watch: 'equals', text_to_match: '' })], outgo({})).record.categories).toEqual(['transporte']);
  });

  it('cuts a changed description to 1000 characters and a third party to 200, and empties a blank one to null', () => {
    const long = apply([rule({ field_to_change: 'description', kind_of_change: 'append', text_to_change: 'z'.repeat(500) })], outgo({ description: 'uber '.repeat(160) }));
    expect((long.record.description as string).length).toBe(1000);
    const party = apply([rule({ field_to_change: 'third_party', kind_of_change: 'append', text_to_change: 'z'.repeat(150) })], outgo({ paid_to: 'b'.repeat(100) }));
    expect((party.record.paid_to as string).length).toBe(200);
    expect(apply([rule({ field_to_change: 'third_party', text_to_change: '  ' })], outgo({})).record.paid_to).toBeNull();
  });

  it('leaves a transfer’s third party alone (it has none) and returns the same record when nothing changes', () => {
    const transfer: MappableRecord = { klass: 'Transfer', description: 'uber' };
    const result = apply([rule({ target: 'transfer', field_to_change: 'third_party', text_to_change: 'x' })], transfer);
    expect(result).toEqual({ record: transfer, changes: [], applied: ['#0'] });
    expect(apply([rule({ text_to_match: 'nothing' })], outgo({})).record).toEqual(outgo({}));
  });

  it('looks at the first 1000 characters of a field with a regex', () => {
    const far = outgo({ description: `${'x'.repeat(MAPPING_WATCHED_CHARS)}uber` });
    expect(apply([rule({ kind_of_watch: 'regex', text_to_match: 'uber' })], far).applied).toEqual([]);
    expect(apply([rule({ kind_of_watch: 'contains', text_to_match: 'uber' })], far).applied).toEqual(['#0']);
  });
});
