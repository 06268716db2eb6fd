import { AppError } from '@app/proto';
import {
  applyMappings,
  checkMappingRule,
  compileMappings,
  mappingConditions,
  normalizeMappingCategories,
  previewMappings,
  type MappableRecord,
  type MappingCondition,
  type MappingRule,
} from './mapping.rules';

const outgo: MappableRecord = { _id: 'out-1', klass: 'Outgo', description: 'UBER *TRIP 1234', paid_to: 'Uber do Brasil', categories: ['transport', 'work'] };

const rule = (over: Partial<MappingRule>): MappingRule => ({
  target: 'outgo',
  field_to_watch: 'description',
  kind_of_watch: 'contains',
  text_to_match: 'uber',
  field_to_change: 'description',
  kind_of_change: 'replace',
  text_to_change: 'Uber',
  ...over,
});

const apply = (rules: MappingRule[], record: MappableRecord = outgo) => applyMappings(compileMappings(rules), record);

function unprocessable(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

describe('the conditions of a mapping rule', () => {
  it('reads the spec’s single field_to_watch, kind_of_watch and text_to_match as one condition', () => {
    expect(mappingConditions(rule({}))).toEqual([{ field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber' }]);
  });

  it('reads a list of conditions, which wins over the single shape', () => {
    const conditions: MappingCondition[] = [{ field_to_watch: 'third_party', kind_of_watch: 'equals', text_to_match: 'x' }];
    expect(mappingConditions(rule({ conditions }))).toEqual(conditions);
  });

  it.each<[string, MappingCondition['field_to_watch'], MappingCondition['kind_of_watch'], string, boolean]>([
    ['description contains, ignoring case', 'description', 'contains', 'TRIP', true],
    ['description starts_with', 'description', 'starts_with', 'uber *', true],
    ['description starts_with (not at the start)', 'description', 'starts_with', 'trip', false],
    ['description ends_with', 'description', 'ends_with', ' 1234', true],
    ['description equals the whole text only', 'description', 'equals', 'uber *trip', false],
    ['description equals', 'description', 'equals', 'Uber *Trip 1234', true],
    ['description regex', 'description', 'regex', '^uber \\*trip \\d+$', true],
    ['third party (paid_to of an outgo) equals', 'third_party', 'equals', 'UBER DO BRASIL', true],
    ['third party contains', 'third_party', 'contains', 'brasil', true],
    ['categories equals one tag', 'categories', 'equals', 'Work', true],
    ['categories equals a tag written with spaces', 'categories', 'equals', ' Transport ', true],
    ['categories starts_with', 'categories', 'starts_with', 'trans', true],
    ['categories regex on each tag', 'categories', 'regex', '^wor', true],
    ['categories equals a missing tag', 'categories', 'equals', 'food', false],
  ])('%s: %s', (_, field_to_watch, kind_of_watch, text_to_match, matches) => {
    const { applied } = apply([rule({ field_to_watch, kind_of_watch, text_to_match })]);
    expect(applied).toEqual(matches ? ['#0'] : []);
  });

  it('joins conditions with AND (the default) or OR', () => {
    const conditions: MappingCondition[] = [
      { field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber' },
      { field_to_watch: 'third_party', kind_of_watch: 'contains', text_to_match: '99 taxis' },
    ];
    expect(apply([rule({ conditions })]).applied).toEqual([]);
    expect(apply([rule({ conditions, join: 'and' })]).applied).toEqual([]);
    expect(apply([rule({ conditions, join: 'or' })]).applied).toEqual(['#0']);
  });

  it('matches an empty categories list with equals ""', () => {
    expect(apply([rule({ field_to_watch: 'categories', kind_of_watch: 'equals', text_to_match: '' })], { ...outgo, categories: [] }).applied).toEqual(['#0']);
  });
});

describe('what a mapping rule changes', () => {
  it.each<[string, Partial<MappingRule>, Partial<MappableRecord>]>([
    ['replaces the description', { field_to_change: 'description', kind_of_change: 'replace', text_to_change: 'Uber' }, { description: 'Uber' }],
    ['appends to the description with a space', { field_to_change: 'description', kind_of_change: 'append', text_to_change: '(work)' }, { description: 'UBER *TRIP 1234 (work)' }],
    ['prepends to the description with a space', { field_to_change: 'description', kind_of_change: 'prepend', text_to_change: 'Taxi:' }, { description: 'Taxi: UBER *TRIP 1234' }],
    ['replaces an outgo’s third party (paid_to)', { field_to_change: 'third_party', kind_of_change: 'replace', text_to_change: 'Uber' }, { paid_to: 'Uber' }],
    ['replaces the categories, as tags', { field_to_change: 'categories', kind_of_change: 'replace', text_to_change: ' Car Rides , Taxi' }, { categories: ['car-rides', 'taxi'] }],
    ['appends a category, without repeating one', { field_to_change: 'categories', kind_of_change: 'append', text_to_change: 'Taxi, work' }, { categories: ['transport', 'work', 'taxi'] }],
    ['prepends a category', { field_to_change: 'categories', kind_of_change: 'prepend', text_to_change: 'Taxi' }, { categories: ['taxi', 'transport', 'work'] }],
    ['empties the categories with an empty replace', { field_to_change: 'categories', kind_of_change: 'replace', text_to_change: '' }, { categories: [] }],
  ])('%s', (_, change, after) => {
    const { record, changes } = apply([rule(change)]);
    expect(record).toEqual({ ...outgo, ...after });
    expect(changes).toHaveLength(1);
  });

  it('writes an income’s third party in paid_by, and leaves a transfer (no third party) alone', () => {
    const income: MappableRecord = { klass: 'Income', description: 'PIX ACME', paid_by: null };
    const toThirdParty = { target: 'income' as const, text_to_match: 'acme', field_to_change: 'third_party' as const, text_to_change: 'ACME Ltda' };
    expect(apply([rule(toThirdParty)], income).record).toEqual({ ...income, paid_by: 'ACME Ltda' });
    const transfer: MappableRecord = { klass: 'Transfer', description: 'PIX ACME' };
    const { record, changes, applied } = apply([rule({ ...toThirdParty, target: 'transfer' })], transfer);
    expect(record).toBe(transfer);
    expect(changes).toEqual([]);
    expect(applied).toEqual(['#0']);
  });

  it('applies only to records of its target kind', () => {
    expect(apply([rule({ target: 'income' })]).applied).toEqual([]);
    expect(apply([rule({ target: 'exchange' })], { klass: 'Exchange', description: 'uber' }).record.description).toBe('Uber');
  });

  it('applies active rules in order, each seeing what the earlier ones changed, and skips inactive ones', () => {
    const rules = [
      rule({ _id: 'map-3', order: 3, field_to_watch: 'description', kind_of_watch: 'equals', text_to_match: 'uber', field_to_change: 'categories', kind_of_change: 'append', text_to_change: 'rides' }),
      rule({ _id: 'map-1', order: 1, text_to_change: 'Uber' }),
      rule({ _id: 'map-2', order: 2, active: false, text_to_change: 'never' }),
      rule({ _id: 'map-9', text_to_match: 'uber', kind_of_change: 'append', text_to_change: '(unordered, last)' }),
    ];
    const { record, applied, changes } = apply(rules);
    expect(applied).toEqual(['map-1', 'map-3', 'map-9']);
    expect(record).toEqual({ ...outgo, description: 'Uber (unordered, last)', categories: ['transport', 'work', 'rides'] });
    expect(changes).toEqual([
      { field: 'description', before: 'UBER *TRIP 1234', after: 'Uber (unordered, last)' },
      { field: 'categories', before: ['transport', 'work'], after: ['transport', 'work', 'rides'] },
    ]);
  });

  it('returns the same record, unchanged, when no rule matches', () => {
    const { record, changes } = apply([rule({ text_to_match: '99 taxis' })]);
    expect(record).toBe(outgo);
    expect(changes).toEqual([]);
  });
});

describe('checking mapping rules', () => {
  it('accepts a rule of the spec’s shape and one with conditions', () => {
    expect(checkMappingRule(rule({}))).toBeNull();
    expect(checkMappingRule(rule({ conditions: [{ field_to_watch: 'categories', kind_of_watch: 'regex', text_to_match: '^food' }], join: 'or' }))).toBeNull();
  });

  it.each<[string, Partial<MappingRule>, Record<string, string>]>([
    ['an unknown target', { target: 'budget' as never }, { target: 'is-invalid' }],
    ['an unknown watch kind', { kind_of_watch: 'sounds_like' as never }, { kind_of_watch: 'is-invalid' }],
    ['an unknown change', { field_to_change: 'value' as never, kind_of_change: 'delete' as never }, { field_to_change: 'is-invalid', kind_of_change: 'is-invalid' }],
    ['no condition', { field_to_watch: undefined, kind_of_watch: undefined, text_to_match: undefined }, { text_to_match: 'cant-be-blank' }],
    ['a regex over 200 characters', { kind_of_watch: 'regex', text_to_match: 'a'.repeat(201) }, { text_to_match: 'is-too-long' }],
    ['a regex with nested quantifiers', { kind_of_watch: 'regex', text_to_match: '(a+)+$' }, { text_to_match: 'is-invalid' }],
    [
      'a costly regex in the second condition',
      {
        conditions: [
          { field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'x' },
          { field_to_watch: 'description', kind_of_watch: 'regex', text_to_match: '(x*)*y' },
        ],
      },
      { 'conditions.1.text_to_match': 'is-invalid' },
    ],
  ])('refuses %s with the field', (_, over, problems) => {
    expect(checkMappingRule(rule(over))).toEqual(problems);
    const e = unprocessable(() => compileMappings([rule({}), rule(over)]));
    expect(e.status).toBe(422);
    expect(e.reason).toEqual(problems);
  });

  it('does not check inactive rules', () => {
    expect(() => compileMappings([rule({ active: false, kind_of_watch: 'regex', text_to_match: '(a+)+$' })])).not.toThrow();
  });
});

describe('a preview of what mapping rules would change', () => {
  it('lists the records that would change, with each field before and after, and changes none of them', () => {
    const records: MappableRecord[] = [
      outgo,
      { _id: 'out-2', klass: 'Outgo', description: 'Padaria', categories: [] },
      { klass: 'Income', description: 'UBER reembolso', paid_by: null, line: 7 },
      { _id: 'out-3', klass: 'Outgo', description: 'uber eats', categories: 'Food' },
    ];
    const copy = structuredClone(records);
    const rules = compileMappings([rule({ _id: 'map-1', field_to_change: 'categories', kind_of_change: 'append', text_to_change: 'Rides' })]);
    expect(previewMappings(rules, records)).toEqual([
      { index: 0, _id: 'out-1', klass: 'Outgo', applied: ['map-1'], changes: [{ field: 'categories', before: ['transport', 'work'], after: ['transport', 'work', 'rides'] }] },
      { index: 3, _id: 'out-3', klass: 'Outgo', applied: ['map-1'], changes: [{ field: 'categories', before: ['food'], after: ['food', 'rides'] }] },
    ]);
    expect(records).toEqual(copy);
    expect(previewMappings(rules, records, 1)).toHaveLength(1);
  });

  it('names an import record by its line', () => {
    const rules = compileMappings([rule({ target: 'income', text_to_change: 'Reembolso Uber' })]);
    expect(previewMappings(rules, [{ klass: 'Income', description: 'UBER reembolso', line: 7 }])).toEqual([
      { index: 0, line: 7, klass: 'Income', applied: ['#0'], changes: [{ field: 'description', before: 'UBER reembolso', after: 'Reembolso Uber' }] },
    ]);
  });
});

describe("a rule's categories as stored (spec §5: trimmed, lower-cased, hyphenated, as the records it writes)", () => {
  it('stores the categories it sets as tags, and a condition on categories as a tag; a regex and other fields as typed', () => {
    const rule = {
      target: 'outgo',
      field_to_watch: 'categories',
      kind_of_watch: 'equals',
      text_to_match: '  Car Wash ',
      field_to_change: 'categories',
      kind_of_change: 'replace',
      text_to_change: ' Transporte Urbano,  Trabalho ,trabalho',
      description: '  Uber Rides ',
    };
    expect(normalizeMappingCategories(rule)).toEqual({ ...rule, text_to_match: 'car-wash', text_to_change: 'transporte-urbano,trabalho' });
    const several = {
      target: 'income',
      join: 'or',
      conditions: [
        { field_to_watch: 'categories', kind_of_watch: 'contains', text_to_match: 'Side Job' },
        { field_to_watch: 'categories', kind_of_watch: 'regex', text_to_match: '^Side\\s+Job$' },
        { field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'Freela JOB' },
      ],
      field_to_change: 'description',
      kind_of_change: 'append',
      text_to_change: ' (Extra) ',
    };
    expect(normalizeMappingCategories(several)).toEqual({
      ...several,
      conditions: [
        { field_to_watch: 'categories', kind_of_watch: 'contains', text_to_match: 'side-job' },
        several.conditions[1],
        several.conditions[2],
      ],
    });
  });
});

