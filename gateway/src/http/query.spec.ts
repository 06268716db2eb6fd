import { parseFields, parseViewParams, revOf } from './query';

describe('query parameters', () => {
  it('reads fields as a comma list or a JSON array', () => {
    expect(parseFields('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseFields('["a","b.c"]')).toEqual(['a', 'b.c']);
    expect(parseFields(undefined)).toBeUndefined();
    expect(parseFields('')).toBeUndefined();
    expect(() => parseFields('[1,2]')).toThrow('fields must be');
    expect(() => parseFields('[oops')).toThrow('fields must be');
    expect(() => parseFields(['a', 'b'])).toThrow('given once');
  });

  it('refuses a lone UTF-16 surrogate in JSON fields and view parameters', () => {
    expect(() => parseFields('["_id","\\ud800"]')).toThrow('fields holds text that is not valid Unicode');
    expect(() => parseViewParams({ key: '"\\ud800"' }, 50)).toThrow('a query parameter holds text that is not valid Unicode');
    expect(() => parseViewParams({ startkey: '[{"\\udfff":1}]' }, 50)).toThrow('not valid Unicode');
    expect(parseFields('["\\ud83d\\ude00"]')).toEqual(['😀']);
  });

  it('takes rev from the query, else the body', () => {
    expect(revOf('2-x', { _rev: '1-y' })).toBe('2-x');
    expect(revOf(undefined, { _rev: '1-y' })).toBe('1-y');
    expect(revOf(undefined, {})).toBeUndefined();
    expect(() => revOf(undefined, { _rev: 3 })).toThrow('_rev must be a string');
  });

  it('reads view parameters as JSON where they are JSON', () => {
    expect(parseViewParams({ group_level: '0', key: '"a"', startkey: '["x",1]', stale: 'ok' }, 50)).toEqual({
      group_level: 0,
      key: 'a',
      startkey: ['x', 1],
      stale: 'ok',
    });
    expect(() => parseViewParams({ key: '{"__proto__":{}}' }, 50)).toThrow('"__proto__"');
    expect(() => parseViewParams(JSON.parse('{"__proto__":"{}"}'), 50)).toThrow('query parameter "__proto__"');
  });
});
