import {
  applyMappings,
  compileMappingRules,
  errors,
  FIELD_MESSAGES as M,
  MAPPING_CHANGE_KINDS,
  MAPPING_JOINS,
  MAPPING_TARGET_KLASS,
  MAPPING_TARGETS,
  MAPPING_WATCH_FIELDS,
  MAPPING_WATCH_KINDS,
  mappingConditions,
  normalizeTags,
  type CompiledMappings,
  type MappableRecord,
  type MappingChange,
  type MappingRule,
} from '@app/proto';
import { compileRegexWatch, type RegexWatch } from './regex-watch';

// Mapping rules (spec §3 Mapping, §4 mapping kinds, §5 tags; issue 14 item 5): when a record of the rule's target
// kind has a field that matches (description, third party or categories; contains, starts_with, ends_with, equals or a
// bounded regex, all ignoring case), change a field (replace, append or prepend a text). The spec's rule watches one
// field; beyond it (Firefly III's users ask for it) a rule may hold several conditions joined by AND or OR — the
// spec's single field_to_watch/kind_of_watch/text_to_match is read as one condition. Active rules apply in `order`,
// each seeing the record as the earlier ones left it. Categories are tags: trimmed, lower-cased, hyphenated.
// Applying them is proto's (proto/src/finance-mapping.ts, which the wallets-upload preview runs too); the service
// checks a rule and runs its regexes with the bounded automaton of regex-watch.ts.

export {
  applyMappings,
  mappingConditions,
  thirdPartyKey,
  type CompiledMappings,
  type MappableRecord,
  type MappedValue,
  type MappingChange,
  type MappingCondition,
  type MappingResult,
  type MappingRule,
} from '@app/proto';
/** the klass each target names (mapping-runs reads it) */
export const TARGET_KLASS = MAPPING_TARGET_KLASS;

const MAX_CONDITIONS = 10;
const MAX_TEXT = 1000;

const oneOf = <T extends string>(list: readonly T[], x: unknown): x is T => typeof x === 'string' && (list as readonly string[]).includes(x);

/** Field errors of a rule (spec §5 keys: `{ "conditions.0.text_to_match": "is-invalid" }`), or null when it is fine. */
export function checkMappingRule(rule: MappingRule): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!oneOf(MAPPING_TARGETS, rule.target)) out.target = M.invalid;
  if (!oneOf(MAPPING_WATCH_FIELDS, rule.field_to_change)) out.field_to_change = M.invalid;
  if (!oneOf(MAPPING_CHANGE_KINDS, rule.kind_of_change)) out.kind_of_change = M.invalid;
  if (typeof rule.text_to_change !== 'string') out.text_to_change = M.invalid;
  else if (rule.text_to_change.length > MAX_TEXT) out.text_to_change = M.tooLong;
  if (rule.join !== undefined && rule.join !== null && !oneOf(MAPPING_JOINS, rule.join)) out.join = M.invalid;
  const several = Array.isArray(rule.conditions) && rule.conditions.length > 0;
  const conditions = mappingConditions(rule);
  const at = (k: number, field: string) => (several ? `conditions.${k}.${field}` : field);
  if (conditions.length === 0) out[at(0, 'text_to_match')] = M.blank;
  if (conditions.length > MAX_CONDITIONS) out.conditions = M.tooLong;
  conditions.forEach((c, k) => {
    if (!oneOf(MAPPING_WATCH_FIELDS, c?.field_to_watch)) out[at(k, 'field_to_watch')] = M.invalid;
    if (!oneOf(MAPPING_WATCH_KINDS, c?.kind_of_watch)) out[at(k, 'kind_of_watch')] = M.invalid;
    if (typeof c?.text_to_match !== 'string') out[at(k, 'text_to_match')] = M.invalid;
    else if (c.kind_of_watch === 'regex') {
      const watch = compileRegexWatch(c.text_to_match);
      if (typeof watch === 'string') out[at(k, 'text_to_match')] = watch;
    } else if (c.text_to_match.length > MAX_TEXT) out[at(k, 'text_to_match')] = M.tooLong;
  });
  return Object.keys(out).length > 0 ? out : null;
}

// ---- compiled rules ----------------------------------------------------------------------------------------------

/** A checked pattern run by the bounded automaton (checkMappingRule has refused the others). */
const runRegex = (pattern: string): RegexWatch | null => {
  const watch = compileRegexWatch(pattern);
  return typeof watch === 'string' ? null : watch;
};

/**
 * The active rules, checked (a 422 with the field errors of the first bad one: a regex over 200 characters is
 * too long, a costly or unsupported one invalid) and sorted by order (then by their place in the list).
 */
export function compileMappings(rules: readonly MappingRule[]): CompiledMappings {
  for (const rule of rules) {
    if (rule.active === false) continue;
    const problems = checkMappingRule(rule);
    if (problems) throw errors.unprocessable(problems);
  }
  return compileMappingRules(rules, runRegex);
}

export interface MappingPreviewItem {
  /** the record's place in the list given */
  index: number;
  _id?: string;
  line?: number;
  klass: string;
  changes: MappingChange[];
  applied: string[];
}

/** What the rules would change on these records (the ones they change only, at most `limit`), changing nothing. */
export function previewMappings(mappings: CompiledMappings, records: readonly MappableRecord[], limit = Infinity): MappingPreviewItem[] {
  const out: MappingPreviewItem[] = [];
  for (let index = 0; index < records.length && out.length < limit; index++) {
    const record = records[index];
    const { changes, applied } = applyMappings(mappings, record);
    if (changes.length === 0) continue;
    out.push({
      index,
      ...(record._id !== undefined ? { _id: record._id } : {}),
      ...(record.line !== undefined ? { line: record.line } : {}),
      klass: record.klass,
      changes,
      applied,
    });
  }
  return out;
}

const asTag = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

/**
 * A rule's categories as it is stored (spec §5: "Mapping categories are trimmed, lowercased and hyphenated"), as the
 * records it writes are: the categories it sets (text_to_change, a comma list) as tags, and the text a condition on
 * categories matches as a tag (a regex is left as typed: it is a pattern, not a tag). Other fields are left as typed.
 */
export function normalizeMappingCategories(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  if (out.field_to_change === 'categories' && typeof out.text_to_change === 'string') out.text_to_change = normalizeTags(out.text_to_change).join(',');
  const tagCondition = <C extends Record<string, unknown>>(c: C): C =>
    c.field_to_watch === 'categories' && c.kind_of_watch !== 'regex' && typeof c.text_to_match === 'string' ? { ...c, text_to_match: asTag(c.text_to_match) } : c;
  if (Array.isArray(out.conditions)) out.conditions = (out.conditions as unknown[]).map((c) => (c && typeof c === 'object' ? tagCondition(c as Record<string, unknown>) : c));
  const single = tagCondition({ field_to_watch: out.field_to_watch, kind_of_watch: out.kind_of_watch, text_to_match: out.text_to_match });
  if (single.text_to_match !== out.text_to_match) out.text_to_match = single.text_to_match;
  return out;
}

