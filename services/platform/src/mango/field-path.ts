import { errors } from '@app/proto';

// Field paths: "a.b.c" names the path [a, b, c] into a document (a `\.` keeps a dot inside a name, as CouchDB does).
// SQL reads a path with jsonb `#>` and a text[] literal, so a segment steps into an object by key or into an array
// by index; getPath() below does exactly what `#>` does, including its integer parsing (leading blanks and a sign
// are accepted, "-1" is the last element, an index outside int32 or the array gives nothing).

/** Keys refused anywhere in a selector, a field name, a sort or a projection. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const MAX_PATH_SEGMENTS = 20;
export const MAX_FIELD_NAME_LENGTH = 300;

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** Splits a field name on unescaped dots and checks every segment; throws a 400 for a bad name. */
export function parseFieldPath(name: string): string[] {
  if (typeof name !== 'string' || name.length === 0) throw errors.badRequest('field names must be non-empty strings');
  if (name.length > MAX_FIELD_NAME_LENGTH) throw errors.badRequest(`field name is longer than ${MAX_FIELD_NAME_LENGTH} characters`);
  if (name.includes('\u0000')) throw errors.badRequest('field names must not contain NUL characters');
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '\\' && name[i + 1] === '.') {
      current += '.';
      i++;
    } else if (c === '.') {
      segments.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  segments.push(current);
  for (const s of segments) {
    if (s === '') throw errors.badRequest(`invalid field name "${name}": empty segment`);
    if (s.startsWith('$')) throw errors.badRequest(`invalid field name "${name}": a segment cannot start with $`);
    if (isForbiddenKey(s)) throw errors.badRequest(`field name "${name}" is not allowed`);
  }
  if (segments.length > MAX_PATH_SEGMENTS) throw errors.badRequest(`field name "${name}" has more than ${MAX_PATH_SEGMENTS} segments`);
  return segments;
}

const INT_SEGMENT = /^[ \t\n\v\f\r]*[+-]?[0-9]+$/;
const INT32_MAX = 2147483647;

/** The array element a path segment selects, as jsonb `#>` (C strtol into an int) picks it; undefined for none. */
export function arrayIndex(segment: string, length: number): number | undefined {
  if (!INT_SEGMENT.test(segment)) return undefined;
  const n = Number(segment.trim());
  if (!Number.isSafeInteger(n) || n > INT32_MAX || n < -INT32_MAX - 1) return undefined;
  const idx = n < 0 ? length + n : n;
  return idx >= 0 && idx < length ? idx : undefined;
}

/** The value at a path, exactly as `value #> path` yields it; undefined stands for SQL NULL (nothing there). */
export function getPath(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const seg of path) {
    if (Array.isArray(v)) {
      const idx = arrayIndex(seg, v.length);
      if (idx === undefined) return undefined;
      v = v[idx];
    } else if (v !== null && typeof v === 'object') {
      if (!Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
      v = (v as Record<string, unknown>)[seg];
    } else {
      return undefined;
    }
  }
  return v;
}

/** A SQL string literal that is safe whatever standard_conforming_strings says (E'' when a backslash is present). */
export function sqlStringLiteral(s: string): string {
  if (s.includes('\u0000')) throw errors.badRequest('text must not contain NUL characters');
  const quoted = s.replace(/'/g, "''");
  return s.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** The Postgres text[] literal for a path, e.g. `'{a,b}'::text[]`. */
export function pathLiteral(path: readonly string[]): string {
  const items = path.map((s) => (/^[A-Za-z0-9_]+$/.test(s) && !/^null$/i.test(s) ? s : `"${s.replace(/[\\"]/g, '\\$&')}"`));
  return `${sqlStringLiteral(`{${items.join(',')}}`)}::text[]`;
}

/**
 * The SQL expression reading a path from a jsonb expression: `(body #> '{a,b}'::text[])`. The store's queries and
 * the per-klass expression indexes both use this function, so an index matches the query that filters on it.
 */
export function fieldSql(root: string, path: readonly string[]): string {
  return path.length === 0 ? root : `(${root} #> ${pathLiteral(path)})`;
}
