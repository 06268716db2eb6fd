import { AppError } from '@app/proto';
import { itemIdRanges, itemNumber, longItemId, parseItemRef, refersTo, shortItemId } from './item-ids';

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

  it('finds the item back by two id ranges holding its 16 digits with the top bit either way, and nothing else', () => {
    const inRanges = (ranges: ReturnType<typeof itemIdRanges>, id: string) => ranges.some((r) => id >= r._id.$gte && id < r._id.$lt);
    const ranges = itemIdRanges(itemNumber(ID));
    expect(ranges).toEqual([
      { _id: { $gte: 'rit-5d0cfa30041d4348', $lt: 'rit-5d0cfa30041d4348g' } },
      { _id: { $gte: 'rit-dd0cfa30041d4348', $lt: 'rit-dd0cfa30041d4348g' } },
    ]);
    expect(inRanges(ranges, ID)).toBe(true);
    expect(inRanges(ranges, HIGH)).toBe(true);
    expect(inRanges(ranges, 'rit-5d0cfa30041d4349a1b2')).toBe(false);
    expect(inRanges(ranges, 'rit-6d0cfa30041d4348a1b2')).toBe(false);
    expect(inRanges(itemIdRanges(0n), 'rit-0000000000000000')).toBe(true);
    expect(inRanges(itemIdRanges(0n), 'rit-8000000000000000ffff')).toBe(true);
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
