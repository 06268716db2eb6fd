import { describe, expect, it } from 'vitest';
import { applyRules, compileRules, initialRuleValues, ruleServerErrors, toRuleDocument, validateRule, type RuleDoc } from './mapping-rules';
import type { PreviewRecord } from './statement';

const stored = (fields: Partial<RuleDoc>): RuleDoc =>
  ({ _id: 'map-1', _rev: '1-a', klass: 'Mapping', created_at: '2026-10-01T00:00:00Z', updated_at: '2026-10-01T00:00:00Z', active: true, target: 'outgo', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'x', ...fields }) as RuleDoc;

const record = (fields: Partial<PreviewRecord>): PreviewRecord => ({ line: 2, klass: 'Outgo', date: '2026-10-01', value: 100, description: null, third_party: null, categories: [], problem: null, ...fields });

describe('a rule’s form', () => {
  it('sends one condition as the spec’s fields and several as conditions with their join, clearing the other shape', () => {
    const values = { ...initialRuleValues(), description: ' Uber ', order: '1', text_to_change: 'Transporte, Trabalho' };
    values.conditions = [{ field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'uber' }];
    expect(toRuleDocument(values)).toEqual({
      klass: 'Mapping',
      description: 'Uber',
      active: true,
      order: 1,
      target: 'outgo',
      field_to_watch: 'description',
      kind_of_watch: 'starts_with',
      text_to_match: 'uber',
      conditions: null,
      join: null,
      field_to_change: 'categories',
      kind_of_change: 'replace',
      text_to_change: 'Transporte, Trabalho',
    });
    const two = { ...values, join: 'or' as const, conditions: [...values.conditions, { field_to_watch: 'third_party' as const, kind_of_watch: 'contains' as const, text_to_match: '99' }] };
    expect(toRuleDocument(two, stored({}))).toMatchObject({ _rev: '1-a', conditions: two.conditions, join: 'or', order: 1 });
    expect(toRuleDocument(two, stored({}))).not.toHaveProperty('field_to_watch');
  });

  it('reads a stored rule of either shape back into the form', () => {
    expect(initialRuleValues(stored({ field_to_watch: 'third_party', kind_of_watch: 'equals', text_to_match: 'Uber', order: 3 }))).toMatchObject({
      order: '3',
      conditions: [{ field_to_watch: 'third_party', kind_of_watch: 'equals', text_to_match: 'Uber' }],
    });
    const conditions = [
      { field_to_watch: 'description' as const, kind_of_watch: 'contains' as const, text_to_match: 'a' },
      { field_to_watch: 'categories' as const, kind_of_watch: 'equals' as const, text_to_match: 'b' },
    ];
    expect(initialRuleValues(stored({ conditions, join: 'or' }))).toMatchObject({ conditions, join: 'or' });
  });

  it('needs a text in every condition, a regex JavaScript reads and a whole order', () => {
    const values = initialRuleValues();
    values.conditions = [
      { field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: ' ' },
      { field_to_watch: 'description', kind_of_watch: 'regex', text_to_match: '(' },
    ];
    values.order = '1.5';
    expect(validateRule(values)).toEqual({
      'conditions.0.text_to_match': 'validation.cant-be-blank',
      'conditions.1.text_to_match': 'validation.is-invalid',
      order: 'validation.must-be-an-integer',
    });
  });

  it('puts the service’s answer for a single condition (text_to_match) under the first condition’s input', () => {
    expect(ruleServerErrors({ text_to_match: 'validation.is-invalid', target: 'validation.is-invalid' })).toEqual({ 'conditions.0.text_to_match': 'validation.is-invalid', target: 'validation.is-invalid' });
    expect(ruleServerErrors({ 'conditions.1.text_to_match': 'validation.is-too-long' })).toEqual({ 'conditions.1.text_to_match': 'validation.is-too-long' });
  });
});

describe('rules applied to an import’s preview', () => {
  it('ignores case, applies in order to the target kind only, each rule seeing what the earlier left', () => {
    const rules = compileRules([
      stored({ order: 2, field_to_watch: 'categories', kind_of_watch: 'equals', text_to_match: 'Transporte', field_to_change: 'description', kind_of_change: 'prepend', text_to_change: '[T]' }),
      stored({ order: 1, field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'uber', text_to_change: 'Transporte, Trabalho' }),
      stored({ target: 'income', field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber', text_to_change: 'never' }),
      stored({ active: false, field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'uber', text_to_change: 'inactive' }),
    ]);
    expect(applyRules(rules, record({ description: 'UBER *TRIP' }))).toMatchObject({ description: '[T] UBER *TRIP', categories: ['transporte', 'trabalho'] });
    expect(applyRules(rules, record({ description: 'Padaria' }))).toMatchObject({ description: 'Padaria', categories: [] });
  });

  it('joins conditions by and/or, watches the third party, appends categories and reads a regex', () => {
    const conditions = [
      { field_to_watch: 'third_party' as const, kind_of_watch: 'ends_with' as const, text_to_match: 'ltda' },
      { field_to_watch: 'description' as const, kind_of_watch: 'regex' as const, text_to_match: '^pix\\s+\\d+' },
    ];
    const and = compileRules([stored({ conditions, join: 'and', kind_of_change: 'append', text_to_change: 'Fornecedor' })]);
    const or = compileRules([stored({ conditions, join: 'or', kind_of_change: 'append', text_to_change: 'Fornecedor' })]);
    const pix = record({ description: 'PIX 123', third_party: 'Acme', categories: ['casa'] });
    expect(applyRules(and, pix).categories).toEqual(['casa']);
    expect(applyRules(or, pix).categories).toEqual(['casa', 'fornecedor']);
    expect(applyRules(and, { ...pix, third_party: 'Acme LTDA' }).categories).toEqual(['casa', 'fornecedor']);
  });

  it('cuts a changed description to 1000 characters and a third party to 200, as the import saves them', () => {
    const append = (field: 'description' | 'third_party', text: string) => compileRules([stored({ field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'a', field_to_change: field, kind_of_change: 'append', text_to_change: text })]);
    expect(applyRules(append('description', 'z'.repeat(500)), record({ description: 'a'.repeat(800) })).description).toHaveLength(1000);
    expect(applyRules(append('third_party', 'z'.repeat(150)), record({ description: 'a', third_party: 'b'.repeat(100) })).third_party).toHaveLength(200);
  });
});
