import { AppError } from '@app/proto';
import { inOrderOfRefs, itemIdPrefixes, itemLookup, itemNumber, longItemId, parseItemRef, parseItemRefs, refersTo, shortItemId } from './item-ids';

const ID = 'rit-5d0cfa30041d4348a1b2'; // the platform's ids: 20 hex digits
const HIGH = 'rit-dd0cfa30041d4348a1b2'; // top bit set in its first 64 bits

describe('Google Reader item ids', () => {
  it('writes an item as the long form and the decimal short form of the same 63-bit number', () => {
    expect(longItemId(ID)).toBe('tag:google.com,2005:reader/item/5d0cfa30041d4348');
    expect(shortItemId(ID)).toBe('6705009029382226760');
    expect(BigInt(shortItemId(ID)).toString(16)).toBe('5d0cfa30041d4348');
  });

  it('keeps every number below 2^63 (clients parse it as a signed 64-bit integer)', () => {
    expect(longItemId(HIGH)).toBe('tag:google.com,2005:reader/item/5d0cfa30041d4348');
    expect(BigInt(shortItemId(HIGH)) < 2n ** 63n).toBe(true);
    expect(itemNumber('rit-ffffffffffffffff')).toBe(2n ** 63n - 1n);
  });

  it('reads back the long form, the decimal form and a negative (signed) decimal as the same number', () => {
    const n = itemNumber(ID);
    expect(parseItemRef(longItemId(ID))).toEqual({ number: n });
    expect(parseItemRef(shortItemId(ID))).toEqual({ number: n });
    expect(parseItemRef('tag:google.com,2005:reader/item/DD0CFA30041D4348')).toEqual({ number: n });
    expect(parseItemRef((n - 2n ** 63n).toString())).toEqual({ number: n }); // the top bit set, as int64 prints it
    expect(parseItemRef('42')).toEqual({ number: 42n });
    expect(parseItemRef(ID)).toEqual({ id: ID });
  });

  it('finds the item back by two id prefixes holding its 16 digits with the top bit either way, and nothing else', () => {
    const found = (prefixes: string[], id: string) => prefixes.some((p) => id.startsWith(p) && id >= p && id < `${p}g`);
    const prefixes = itemIdPrefixes(itemNumber(ID));
    expect(prefixes).toEqual(['rit-5d0cfa30041d4348', 'rit-dd0cfa30041d4348']);
    expect(found(prefixes, ID)).toBe(true);
    expect(found(prefixes, HIGH)).toBe(true);
    expect(found(prefixes, 'rit-5d0cfa30041d4349a1b2')).toBe(false);
    expect(found(prefixes, 'rit-6d0cfa30041d4348a1b2')).toBe(false);
    expect(found(itemIdPrefixes(0n), 'rit-0000000000000000')).toBe(true);
    expect(found(itemIdPrefixes(0n), 'rit-8000000000000000ffff')).toBe(true);
    expect(refersTo(parseItemRef(shortItemId(ID)), ID)).toBe(true);
    expect(refersTo(parseItemRef(shortItemId(ID)), 'rit-1d0cfa30041d4348a1b2')).toBe(false);
  });

  it('refuses what is no item id with a 400', () => {
    for (const bad of ['', 'abc', 'tag:google.com,2005:reader/item/xyz', '123456789012345678901', 'rit-xyz', '1e5', `${2n ** 64n}`]) {
      expect(() => parseItemRef(bad)).toThrow(AppError);
      try {
        parseItemRef(bad);
      } catch (err) {
        expect((err as AppError).status).toBe(400);
      }
    }
  });

  it('takes up to 1,000 ids in one call and refuses 1,001 with a 400 that says how many it takes', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(parseItemRefs(ids(1000))).toHaveLength(1000);
    for (const [values, reason] of [
      [ids(1001), /^at most 1000 item ids \(i=…\) at once, this call names 1001/],
      [[], /^no item ids/],
    ] as const) {
      try {
        parseItemRefs([...values]);
        throw new Error('not refused');
      } catch (err) {
        expect([(err as AppError).status, (err as AppError).toWire().error, (err as AppError).toWire().reason]).toEqual([400, 'bad_request', expect.stringMatching(reason)]);
      }
    }
  });

  it('asks the reader for 1,000 numbers as 2,000 prefixes in one look-up (no selector of conditions), own ids as they are', () => {
    const refs = parseItemRefs([...Array.from({ length: 999 }, (_, i) => String(i * 7919 + 1)), ID]);
    const lookup = itemLookup(refs);
    expect([lookup.ids, lookup.prefixes.length]).toEqual([[ID], 1998]);
    // the same number twice is asked once
    expect(itemLookup(parseItemRefs(['42', '42', longItemId(ID), shortItemId(ID)])).prefixes).toHaveLength(4);
  });

  it('puts the items found back in the order the refs named them, each once, leaving out refs that name nothing', () => {
    const a = { _id: 'rit-00000000000000010000' };
    const b = { _id: 'rit-00000000000000020000' };
    const bHigh = { _id: 'rit-80000000000000020000' }; // the same number as b
    const found = [a, b, bHigh];
    const refs = parseItemRefs(['2', '99', a._id, '1', longItemId(b._id)]);
    expect(inOrderOfRefs(refs, found).map((i) => i._id)).toEqual([b._id, bHigh._id, a._id]);
    const many = Array.from({ length: 1000 }, (_, i) => ({ _id: `rit-${(BigInt(i) * 7919n).toString(16).padStart(16, '0')}abcd` }));
    const ordered = inOrderOfRefs(parseItemRefs(many.map((i) => shortItemId(i._id)).reverse()), many);
    expect(ordered.map((i) => i._id)).toEqual([...many].reverse().map((i) => i._id));
  });
});
