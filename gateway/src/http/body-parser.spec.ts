import { AppError } from '@app/proto';
import { assertJsonDepth, assertSafeValue, objectBody, parseFormBody, parseJsonBody } from './body-parser';

function nested(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}

function reasonOf(fn: () => unknown): { status: number; reason: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, reason: err.reason };
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('parseJsonBody', () => {
  it('parses JSON and treats an empty body as no body', () => {
    expect(parseJsonBody('{"a":[1,{"b":null}]}', 50)).toEqual({ a: [1, { b: null }] });
    expect(parseJsonBody('  ', 50)).toBeUndefined();
  });

  it('answers invalid JSON with 400 and the parser message', () => {
    const r = reasonOf(() => parseJsonBody('{"a":', 50));
    expect(r.status).toBe(400);
    expect(r.reason).toMatch(/^invalid JSON: /);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s at any depth, naming it', (key) => {
    for (const text of [`{"${key}":{}}`, `{"a":{"b":[{"${key}":1}]}}`, `[{"x":{"${key}":"y"}}]`]) {
      const r = reasonOf(() => parseJsonBody(text, 50));
      expect(r.status).toBe(400);
      expect(r.reason).toContain(`"${key}"`);
    }
  });

  it('allows those words as values and inside longer keys', () => {
    expect(parseJsonBody('{"klass":"constructor","my_prototype":1,"x":["__proto__"]}', 50)).toEqual({
      klass: 'constructor',
      my_prototype: 1,
      x: ['__proto__'],
    });
  });

  it('accepts 50 levels and refuses 51', () => {
    expect(() => parseJsonBody(nested(50), 50)).not.toThrow();
    const r = reasonOf(() => parseJsonBody(nested(51), 50));
    expect(r.status).toBe(400);
    expect(r.reason).toBe('the body is nested deeper than 50 levels');
  });

  it('counts arrays as levels and ignores brackets inside strings', () => {
    expect(() => assertJsonDepth('['.repeat(51) + ']'.repeat(51), 50)).toThrow(AppError);
    expect(() => assertJsonDepth(`{"a":"${'{'.repeat(200)}\\"${'['.repeat(200)}"}`, 50)).not.toThrow();
  });

  it('refuses a deep body long before parsing a huge one', () => {
    const text = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(() => parseJsonBody(text, 50)).toThrow('nested deeper');
  });
});

describe('text that is not valid Unicode', () => {
  it.each([
    ['a string value', '{"email":"a\\ud800@example.com"}'],
    ['a lone low surrogate', '{"a":"\\udc00"}'],
    ['a high surrogate at the end of a string', '{"a":"x\\uD83D"}'],
    ['a string in an array', '{"a":{"b":["ok","\\ud800"]}}'],
    ['a key', '{"selector":{"k\\ud800":1}}'],
    ['the whole body', '"\\ud800"'],
  ])('refuses a lone UTF-16 surrogate in %s with 400', (_where, text) => {
    const r = reasonOf(() => parseJsonBody(text, 50));
    expect(r.status).toBe(400);
    expect(r.reason).toBe('the body holds text that is not valid Unicode (a lone UTF-16 surrogate such as \\ud800)');
  });

  it('accepts surrogate pairs (escaped or not), non-ASCII text and an escaped backslash before "ud800"', () => {
    expect(parseJsonBody('{"a":"\\ud83d\\ude00 😀 ação","k\\ud83d\\ude00":1,"b":"\\\\ud800"}', 50)).toEqual({ a: '😀 😀 ação', 'k😀': 1, b: '\\ud800' });
  });

  it('names the place in the reason', () => {
    expect(() => assertSafeValue({ key: '\ud800' }, 50, 'a query parameter')).toThrow('a query parameter holds text that is not valid Unicode');
  });
});

describe('assertSafeValue', () => {
  it('checks parsed values too (query parameters)', () => {
    expect(() => assertSafeValue({ a: JSON.parse('{"__proto__":1}') }, 50)).toThrow('"__proto__"');
    expect(() => assertSafeValue(JSON.parse(nested(51)), 50)).toThrow('nested deeper');
  });
});

describe('parseFormBody', () => {
  it('parses form fields; a repeated name becomes a list', () => {
    expect(parseFormBody('username=a%40b.c&password=p+w&x=1&x=2')).toEqual({ username: 'a@b.c', password: 'p w', x: ['1', '2'] });
  });

  it('decodes bytes that are not UTF-8 (a surrogate, %ED%A0%80) to U+FFFD: a form never holds a lone surrogate', () => {
    expect(parseFormBody('username=%ED%A0%80')).toEqual({ username: '\ufffd\ufffd\ufffd' });
  });

  it('refuses a forbidden key', () => {
    expect(() => parseFormBody('__proto__=1')).toThrow('"__proto__"');
    expect(() => parseFormBody('constructor=1')).toThrow('"constructor"');
  });
});

describe('objectBody', () => {
  it('takes objects, treats no body as empty, refuses other JSON', () => {
    expect(objectBody({ a: 1 })).toEqual({ a: 1 });
    expect(objectBody(undefined)).toEqual({});
    expect(() => objectBody([1])).toThrow('the body must be a JSON object');
    expect(() => objectBody('x')).toThrow('the body must be a JSON object');
  });
});
