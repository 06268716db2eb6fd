import { errors } from '@app/proto';
import { assertSafeValue, FORBIDDEN_KEYS, isWellFormed } from './body-parser';

// Query-string values the routes read: `fields`, `rev`, `_changes` parameters and CouchDB view parameters. fastify's
// query parser keeps text that is not percent-encoded UTF-8 as sent, so only JSON in a value (`"\ud800"`) can make a
// lone UTF-16 surrogate: the JSON ones are checked like a body.

/** A query parameter given at most once, as text. */
export function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw errors.badRequest(`the query parameter ${name} must be given once`);
  return value;
}

/** `fields` as a comma list (`a,b`) or a JSON array (`["a","b"]`). */
export function parseFields(raw: unknown): string[] | undefined {
  const text = single(raw, 'fields');
  if (text === undefined || text.trim() === '') return undefined;
  let list: unknown;
  if (text.trim().startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      throw errors.badRequest('fields must be a comma list or a JSON array of field names');
    }
  } else {
    list = text.split(',');
  }
  if (!Array.isArray(list) || !list.every((f) => typeof f === 'string')) {
    throw errors.badRequest('fields must be a comma list or a JSON array of field names');
  }
  if (!list.every(isWellFormed)) throw errors.badRequest('fields holds text that is not valid Unicode (a lone UTF-16 surrogate such as \\ud800)');
  const fields = list.map((f: string) => f.trim()).filter(Boolean);
  return fields.length > 0 ? fields : undefined;
}

/** The revision a write is based on: `?rev=` first, else the body's `_rev`. */
export function revOf(queryRev: unknown, body?: Record<string, unknown>): string | undefined {
  const rev = single(queryRev, 'rev');
  if (rev) return rev;
  const bodyRev = body?._rev;
  if (bodyRev === undefined || bodyRev === null) return undefined;
  if (typeof bodyRev !== 'string') throw errors.badRequest('_rev must be a string');
  return bodyRev;
}

/** View parameters are JSON in the query string like CouchDB's (`key="a"`, `group_level=0`); plain text stays text. */
export function parseViewParams(query: Record<string, unknown>, maxDepth: number): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (FORBIDDEN_KEYS.has(name)) throw errors.badRequest(`the query parameter "${name}" is not allowed`);
    const text = single(raw, name)!;
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    params[name] = value;
  }
  assertSafeValue(params, maxDepth, 'a query parameter');
  return params;
}
