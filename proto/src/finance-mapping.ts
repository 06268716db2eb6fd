import { normalizeTags, RECORD_TEXT_MAX } from './finance-records';

// Mapping rules applied to money records (spec §3 Mapping, §4 mapping kinds, §5 tags; issue 14 item 5): when a
// record of the rule's target kind has a field that matches (description, third party or categories; contains,
// starts_with, ends_with, equals or a regex, all ignoring case), change a field (replace, append or prepend a text).
// The spec's rule watches one field; beyond it a rule may hold several conditions joined by AND or OR — the spec's
// single field_to_watch/kind_of_watch/text_to_match is read as one condition. Active rules apply in `order`, each
// seeing the record as the earlier ones left it. The finance service applies them on import and on demand; the
// wallets-upload screen applies the same ones to its preview. Checking a rule stays with the service and the form.
// The regex engine is the caller's (the service runs a bounded automaton, which needs the platform's pattern
// checks; the browser its RegExp): each compiles a pattern into a MappingRegex. Pure, no dependencies.

export const MAPPING_WATCH_FIELDS = ['description', 'third_party', 'categories'] as const;
export type MappingWatchField = (typeof MAPPING_WATCH_FIELDS)[number];
export const MAPPING_WATCH_KINDS = ['contains', 'ends_with', 'equals', 'starts_with', 'regex'] as const;
export type MappingWatchKind = (typeof MAPPING_WATCH_KINDS)[number];
export const MAPPING_CHANGE_KINDS = ['replace', 'append', 'prepend'] as const;
export type MappingChangeKind = (typeof MAPPING_CHANGE_KINDS)[number];
export const MAPPING_TARGETS = ['income', 'outgo', 'transfer', 'exchange'] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];
export const MAPPING_JOINS = ['and', 'or'] as const;
export type MappingJoin = (typeof MAPPING_JOINS)[number];

export type MappedKlass = 'Income' | 'Outgo' | 'Transfer' | 'Exchange';
export const MAPPING_TARGET_KLASS: Record<MappingTarget, MappedKlass> = { income: 'Income', outgo: 'Outgo', transfer: 'Transfer', exchange: 'Exchange' };

/** the characters of a field a regex looks at */
export const MAPPING_WATCHED_CHARS = 1000;

export interface MappingCondition {
  field_to_watch: MappingWatchField;
  kind_of_watch: MappingWatchKind;
  text_to_match: string;
}

export interface MappingRule {
  _id?: string;
  description?: string | null;
  /** absent counts as active */
  active?: boolean;
  /** lower first; absent after every numbered rule */
  order?: number | null;
  target: MappingTarget;
  conditions?: MappingCondition[] | null;
  /** how conditions combine; 'and' when absent */
  join?: MappingJoin | null;
  /** the spec's single condition (used when conditions is absent or empty) */
  field_to_watch?: MappingWatchField;
  kind_of_watch?: MappingWatchKind;
  text_to_match?: string;
  field_to_change: MappingWatchField;
  kind_of_change: MappingChangeKind;
  text_to_change: string;
}

/** A money record as the rules see it (an import's record or a stored Income/Outgo/Transfer/Exchange). */
export interface MappableRecord {
  _id?: string;
  klass: string;
  description?: string | null;
  /** an income's third party */
  paid_by?: string | null;
  /** an outgo's third party */
  paid_to?: string | null;
  categories?: string[] | string | null;
  line?: number;
}

export type MappedValue = string | string[] | null;
export interface MappingChange {
  field: MappingWatchField;
  before: MappedValue;
  after: MappedValue;
}

export interface MappingResult<T> {
  /** the record as the rules leave it (the same object when nothing changed) */
  record: T;
  changes: MappingChange[];
  /** the rules whose conditions held, in the order they applied: their _id, else `#<position in the list>` */
  applied: string[];
}

/** A compiled regex watch: whether the pattern occurs in (the first MAPPING_WATCHED_CHARS characters of) a text, ignoring case. */
export interface MappingRegex {
  test(text: string): boolean;
}
/** A pattern compiled by the caller's engine; null when it can't run it (the condition then never holds). */
export type MappingRegexCompiler = (pattern: string) => MappingRegex | null;

/** The rule's conditions, whichever shape it was saved in. */
export function mappingConditions(rule: MappingRule): MappingCondition[] {
  if (Array.isArray(rule.conditions) && rule.conditions.length > 0) return rule.conditions;
  if (rule.field_to_watch === undefined && rule.kind_of_watch === undefined && rule.text_to_match === undefined) return [];
  return [{ field_to_watch: rule.field_to_watch as MappingWatchField, kind_of_watch: rule.kind_of_watch as MappingWatchKind, text_to_match: rule.text_to_match as string }];
}

// ---- compiled rules ----------------------------------------------------------------------------------------------

interface CompiledCondition {
  field: MappingWatchField;
  kind: MappingWatchKind;
  /** lower case; a tag's form for categories */
  text: string;
  regex: MappingRegex | null;
}
export interface CompiledMappingRule {
  id: string;
  klass: MappedKlass;
  any: boolean;
  conditions: CompiledCondition[];
  field: MappingWatchField;
  kind: MappingChangeKind;
  text: string;
}
/** Active rules in the order they apply; build once, apply to many records. */
export interface CompiledMappings {
  readonly rules: readonly CompiledMappingRule[];
  /** the rules by the klass they apply to */
  readonly byKlass: ReadonlyMap<string, readonly CompiledMappingRule[]>;
}

/** A tag as normalizeTags writes it, for comparing a condition's text with categories. */
const asTag = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

function compileCondition(c: MappingCondition, compileRegex: MappingRegexCompiler): CompiledCondition {
  const regex = c.kind_of_watch === 'regex' ? compileRegex(c.text_to_match) : null;
  const text = c.field_to_watch === 'categories' ? asTag(c.text_to_match) : c.text_to_match.toLowerCase();
  return { field: c.field_to_watch, kind: c.kind_of_watch, text, regex };
}

/** value as it is (for a regex, which ignores case itself) and in lower case (for the others) */
function test(c: CompiledCondition, value: string, lower: string): boolean {
  switch (c.kind) {
    case 'regex':
      return c.regex !== null && c.regex.test(value);
    case 'contains':
      return lower.includes(c.text);
    case 'starts_with':
      return lower.startsWith(c.text);
    case 'ends_with':
      return lower.endsWith(c.text);
    case 'equals':
      return lower === c.text;
  }
}

/**
 * The active rules that have a condition, sorted by order (then by their place in the list), their regexes compiled
 * by `compileRegex`. Rules are taken as given: the service checks them first (and refuses a bad one).
 */
export function compileMappingRules(rules: readonly MappingRule[], compileRegex: MappingRegexCompiler): CompiledMappings {
  const active = rules.map((rule, position) => ({ rule, position })).filter(({ rule }) => rule.active !== false && mappingConditions(rule).length > 0);
  const rank = (r: MappingRule) => (typeof r.order === 'number' && Number.isFinite(r.order) ? r.order : Infinity);
  active.sort((x, y) => rank(x.rule) - rank(y.rule) || x.position - y.position);
  const compiled = active.map(
    ({ rule, position }): CompiledMappingRule => ({
      id: rule._id ?? `#${position}`,
      klass: MAPPING_TARGET_KLASS[rule.target],
      any: rule.join === 'or',
      conditions: mappingConditions(rule).map((c) => compileCondition(c, compileRegex)),
      field: rule.field_to_change,
      kind: rule.kind_of_change,
      text: rule.text_to_change,
    }),
  );
  const byKlass = new Map<string, CompiledMappingRule[]>();
  for (const r of compiled) byKlass.set(r.klass, [...(byKlass.get(r.klass) ?? []), r]);
  return { rules: compiled, byKlass };
}

// ---- applying ----------------------------------------------------------------------------------------------------

/** The record's field holding its third party: paid_by for an income, paid_to for an outgo, none for the others. */
export function thirdPartyKey(klass: string): 'paid_by' | 'paid_to' | null {
  return klass === 'Income' ? 'paid_by' : klass === 'Outgo' ? 'paid_to' : null;
}

/** The watched fields of one record while rules apply: categories normalised and texts lower-cased when first asked. */
class Subject {
  description: string | null;
  third_party: string | null;
  private tags: string[] | null = null;
  private readonly lower: { description?: string; third_party?: string } = {};

  constructor(
    private readonly record: MappableRecord,
    readonly thirdPartyKey: 'paid_by' | 'paid_to' | null,
  ) {
    this.description = record.description ?? null;
    this.third_party = thirdPartyKey ? (record[thirdPartyKey] ?? null) : null;
  }

  get categories(): string[] {
    return (this.tags ??= normalizeTags(this.record.categories));
  }
  set categories(tags: string[]) {
    this.tags = tags;
  }

  holds(c: CompiledCondition): boolean {
    if (c.field === 'categories') return (this.categories.length > 0 ? this.categories : ['']).some((tag) => test(c, tag, tag));
    const value = this[c.field] ?? '';
    return test(c, value, (this.lower[c.field] ??= value.toLowerCase()));
  }

  set(field: 'description' | 'third_party', value: string | null): void {
    this[field] = value;
    delete this.lower[field];
  }
}

/** "a" + "b" → "a b"; no second space when one side already has it, nothing added to an empty side. */
function join(first: string, second: string): string {
  if (!first || !second) return first + second;
  return /\s$/.test(first) || /^\s/.test(second) ? first + second : `${first} ${second}`;
}

function change(rule: CompiledMappingRule, f: Subject): void {
  if (rule.field === 'categories') {
    const added = normalizeTags(rule.text);
    f.categories = rule.kind === 'replace' ? added : normalizeTags(rule.kind === 'append' ? [...f.categories, ...added] : [...added, ...f.categories]);
    return;
  }
  if (rule.field === 'third_party' && !f.thirdPartyKey) return;
  const before = f[rule.field] ?? '';
  const after = rule.kind === 'replace' ? rule.text : rule.kind === 'append' ? join(before, rule.text) : join(rule.text, before);
  const trimmed = after.trim().slice(0, RECORD_TEXT_MAX[rule.field]);
  f.set(rule.field, trimmed === '' ? null : trimmed);
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The record after the rules of its kind, with what changed (texts cut to RECORD_TEXT_MAX, categories as tags). */
export function applyMappings<T extends MappableRecord>(mappings: CompiledMappings, record: T): MappingResult<T> {
  const rules = mappings.byKlass.get(record.klass);
  if (!rules) return { record, changes: [], applied: [] };
  const key = thirdPartyKey(record.klass);
  const f = new Subject(record, key);
  const applied: string[] = [];
  for (const rule of rules) {
    const ok = rule.any ? rule.conditions.some((c) => f.holds(c)) : rule.conditions.every((c) => f.holds(c));
    if (!ok) continue;
    applied.push(rule.id);
    change(rule, f);
  }
  const changes: MappingChange[] = [];
  if (applied.length === 0) return { record, changes, applied };
  const before = new Subject(record, key);
  if (before.description !== f.description) changes.push({ field: 'description', before: before.description, after: f.description });
  if (before.third_party !== f.third_party) changes.push({ field: 'third_party', before: before.third_party, after: f.third_party });
  if (!sameTags(before.categories, f.categories)) changes.push({ field: 'categories', before: before.categories, after: f.categories });
  if (changes.length === 0) return { record, changes, applied };
  const out: T = { ...record };
  for (const c of changes) {
    if (c.field === 'description') out.description = f.description;
    else if (c.field === 'categories') out.categories = f.categories;
    else if (key) out[key] = f.third_party;
  }
  return { record: out, changes, applied };
}
