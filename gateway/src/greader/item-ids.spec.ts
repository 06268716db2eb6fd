import { AppError } from '@app/proto';
import { itemIdPattern, itemNumber, longItemId, parseItemRef, refersTo, shortItemId } from './item-ids';

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

  it('finds the item back by a pattern matching its id with the top bit either way, and nothing else', () => {
    const pattern = new RegExp(itemIdPattern(itemNumber(ID)));
    expect(pattern.source).toBe('^rit-[5d]d0cfa30041d4348');
    expect(pattern.test(ID)).toBe(true);
    expect(pattern.test(HIGH)).toBe(true);
    expect(pattern.test('rit-5d0cfa30041d4349a1b2')).toBe(false);
    expect(pattern.test('rit-6d0cfa30041d4348a1b2')).toBe(false);
    expect(new RegExp(itemIdPattern(0n)).test('rit-0000000000000000')).toBe(true);
    expect(new RegExp(itemIdPattern(0n)).test('rit-8000000000000000')).toBe(true);
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
});
