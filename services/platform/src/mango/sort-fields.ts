import { errors } from '@app/proto';
import { fieldSql, parseFieldPath } from './field-path';
import { isPlainObject } from './json-value';

// `sort` and `fields` of a find query.
//
// sort: ["a", {"b.c": "desc"}] orders by the jsonb values at those paths (jsonb order across types:
// null < string < number < boolean < array < object; a missing field sorts last ascending, first descending),
// then by id so pages are stable.
// fields: ["a", "b.c"] keeps only those paths (objects only: a path through an array or a scalar keeps nothing);
// _id is always kept.

export const MAX_SORT_KEYS = 10;
export const MAX_FIELDS = 100;

export interface SortKey {
  path: string[];
  direction: 'asc' | 'desc';
}

export function parseSort(sort: unknown): SortKey[] {
  if (sort === undefined) return [];
  if (!Array.isArray(sort)) throw errors.badRequest('sort must be an array');
  if (sort.length > MAX_SORT_KEYS) throw errors.badRequest(`sort accepts at most ${MAX_SORT_KEYS} fields`);
  return sort.map((item): SortKey => {
    if (typeof item === 'string') return { path: parseFieldPath(item), direction: 'asc' };
    if (isPlainObject(item)) {
      const keys = Object.keys(item);
      if (keys.length !== 1) throw errors.badRequest('each sort object must name exactly one field');
      const direction = item[keys[0]];
      if (direction !== 'asc' && direction !== 'desc') {
        throw errors.badRequest(`sort direction of "${keys[0]}" must be "asc" or "desc"`);
      }
      return { path: parseFieldPath(keys[0]), direction };
    }
    throw errors.badRequest('sort items must be field names or {field: "asc"|"desc"}');
  });
}

/** ORDER BY items for the sort keys (without the words ORDER BY); empty for no sort. */
export function sortSql(keys: SortKey[], root = 'body'): string {
  return keys.map((k) => `${fieldSql(root, k.path)} ${k.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', ');
}

export function parseFields(fields: unknown): string[][] | undefined {
  if (fields === undefined) return undefined;
  if (!Array.isArray(fields)) throw errors.badRequest('fields must be an array of field names');
  if (fields.length > MAX_FIELDS) throw errors.badRequest(`fields accepts at most ${MAX_FIELDS} names`);
  return fields.map((f) => {
    if (typeof f !== 'string') throw errors.badRequest('fields must be an array of field names');
    return parseFieldPath(f);
  });
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let t = target;
  for (const seg of path.slice(0, -1)) {
    if (!isPlainObject(t[seg])) t[seg] = {};
    t = t[seg] as Record<string, unknown>;
  }
  t[path[path.length - 1]] = value;
}

function getObjectPath(doc: unknown, path: string[]): unknown {
  let v = doc;
  for (const seg of path) {
    if (!isPlainObject(v) || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = v[seg];
  }
  return v;
}

/** Keeps only the given paths of a document (and its _id); returns the document itself when fields is undefined. */
export function projectFields<T extends Record<string, unknown>>(doc: T, fields: string[][] | undefined): T {
  if (!fields) return doc;
  const out: Record<string, unknown> = {};
  if (doc._id !== undefined) out._id = doc._id;
  for (const path of fields) {
    const v = getObjectPath(doc, path);
    // only objects can be shared with the source; strings and numbers are copied by value anyway
    if (v !== undefined) setPath(out, path, typeof v === 'object' && v !== null ? structuredClone(v) : v);
  }
  return out as T;
}
