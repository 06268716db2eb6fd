import { Pool } from 'pg';
import { AppError } from '@app/proto';
import { compileRegex } from './selector-regex';

// The Postgres ARE and the JavaScript RegExp written from one pattern must accept exactly the same strings.

const PATTERNS = [
  '', 'a', '^a', 'a$', '^$', '.', '^.$', '^..$', 'a.c', '[abc]', '[^abc]', '^[a-c]+$', '[\\d.]', '\\D', '\\w+', '^\\W',
  '\\s', '\\S', '\\bfoo', 'foo\\b', '\\Boo', 'a|b', '^(ab|cd)+$', '(?:x)?y', 'a{2}', 'a{2,}', '^a{1,2}$', 'a*?b', 'a+?',
  '(?i)abc', '(?i)[a-c]', '(?i)[^a-c]', '(?i)É', '\\u00e9', '\\x41', '\\t', '[\\s\\S]', '[\\w-]', '[-a]', '[a-]', '\\.', '\\$',
  '[\\b]', '\\uD83D\\uDE00', '^[😀-😂]$', '[^\\n]', '(?<n>a)b', '^\\/$', '[{}]', 'a{', '}', '\\-', '[\\]]', '[\\\\]',
  'x{0,255}y', '\\r\\n', '[\\u2028]', '^[^]$', '[]',
];

const STRINGS = [
  '', 'a', 'A', 'abc', 'ABC', 'aBc', 'ab', 'cd', 'abcd', 'aa', 'aab', 'b', 'y', 'xy', 'foo', 'foobar', 'a foo', 'xfoo',
  'é', 'É', 'e\u0301', '😀', '😁', '😀😀', '\n', 'a\nc', 'a\r\nb', '\u2028', '\u00a0', '\t', ' ', '1', 'a1', '.', '$', '-',
  'A\tb', '{', '}', ']', '\\', '/', '\u0008', '\uE000', 'ⅰ', '_', 'a-b', 'Ab',
];

describe('$regex: Postgres and JavaScript agree', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
  });

  it.each(PATTERNS)('pattern %j', async (pattern) => {
    const re = compileRegex(pattern);
    const { rows } = await pool.query<{ s: string; m: boolean }>(
      `SELECT s, (s COLLATE "C") ~ $2 AS m FROM unnest($1::text[]) AS t(s)`,
      [STRINGS, re.postgres],
    );
    const fromDb = rows.filter((r) => r.m).map((r) => r.s);
    const inJs = STRINGS.filter((s) => re.js.test(s));
    expect(fromDb).toEqual(inJs);
  });

  it('agrees with JavaScript itself where the syntax means the same', () => {
    for (const p of ['^a', 'a.c', '[^abc]', '\\bfoo', '^(ab|cd)+$', 'a{2,}', '\\s', '[\\w-]']) {
      const native = new RegExp(p, 'u');
      const ours = compileRegex(p).js;
      for (const s of STRINGS) expect([p, s, ours.test(s)]).toEqual([p, s, native.test(s)]);
    }
  });

  it.each([
    ['(', 'invalid $regex'],
    ['a**', 'invalid $regex'],
    ['[b-a]', 'invalid $regex'],
    ['(a)\\1', 'backreferences are not supported'],
    ['(?=a)', 'lookahead and lookbehind are not supported'],
    ['(?<=a)b', 'lookahead and lookbehind are not supported'],
    ['\\p{L}', 'unicode property escapes are not supported'],
    ['a{256}', 'repetition counts must be at most 255'],
    ['\\0', '\\0 and octal escapes are not supported'],
    ['\\cA', '\\c control escapes are not supported'],
    ['(?s)a', 'invalid $regex'],
  ])('refuses %j', (pattern, reason) => {
    let err: unknown;
    try {
      compileRegex(pattern);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).error).toBe('bad_request');
    expect(String((err as AppError).reason)).toContain(reason);
  });

  it('refuses a non-string and a pattern longer than 200 characters', () => {
    expect(() => compileRegex(5)).toThrow('$regex needs a string');
    expect(() => compileRegex('a'.repeat(201))).toThrow('longer than 200');
    expect(compileRegex('a'.repeat(200)).source).toHaveLength(200);
  });
});

// Patterns that make Postgres work for minutes (pg_trgm's analysis of the pattern for the search index does not stop
// when the statement is cancelled): refused before any query runs.
describe('$regex: patterns too costly to run are refused', () => {
  function reasonOf(pattern: string): string {
    try {
      compileRegex(pattern);
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).error).toBe('bad_request');
      return String((e as AppError).reason);
    }
    throw new Error(`${pattern} was accepted`);
  }

  it.each([
    '(a+)+',
    '(a*)*b',
    '([a-z]{1,255}){1,255}[0-9]',
    '(?:[a-z]+){2}',
    '(?:x?y?z?w?){1,125}',
    '(?:a|b?)+',
    '(?:(?:ab)+c)*',
    '(?:(?:a?){3})+',
  ])('a quantifier inside a repeated group: %j', (pattern) => {
    expect(reasonOf(pattern)).toBe('invalid $regex: a repeated group must not contain another quantifier (like (a+)+)');
  });

  it.each(['(?:x|y|z|w|){1,125}', '(?:|a)*', '(?:^|a)+', '(?:\\b)*', '()+'])('a repeated group that can match nothing: %j', (pattern) => {
    expect(reasonOf(pattern)).toBe('invalid $regex: a repeated group must not be able to match an empty string');
  });

  it.each([
    '[a-z]{1,255}[a-z]{1,255}[a-z]{1,255}[a-z]{1,255}',
    '(?:a|b|c|d|e|f|g|h|i|j|k){1,255}',
    '(?:abcdefgh){200}',
    'x{255,}y{255,}z{255,}w{255,}',
  ])('more than 1000 repeated pieces in all: %j', (pattern) => {
    expect(reasonOf(pattern)).toBe('invalid $regex: the pattern repeats too much (at most 1000 characters, counting each repetition)');
  });

  it.each([
    'fan \\(cpu\\)',
    'c\\+\\+ \\(board\\)',
    `${'ab.c \\('.repeat(25)}`,
    '^(ab|cd)+$',
    '(?:ab|c){1,255}',
    '(a+)?b',
    '(?:[a-z]{3})?x',
    '[a-z]{1,250}[a-z]{1,250}[a-z]{1,250}[a-z]{1,250}',
    'a?a?a?a?a?b',
    '\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}',
    '^(?:\\d{3}\\.)+\\d{3}$',
  ])('accepts %j', (pattern) => {
    expect(compileRegex(pattern).source).toBe(pattern);
  });

  it('accepts what the web app sends for any search text of 100 characters (escaped, lowercase)', () => {
    // frontends/tickets searchRegex(): each special character gets a backslash, so 100 typed characters are at most 200
    const typed = '.*+?^${}()|[]\\'.repeat(8).slice(0, 100);
    const sent = typed.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(sent).toHaveLength(200);
    expect(compileRegex(sent).js.test(typed)).toBe(true);
  });
});
