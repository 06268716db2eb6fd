import { errors } from '@app/proto';
import { FORBIDDEN_KEYS, parseFieldPath } from './field-path';
import { isPlainObject, jsonType, type JsonValue } from './json-value';
import { compileRegex } from './selector-regex';
import type { ComparisonOp, Condition, SelectorNode } from './selector-ast';

// Checks a Mango selector and turns it into a SelectorNode tree; every problem is a 400 bad_request with a reason
// that names it. See selector-sql.ts for what each operator means.

export const MAX_SELECTOR_DEPTH = 20;
export const MAX_CONDITIONS = 200;
export const MAX_OPERAND_VALUES = 1000;

const COMBINATION_OPS = new Set(['$and', '$or', '$nor', '$not']);
const FIELD_OPS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$all', '$exists', '$size', '$regex', '$elemMatch']);

interface Ctx {
  conditions: number;
}

/** Walks any JSON-like value: depth, forbidden keys, and that it is JSON at all (no undefined, NaN, functions…). */
function checkJson(value: unknown, depth: number, what: string): void {
  const type = jsonType(value);
  if (type === undefined) throw errors.badRequest(`${what} must hold only JSON values`);
  if ((type === 'array' || type === 'object') && depth > MAX_SELECTOR_DEPTH) {
    throw errors.badRequest(`${what} is nested deeper than ${MAX_SELECTOR_DEPTH} levels (each object and array is one)`);
  }
  if (type === 'array') for (const v of value as unknown[]) checkJson(v, depth + 1, what);
  else if (type === 'object') {
    if (!isPlainObject(value)) throw errors.badRequest(`${what} must hold only JSON values`);
    for (const [k, v] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(k)) throw errors.badRequest(`key "${k}" is not allowed in ${what}`);
      checkJson(v, depth + 1, what);
    }
  }
}

/** Own enumerable keys (JSON.parse makes "__proto__" an own key; checkJson has refused it already). */
function entries(obj: Record<string, unknown>): [string, unknown][] {
  return Object.keys(obj).map((k) => [k, obj[k]]);
}

function selectorList(op: string, value: unknown, path: string[], inElem: boolean, ctx: Ctx): SelectorNode[] {
  if (!Array.isArray(value) || value.length === 0) throw errors.badRequest(`${op} needs a non-empty array of selectors`);
  return value.map((v) => {
    if (!isPlainObject(v)) throw errors.badRequest(`${op} needs a non-empty array of selectors (objects)`);
    return parseObject(v, path, inElem, ctx);
  });
}

function operandValues(op: string, value: unknown): JsonValue[] {
  if (!Array.isArray(value)) throw errors.badRequest(`${op} needs an array`);
  if (value.length > MAX_OPERAND_VALUES) throw errors.badRequest(`${op} accepts at most ${MAX_OPERAND_VALUES} values`);
  return value as JsonValue[];
}

function condition(op: string, value: unknown): Condition {
  switch (op) {
    case '$eq':
    case '$ne':
      return { op, value: value as JsonValue };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (typeof value !== 'number' && typeof value !== 'string') {
        throw errors.badRequest(`${op} needs a number or a string (it matches only values of the same type)`);
      }
      return { op: op as ComparisonOp, value };
    case '$in':
    case '$nin':
    case '$all':
      return { op, values: operandValues(op, value) };
    case '$exists':
      if (typeof value !== 'boolean') throw errors.badRequest('$exists needs a boolean');
      return { op, value };
    case '$size':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2147483647) {
        throw errors.badRequest('$size needs a non-negative integer');
      }
      return { op, value };
    case '$regex':
      return { op, regex: compileRegex(value) };
    default:
      throw errors.badRequest(`unknown operator ${op}`);
  }
}

function countCondition(ctx: Ctx): void {
  if (++ctx.conditions > MAX_CONDITIONS) throw errors.badRequest(`selector has more than ${MAX_CONDITIONS} conditions`);
}

function parseObject(obj: Record<string, unknown>, path: string[], inElem: boolean, ctx: Ctx): SelectorNode {
  const children: SelectorNode[] = [];
  for (const [key, value] of entries(obj)) {
    if (key.startsWith('$')) {
      if (COMBINATION_OPS.has(key)) {
        if (key === '$not') {
          if (!isPlainObject(value)) throw errors.badRequest('$not needs an object (a selector)');
          children.push({ kind: 'not', child: parseObject(value, path, inElem, ctx) });
        } else {
          children.push({ kind: key.slice(1) as 'and' | 'or' | 'nor', children: selectorList(key, value, path, inElem, ctx) });
        }
        continue;
      }
      if (!FIELD_OPS.has(key)) throw errors.badRequest(`unknown operator ${key}`);
      if (path.length === 0 && !inElem) throw errors.badRequest(`operator ${key} must be applied to a field`);
      countCondition(ctx);
      if (key === '$elemMatch') {
        if (!isPlainObject(value)) throw errors.badRequest('$elemMatch needs an object (a selector)');
        children.push({ kind: 'elemMatch', path, child: parseObject(value, [], true, ctx) });
      } else {
        children.push({ kind: 'field', path, cond: condition(key, value) });
      }
      continue;
    }
    const fieldPath = path.concat(parseFieldPath(key));
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      // {a: {b: 1}} is a.b = 1; {a: {$gt: 1}} applies the operator to a; both may be mixed
      children.push(parseObject(value, fieldPath, inElem, ctx));
    } else {
      countCondition(ctx);
      children.push({ kind: 'field', path: fieldPath, cond: { op: '$eq', value: value as JsonValue } });
    }
  }
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

/** Checks a selector and returns its tree; throws AppError bad_request with a clear reason when it is not valid. */
export function parseSelector(selector: unknown): SelectorNode {
  if (!isPlainObject(selector)) throw errors.badRequest('selector must be an object');
  checkJson(selector, 1, 'selector');
  return parseObject(selector, [], false, { conditions: 0 });
}

/** Throws AppError bad_request when the selector is not valid. */
export function validateSelector(selector: unknown): void {
  parseSelector(selector);
}
