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

  it('refuses a non-string and an over-long pattern', () => {
    expect(() => compileRegex(5)).toThrow('$regex needs a string');
    expect(() => compileRegex('a'.repeat(1001))).toThrow('longer than 1000');
  });
});
