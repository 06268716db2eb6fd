import { fieldSql } from './field-path';
import type { Condition, SelectorNode } from './selector-ast';

// Mango selector → a parameterized SQL condition over a jsonb column. What each operator means (matchesSelector()
// in selector-match.ts implements the very same rules in memory):
//
//   field paths  "a.b" and {a: {b: …}} both read body #> '{a,b}'; a segment steps into an object by key or an array
//                by index. A field is missing when the path leads nowhere (SQL NULL); JSON null is a value.
//   existence    every field condition except {$exists: false} needs the field to exist. So $ne and $nin match only
//                present fields, and {$not: {…}} around a condition does match documents without the field.
//   $eq $ne      JSON deep equality (jsonb =): numbers by value, objects by keys in any order, arrays in order.
//                {a: 1} is {a: {$eq: 1}}; {a: [1, 2]} and {a: {}} are equality with that array / object; an array
//                field does NOT match a single element (no MongoDB-style array unwinding; use $elemMatch or $all).
//   $in $nin     deep equality with any / none of the values; {$in: []} matches nothing, {$nin: []} every present field.
//   $gt $gte $lt $lte   operand must be a number or a string and only values of that same JSON type match: numbers
//                numerically, strings by code point (jsonb compares strings by the database collation, which must be
//                "C" — test databases are created that way, create product databases the same way).
//   $exists      true: the field is present (null counts as present); false: it is missing.
//   $regex       only strings match; the pattern is a JavaScript regex, written out as an equivalent Postgres ARE
//                (see selector-regex.ts), a leading (?i) makes it ASCII case-insensitive; matched with COLLATE "C".
//   $elemMatch   the field is an array with an element matching the sub-selector, the element being its root:
//                {$elemMatch: {$gt: 3}} and {$elemMatch: {name: "x"}} both work; {$elemMatch: {}} = non-empty array.
//   $all         the field is an array with an element equal to each value; {$all: []} matches every array.
//   $size        the field is an array of exactly that length.
//   $and $or $nor $not   over sub-selectors on the same level (also inside a field: {a: {$or: [{$lt: 1}, {$gt: 9}]}}).
//                An empty selector {} matches every document.
//
// Every generated condition yields true or false, never NULL (each leaf starts with `x IS NOT NULL AND` or is a
// CASE … ELSE false), so NOT and $nor invert exactly. Field paths are written as escaped text[] literals by
// fieldSql() — the same expression the per-klass indexes are declared on — and all values are bind parameters.

/** Collects bind parameters and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[];
  constructor(values: unknown[] = []) {
    this.values = values;
  }
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
  json(value: unknown): string {
    return this.add(JSON.stringify(value), 'jsonb');
  }
}

const COMPARE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function conditionSql(x: string, cond: Condition, p: SqlParams): string {
  switch (cond.op) {
    case '$eq':
      return `(${x} IS NOT NULL AND ${x} = ${p.json(cond.value)})`;
    case '$ne':
      return `(${x} IS NOT NULL AND ${x} <> ${p.json(cond.value)})`;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const type = typeof cond.value === 'number' ? 'number' : 'string';
      return `(${x} IS NOT NULL AND jsonb_typeof(${x}) = '${type}' AND ${x} ${COMPARE_SQL[cond.op]} ${p.json(cond.value)})`;
    }
    case '$in':
      if (cond.values.length === 0) return 'false';
      return `(${x} IS NOT NULL AND ${x} IN (${cond.values.map((v) => p.json(v)).join(', ')}))`;
    case '$nin':
      if (cond.values.length === 0) return `(${x} IS NOT NULL)`;
      return `(${x} IS NOT NULL AND ${x} NOT IN (${cond.values.map((v) => p.json(v)).join(', ')}))`;
    case '$exists':
      return cond.value ? `(${x} IS NOT NULL)` : `(${x} IS NULL)`;
    case '$size':
      return `(CASE WHEN jsonb_typeof(${x}) = 'array' THEN jsonb_array_length(${x}) = ${p.add(cond.value, 'integer')} ELSE false END)`;
    case '$regex':
      return `(${x} IS NOT NULL AND jsonb_typeof(${x}) = 'string' AND ((${x} #>> '{}') COLLATE "C") ~ ${p.add(cond.regex.postgres, 'text')})`;
    case '$all': {
      // Containment is exact for scalars; objects and arrays need element equality (@> would match sub-objects).
      const scalars = cond.values.filter(isScalar);
      const parts = scalars.length ? [`${x} @> ${p.json(scalars)}`] : [];
      for (const v of cond.values.filter((v) => !isScalar(v))) {
        parts.push(`EXISTS (SELECT 1 FROM jsonb_array_elements(${x}) AS a(v) WHERE a.v = ${p.json(v)})`);
      }
      return `(CASE WHEN jsonb_typeof(${x}) = 'array' THEN ${parts.length ? parts.join(' AND ') : 'true'} ELSE false END)`;
    }
  }
}

function nodeSql(node: SelectorNode, root: string, p: SqlParams, alias: { n: number }): string {
  switch (node.kind) {
    case 'and':
      return node.children.length ? `(${node.children.map((c) => nodeSql(c, root, p, alias)).join(' AND ')})` : 'true';
    case 'or':
      return `(${node.children.map((c) => nodeSql(c, root, p, alias)).join(' OR ')})`;
    case 'nor':
      return `(NOT (${node.children.map((c) => nodeSql(c, root, p, alias)).join(' OR ')}))`;
    case 'not':
      return `(NOT ${nodeSql(node.child, root, p, alias)})`;
    case 'field':
      return conditionSql(fieldSql(root, node.path), node.cond, p);
    case 'elemMatch': {
      const x = fieldSql(root, node.path);
      const e = `e${++alias.n}`;
      const inner = nodeSql(node.child, `${e}.v`, p, alias);
      return `(CASE WHEN jsonb_typeof(${x}) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${x}) AS ${e}(v) WHERE ${inner}) ELSE false END)`;
    }
  }
}

/**
 * The SQL condition for a parsed selector over the jsonb expression `root` (a column name, default `body`).
 * Values are appended to `params`; the result is always true or false for every row, never NULL.
 */
export function selectorSql(node: SelectorNode, params: SqlParams, root = 'body'): string {
  return nodeSql(node, root, params, { n: 0 });
}
