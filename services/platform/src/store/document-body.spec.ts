import { createHash } from 'crypto';
import { AppError } from '@app/proto';
import { newDocId, stampBody, stampBodyText, withText, type StampInput } from './document-body';

// stampBodyText cuts the stored text, the hash's input and the body from one JSON.stringify; these check it against
// the plain way (a JSON round trip of the body, md5 of the parsed body without _rev, then its JSON).

function reference(s: StampInput): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.fields)) if (!['_id', '_rev', 'created_at', 'updated_at', 'created_by', 'klass'].includes(k)) fields[k] = v;
  const body = JSON.parse(JSON.stringify({ _id: s.id, _rev: '', klass: s.klass, ...fields, created_at: s.created_at, updated_at: s.updated_at, created_by: s.created_by }));
  const { _rev, ...rest } = body;
  void _rev;
  body._rev = `${s.n}-${createHash('md5').update(JSON.stringify(rest)).digest('hex')}`;
  return body;
}

function input(fields: Record<string, unknown>, id = 'tkt-0123456789abcdef0123'): StampInput {
  return { id, klass: 'Ticket', n: 3, fields, created_at: '2026-01-02T03:04:05.678Z', created_by: 'usr-a', updated_at: '2026-01-02T03:04:05.678Z' };
}

const withProto: Record<string, unknown> = { title: 'own __proto__ key' };
Object.defineProperty(withProto, '__proto__', { value: { x: 1 }, enumerable: true, configurable: true, writable: true });

const CASES: Array<[string, StampInput]> = [
  ['plain fields', input({ title: 'Leak', priority: 2, done: false, tags: ['a', 'b'], due: null })],
  ['quotes, backslashes, control characters, markup and non-ASCII text', input({ title: 'say "hi" \\ C:\\path\n\ttab \u0001', html: '<p class="x">é – 日本 😀</p></script>' })],
  ['an id that JSON escapes', input({ title: 'x' }, 'tkt-"quoted"\\id')],
  ['nested objects and arrays', input({ due: { date: '2026-03-01', at: [1, 2, { deep: [true, null] }] }, empty: {}, none: [] })],
  ['undefined fields dropped, a Date as its ISO text, a nested toJSON', input({ gone: undefined, when: new Date(Date.UTC(2026, 0, 1)), inner: { toJSON: () => 'replaced' }, list: [undefined, 1] })],
  ['numbers JSON writes in its own way', input({ negZero: -0, big: 1e21, small: 5e-7, frac: 0.1 + 0.2, max: Number.MAX_SAFE_INTEGER })],
  ['client stamps ignored', input({ _id: 'tkt-other', _rev: '9-x', klass: 'Customer', created_at: 'x', updated_at: 'y', created_by: 'usr-evil', title: 't' })],
  ['integer field names (JavaScript orders them first)', input({ title: 't', 7: 'seven', 2: 'two', nested: { 10: 'a', b: 1, 1: 'c' } })],
  ['a field named __proto__', input(withProto)],
  ['an unpaired surrogate (escaped by JSON.stringify)', input({ title: 'a\ud800b' })],
];

describe('stampBodyText', () => {
  it.each(CASES)('%s: the body, _rev and key order of the plain way, its JSON as text and that text\'s UTF-8 size', (_name, s) => {
    const want = reference(s);
    const got = stampBodyText(s);
    expect(got.body).toEqual(want);
    expect(Object.keys(got.body)).toEqual(Object.keys(want));
    expect(got.text).toBe(JSON.stringify(want));
    expect(JSON.stringify(got.body)).toBe(got.text);
    expect(got.size).toBe(Buffer.byteLength(JSON.stringify(want), 'utf8'));
    expect(stampBody(s)).toEqual(want);
  });

  it('a value JSON cannot hold (a BigInt, a cycle) is 400', () => {
    const cyclic: Record<string, unknown> = { title: 'loop' };
    cyclic.self = cyclic;
    for (const fields of [{ n: BigInt(1) }, cyclic]) {
      let err: unknown;
      try {
        stampBodyText(input(fields));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
    }
  });

  it('withText gives a body its JSON and UTF-8 size', () => {
    const body = { _id: 'tkt-1', _rev: '2-x', klass: 'Ticket', _deleted: true, updated_at: 'ü' } as never;
    expect(withText(body)).toEqual({ body, text: JSON.stringify(body), size: Buffer.byteLength(JSON.stringify(body), 'utf8') });
  });
});

describe('newDocId', () => {
  it('is the klass prefix and 20 hex digits, and 5,000 ids (several refills of the random buffer) are all different', () => {
    const ids = Array.from({ length: 5000 }, () => newDocId('Ticket'));
    for (const id of ids) expect(id).toMatch(/^tkt-[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
