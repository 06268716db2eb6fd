import { getPath } from './field-path';
import { compareCodePoints, jsonEqual, jsonType } from './json-value';
import type { Condition, SelectorNode } from './selector-ast';
import { parseSelector } from './selector-validate';

// The in-memory evaluator: the same rules as the SQL of selector-sql.ts (see the table there), for checking a
// document without the database (change feeds, tests, re-checking a document after a write).

function compare(x: unknown, cond: Extract<Condition, { op: '$gt' | '$gte' | '$lt' | '$lte' }>): boolean {
  let c: number;
  if (typeof cond.value === 'number') {
    if (jsonType(x) !== 'number') return false;
    c = (x as number) < cond.value ? -1 : (x as number) > cond.value ? 1 : 0;
  } else {
    if (typeof x !== 'string') return false;
    c = compareCodePoints(x, cond.value);
  }
  switch (cond.op) {
    case '$gt':
      return c > 0;
    case '$gte':
      return c >= 0;
    case '$lt':
      return c < 0;
    case '$lte':
      return c <= 0;
  }
}

function conditionMatches(x: unknown, cond: Condition): boolean {
  if (cond.op === '$exists') return cond.value === (x !== undefined);
  if (x === undefined) return false;
  switch (cond.op) {
    case '$eq':
      return jsonEqual(x, cond.value);
    case '$ne':
      return !jsonEqual(x, cond.value);
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return compare(x, cond);
    case '$in':
      return cond.values.some((v) => jsonEqual(x, v));
    case '$nin':
      return !cond.values.some((v) => jsonEqual(x, v));
    case '$size':
      return Array.isArray(x) && x.length === cond.value;
    case '$regex':
      return typeof x === 'string' && cond.regex.js.test(x);
    case '$all':
      return Array.isArray(x) && cond.values.every((v) => x.some((e) => jsonEqual(e, v)));
  }
}

/** Evaluates a parsed selector against a JSON value (a document, or an array element inside $elemMatch). */
export function evaluateSelector(node: SelectorNode, root: unknown): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((c) => evaluateSelector(c, root));
    case 'or':
      return node.children.some((c) => evaluateSelector(c, root));
    case 'nor':
      return !node.children.some((c) => evaluateSelector(c, root));
    case 'not':
      return !evaluateSelector(node.child, root);
    case 'field':
      return conditionMatches(getPath(root, node.path), node.cond);
    case 'elemMatch': {
      const x = getPath(root, node.path);
      return Array.isArray(x) && x.some((e) => evaluateSelector(node.child, e));
    }
  }
}

/** Whether a document matches a Mango selector; throws AppError bad_request for an invalid selector. */
export function matchesSelector(doc: unknown, selector: unknown): boolean {
  return evaluateSelector(parseSelector(selector), doc);
}
