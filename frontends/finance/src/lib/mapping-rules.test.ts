import { describe, expect, it } from 'vitest';
import { initialRuleValues, ruleServerErrors, toRuleDocument, tryRecordsOf, validateRule, withMapped, type RuleDoc } from './mapping-rules';
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

describe('an import’s preview as the service maps it (issue 27 #1: the browser runs no rule)', () => {
  const rows = [
    record({ line: 2, description: 'UBER *TRIP', third_party: 'Uber', categories: ['x'] }),
    record({ line: 3, description: 'Saldo', problem: 'no-date' }),
    record({ line: 4, klass: 'Income', description: 'PIX', third_party: null }),
  ];

  it('sends the records the import would save, without their lines, dates and amounts', () => {
    expect(tryRecordsOf(rows)).toEqual([
      { klass: 'Outgo', description: 'UBER *TRIP', third_party: 'Uber', categories: ['x'] },
      { klass: 'Income', description: 'PIX', third_party: null, categories: [] },
    ]);
  });

  it('puts the answer back in their places, the others as they were; without an answer (yet) the records as read', () => {
    const answer = {
      records: [
        { klass: 'Outgo' as const, description: '[T] UBER *TRIP', third_party: 'Uber', categories: ['transporte'], applied: ['map-1'] },
        { klass: 'Income' as const, description: 'PIX', third_party: 'Banco', categories: [], applied: ['map-2'] },
      ],
    };
    expect(withMapped(rows, answer)).toEqual([
      { ...rows[0], description: '[T] UBER *TRIP', categories: ['transporte'] },
      rows[1],
      { ...rows[2], third_party: 'Banco' },
    ]);
    expect(withMapped(rows, undefined)).toEqual(rows);
  });
});
