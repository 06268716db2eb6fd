import { AppError } from '@app/proto';
import { parseSelector } from './selector-validate';
import { matchesSelector } from './selector-match';
import { parseFields, parseSort, projectFields, sortSql } from './sort-fields';
import { SqlParams, selectorSql } from './selector-sql';

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).error).toBe('bad_request');
    expect((e as AppError).status).toBe(400);
    return String((e as AppError).reason);
  }
  throw new Error('expected a bad_request');
}

function nested(levels: number): Record<string, unknown> {
  let sel: Record<string, unknown> = { x: 1 };
  for (let i = 1; i < levels; i++) sel = { a: sel };
  return sel;
}

describe('selector validation', () => {
  it.each([
    ['unknown operator', { a: { $foo: 1 } }, 'unknown operator $foo'],
    ['unknown top-level operator', { $where: 'x' }, 'unknown operator $where'],
    ['field operator at the top', { $gt: 1 }, 'operator $gt must be applied to a field'],
    ['$in needs an array', { a: { $in: 1 } }, '$in needs an array'],
    ['$nin needs an array', { a: { $nin: 'x' } }, '$nin needs an array'],
    ['$all needs an array', { a: { $all: {} } }, '$all needs an array'],
    ['$size needs an integer', { a: { $size: 1.5 } }, '$size needs a non-negative integer'],
    ['$size not a string', { a: { $size: '2' } }, '$size needs a non-negative integer'],
    ['$exists needs a boolean', { a: { $exists: 1 } }, '$exists needs a boolean'],
    ['$regex needs a string', { a: { $regex: 1 } }, '$regex needs a string'],
    ['invalid JS regex', { a: { $regex: '(' } }, 'invalid $regex'],
    ['$gt of an object', { a: { $gt: {} } }, '$gt needs a number or a string'],
    ['$lte of null', { a: { $lte: null } }, '$lte needs a number or a string'],
    ['$and not an array', { $and: { a: 1 } }, '$and needs a non-empty array of selectors'],
    ['$or empty', { $or: [] }, '$or needs a non-empty array of selectors'],
    ['$nor of non-objects', { $nor: [1] }, '$nor needs a non-empty array of selectors'],
    ['$and of arrays', { $and: [[{ a: 1 }]] }, '$and needs a non-empty array of selectors'],
    ['$not of a value', { a: { $not: 1 } }, '$not needs an object'],
    ['$elemMatch of a value', { a: { $elemMatch: 1 } }, '$elemMatch needs an object'],
    ['__proto__ field', JSON.parse('{"__proto__": 1}'), '"__proto__" is not allowed'],
    ['constructor field', { constructor: 1 }, 'is not allowed'],
    ['prototype in a dotted path', { 'a.prototype.b': 1 }, 'is not allowed'],
    ['__proto__ inside an operand', { a: { $eq: JSON.parse('{"__proto__": {"x": 1}}') } }, '"__proto__" is not allowed'],
    ['constructor inside $elemMatch', { a: { $elemMatch: { constructor: 1 } } }, 'is not allowed'],
    ['empty field name', { '': 1 }, 'field names must be non-empty'],
    ['empty path segment', { 'a..b': 1 }, 'empty segment'],
    ['segment starting with $', { 'a.$b': 1 }, 'cannot start with $'],
    ['NUL in a field name', { 'a\u0000b': 1 }, 'NUL'],
    ['a selector that is not an object', [] as unknown as Record<string, unknown>, 'selector must be an object'],
    ['undefined value', { a: undefined }, 'only JSON values'],
    ['NaN value', { a: NaN }, 'only JSON values'],
    ['too many conditions', Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, i])), 'more than 200 conditions'],
    ['too many $in values', { a: { $in: Array.from({ length: 1001 }, (_, i) => i) } }, 'at most 1000 values'],
  ])('%s', (_name, selector, reason) => {
    expect(reasonOf(() => parseSelector(selector))).toContain(reason);
    expect(reasonOf(() => matchesSelector({}, selector))).toContain(reason);
  });

  it('refuses nesting deeper than 20 levels, and 50', () => {
    expect(() => parseSelector(nested(20))).not.toThrow();
    expect(reasonOf(() => parseSelector(nested(21)))).toContain('nested deeper than 20 levels');
    expect(reasonOf(() => parseSelector(nested(50)))).toContain('nested deeper than 20 levels');
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 50; i++) deep = { $and: [deep] };
    expect(reasonOf(() => parseSelector(deep))).toContain('nested deeper than 20 levels');
  });

  it('counts every object and array as a level, so nine nested $and fit and ten do not, and says so', () => {
    const and = (levels: number) => {
      let s: Record<string, unknown> = { a: 1 };
      for (let i = 0; i < levels; i++) s = { $and: [s] };
      return s;
    };
    expect(() => parseSelector(and(9))).not.toThrow();
    expect(reasonOf(() => parseSelector(and(10)))).toBe('selector is nested deeper than 20 levels (each object and array is one)');
  });

  it('keeps field names out of the SQL text except as escaped literals, and values as parameters', () => {
    const p = new SqlParams();
    const sql = selectorSql(parseSelector({ "x'); DROP TABLE t; --": 'v', 'a\\"b\\\\c': { $gt: 'o\'k' } }), p);
    expect(sql).toContain(`'{"x''); DROP TABLE t; --"}'::text[]`);
    expect(sql).toContain("(body #> E'{"); // a backslash in a name gives an E'' literal; Postgres reads it back in the store spec
    expect(sql).not.toContain("o'k");
    expect(p.values).toEqual(['"v"', '"o\'k"']);
  });

  it('checks sort and fields', () => {
    expect(parseSort(['a', { 'b.c': 'desc' }])).toEqual([
      { path: ['a'], direction: 'asc' },
      { path: ['b', 'c'], direction: 'desc' },
    ]);
    expect(sortSql(parseSort(['a', { 'b.c': 'desc' }]))).toBe(`(body #> '{a}'::text[]) ASC, (body #> '{b,c}'::text[]) DESC`);
    expect(reasonOf(() => parseSort([{ a: 'up' }]))).toContain('must be "asc" or "desc"');
    expect(reasonOf(() => parseSort([{ a: 'asc', b: 'asc' }]))).toContain('exactly one field');
    expect(reasonOf(() => parseSort('a'))).toContain('sort must be an array');
    expect(reasonOf(() => parseSort([5]))).toContain('sort items must be');
    expect(reasonOf(() => parseSort(['__proto__']))).toContain('not allowed');
    expect(reasonOf(() => parseFields(['a', 5]))).toContain('fields must be an array of field names');
    expect(reasonOf(() => parseFields(['constructor']))).toContain('not allowed');
  });

  it('projects fields, keeping _id and nested paths', () => {
    const doc = { _id: 'tkt-1', _rev: '1-x', a: 1, b: { c: 2, d: 3 }, e: [{ f: 1 }] };
    expect(projectFields(doc, parseFields(['a', 'b.c', 'missing', 'e.0.f']))).toEqual({ _id: 'tkt-1', a: 1, b: { c: 2 } });
    expect(projectFields(doc, parseFields(['b']))).toEqual({ _id: 'tkt-1', b: { c: 2, d: 3 } });
    const projected = projectFields(doc, parseFields(['b', 'b.c']));
    (projected.b as Record<string, unknown>).c = 99;
    expect(doc.b.c).toBe(2);
  });
});
