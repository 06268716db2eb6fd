import type { Doc, MappingFields, MappingTryRecord, MappingTryReply } from '@app/proto';
import type { z } from 'zod';
import { RULE_MAX_CONDITIONS, type RULE_CHANGE_KINDS, type RULE_FIELDS, type RULE_JOINS, type RULE_TARGETS, type RULE_WATCH_KINDS } from './contract';
import type { Errors } from './field-errors';
import type { PreviewRecord } from './statement';

// Mapping rules (spec §3 Mapping, §4 mapping kinds, §5 tags; beyond the spec several conditions joined by and/or and
// a regex watch): the form's values ↔ the document, the checks made before sending, the sentence a rule reads as, and
// an import's preview rows as the service's `mappings/_update/try` answers them with the group's active rules. The
// browser never runs a rule's pattern (issue 27: JavaScript's backtracking RegExp froze the screen on `(\d|\w)+@`
// and a 44-digit barcode; the service runs its bounded automaton). Pure.

export type RuleDoc = Doc & z.output<typeof MappingFields> & { label?: string | null };
export type RuleTarget = (typeof RULE_TARGETS)[number];
export type RuleField = (typeof RULE_FIELDS)[number];
export type WatchKind = (typeof RULE_WATCH_KINDS)[number];
export type ChangeKind = (typeof RULE_CHANGE_KINDS)[number];
export type RuleJoin = (typeof RULE_JOINS)[number];

export interface ConditionValues {
  field_to_watch: RuleField;
  kind_of_watch: WatchKind;
  text_to_match: string;
}

export interface RuleValues {
  description: string;
  active: boolean;
  /** as typed; '' for none */
  order: string;
  target: RuleTarget;
  conditions: ConditionValues[];
  join: RuleJoin;
  field_to_change: RuleField;
  kind_of_change: ChangeKind;
  text_to_change: string;
}

export const emptyCondition = (): ConditionValues => ({ field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: '' });

/** A rule's conditions, whichever shape it was saved in (the spec's single one, or the list). */
export function conditionsOf(rule: Partial<RuleDoc>): ConditionValues[] {
  if (Array.isArray(rule.conditions) && rule.conditions.length > 0) return rule.conditions.map((c) => ({ ...c }));
  if (rule.field_to_watch === undefined && rule.kind_of_watch === undefined && rule.text_to_match === undefined) return [];
  return [{ field_to_watch: rule.field_to_watch ?? 'description', kind_of_watch: rule.kind_of_watch ?? 'contains', text_to_match: rule.text_to_match ?? '' }];
}

export function initialRuleValues(doc?: RuleDoc): RuleValues {
  const conditions = doc ? conditionsOf(doc) : [];
  return {
    description: doc?.description ?? '',
    active: doc?.active ?? true,
    order: typeof doc?.order === 'number' ? String(doc.order) : '',
    target: doc?.target ?? 'outgo',
    conditions: conditions.length ? conditions : [emptyCondition()],
    join: doc?.join ?? 'and',
    field_to_change: doc?.field_to_change ?? 'categories',
    kind_of_change: doc?.kind_of_change ?? 'replace',
    text_to_change: doc?.text_to_change ?? '',
  };
}

/**
 * The document sent: one condition as the spec's fields (field_to_watch, kind_of_watch, text_to_match), several as
 * `conditions` with their join; the other shape cleared, so an edit from one to several leaves nothing stale.
 */
export function toRuleDocument(values: RuleValues, doc?: RuleDoc): Record<string, unknown> {
  const order = values.order.trim();
  const one = values.conditions.length === 1;
  const [first] = values.conditions;
  return {
    ...(doc ? { _rev: doc._rev } : { klass: 'Mapping' }),
    description: values.description.trim() || null,
    active: values.active,
    order: order === '' ? null : Number(order),
    target: values.target,
    ...(one
      ? { field_to_watch: first.field_to_watch, kind_of_watch: first.kind_of_watch, text_to_match: first.text_to_match, conditions: null, join: null }
      : { conditions: values.conditions.map((c) => ({ ...c })), join: values.join }),
    field_to_change: values.field_to_change,
    kind_of_change: values.kind_of_change,
    text_to_change: values.text_to_change,
  };
}

/** The form's field of a condition: `conditions.1.text_to_match`. */
export const conditionField = (index: number, field: keyof ConditionValues) => `conditions.${index}.${field}`;

const v = (key: string) => `validation.${key}`;

/** Checks before sending (`validation.*` keys): every condition has a text, a regex JavaScript reads, an order ≥ 0. */
export function validateRule(values: RuleValues): Errors {
  const out: Errors = {};
  values.conditions.forEach((c, i) => {
    if (c.text_to_match.trim() === '') out[conditionField(i, 'text_to_match')] = v('cant-be-blank');
    else if (c.kind_of_watch === 'regex') {
      try {
        new RegExp(c.text_to_match);
      } catch {
        out[conditionField(i, 'text_to_match')] = v('is-invalid');
      }
    }
  });
  if (values.conditions.length > RULE_MAX_CONDITIONS) out.conditions = v('is-too-long');
  const order = values.order.trim();
  if (order !== '' && !/^\d{1,6}$/.test(order)) out.order = v('must-be-an-integer');
  return out;
}

/**
 * The service's field errors (@app/ui fieldErrors of a 422's reason) placed on the form's fields: a single condition
 * is answered under the spec's names (text_to_match), several under `conditions.<n>.<field>`; both land on the
 * condition's inputs.
 */
export function ruleServerErrors(errors: Errors): Errors {
  const out: Errors = {};
  for (const [field, key] of Object.entries(errors)) {
    if (field === 'field_to_watch' || field === 'kind_of_watch' || field === 'text_to_match') out[conditionField(0, field)] = key;
    else out[field] = key;
  }
  return out;
}

// ---- an import's preview, as the service maps it ---------------------------------------------------------------------

/** The preview's records the import would save, as the service's `try` takes them (the others are left as they are). */
export function tryRecordsOf(records: readonly PreviewRecord[]): MappingTryRecord[] {
  return records.filter((r) => !r.problem).map((r) => ({ klass: r.klass, description: r.description, third_party: r.third_party, categories: r.categories }));
}

/** The preview's records with the service's answer to tryRecordsOf(records) put back in their places. */
export function withMapped(records: readonly PreviewRecord[], answer: MappingTryReply | undefined): PreviewRecord[] {
  if (!answer) return records.slice();
  let next = 0;
  return records.map((r) => {
    if (r.problem) return r;
    const mapped = answer.records[next++];
    return mapped ? { ...r, description: mapped.description, third_party: mapped.third_party, categories: mapped.categories } : r;
  });
}
