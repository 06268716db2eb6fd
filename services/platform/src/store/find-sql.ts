import { errors, MAX_FIND_LIMIT } from '@app/proto';
import { isPlainObject } from '../mango/json-value';
import type { SelectorNode } from '../mango/selector-ast';
import { SqlParams, selectorSql } from '../mango/selector-sql';
import { parseSelector } from '../mango/selector-validate';
import { parseFields, parseSort, sortSql } from '../mango/sort-fields';

// The SELECT of a find: one account's live documents, optionally only some klasses, the selector, sort and paging.

export const DEFAULT_FIND_LIMIT = 25;

export interface FindSql {
  text: string;
  values: unknown[];
  /** the parsed `fields`, for projectFields() */
  fields: string[][] | undefined;
  /** the page size asked for (after the default) */
  limit: number;
  /**
   * The same page's size in bytes of JSON text, without its bodies: `SELECT bytes`. Asked before a large page is read,
   * so that a page over the answer's bound is refused before the service holds it (1,000 documents of 1 MiB are 1 GiB).
   */
  sizeText: string;
}

export interface FindSqlInput {
  /** the quoted, schema-qualified documents table, e.g. `"tickets"."documents"` */
  table: string;
  db: string;
  query: unknown;
  klasses?: readonly string[];
}

function integer(value: unknown, name: string, dflt: number, max: number): number {
  if (value === undefined) return dflt;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw errors.badRequest(`${name} must be an integer from 0 to ${max}`);
  }
  return value;
}

/**
 * The klasses a selector pins at its top level ({klass: 'X'}, {klass: {$in: [...]}}, also inside top-level $and).
 * They become conditions on the klass column (the same value: the server stamps body.klass), which lets Postgres use
 * the per-klass partial indexes and estimate rows well; the rest of the selector is returned.
 */
function splitKlasses(node: SelectorNode): { klasses: string[][]; rest: SelectorNode } {
  const flatten = (n: SelectorNode): SelectorNode[] => (n.kind === 'and' ? n.children.flatMap(flatten) : [n]);
  const children = flatten(node);
  const klasses: string[][] = [];
  const rest: SelectorNode[] = [];
  for (const c of children) {
    const onKlass = c.kind === 'field' && c.path.length === 1 && c.path[0] === 'klass';
    if (onKlass && c.cond.op === '$eq' && typeof c.cond.value === 'string') klasses.push([c.cond.value]);
    else if (onKlass && c.cond.op === '$in' && c.cond.values.length && c.cond.values.every((v) => typeof v === 'string')) klasses.push(c.cond.values as string[]);
    else rest.push(c);
  }
  return { klasses, rest: rest.length === 1 ? rest[0] : { kind: 'and', children: rest } };
}

export function buildFindSql(input: FindSqlInput): FindSql {
  const query = input.query;
  if (!isPlainObject(query)) throw errors.badRequest('query must be an object');
  if (query.selector === undefined) throw errors.badRequest('selector is required');
  const node = parseSelector(query.selector);
  const sort = parseSort(query.sort);
  const fields = parseFields(query.fields);
  const limit = integer(query.limit, 'limit', DEFAULT_FIND_LIMIT, MAX_FIND_LIMIT);
  const skip = integer(query.skip, 'skip', 0, 1_000_000);

  const p = new SqlParams();
  const where = [`account_id = ${p.add(input.db)}`, 'NOT deleted'];
  if (input.klasses) where.push(input.klasses.length === 1 ? `klass = ${p.add(input.klasses[0])}` : `klass = ANY(${p.add(input.klasses, 'text[]')})`);
  const { klasses, rest } = splitKlasses(node);
  for (const ks of klasses) where.push(ks.length === 1 ? `klass = ${p.add(ks[0])}` : `klass = ANY(${p.add(ks, 'text[]')})`);
  const condition = selectorSql(rest, p);
  if (condition !== 'true') where.push(condition);
  const order = [sortSql(sort), 'id'].filter(Boolean).join(', ');
  const from = `FROM ${input.table} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${p.add(limit, 'integer')} OFFSET ${p.add(skip, 'integer')}`;
  const text = `SELECT body ${from}`;
  // the size the store wrote with each body (its JSON text's bytes); a body is serialised only for a row written
  // without it (a 50 MB page serialised twice outlasted the statement bound under load)
  const sizeText = `SELECT coalesce(sum(coalesce(size, octet_length(body::text))), 0)::bigint AS bytes FROM (SELECT size, body ${from}) AS page`;
  return { text, values: p.values, fields: fields && fields.length ? fields : undefined, limit, sizeText };
}
