import { errors, READER_ITEMS_BY_ID_MAX } from '@app/proto';

// Google Reader item ids and the reader's ReaderItem ids (`rit-` + hex). Google's clients know an item by a 64-bit
// number, written either long (`tag:google.com,2005:reader/item/` + 16 hex digits) or short (its decimal form), and
// convert one into the other themselves. The number is the first 16 hex digits of the ReaderItem id with the top bit
// cleared: clients parse it as a signed 64-bit integer (Miniflux, FreshRSS and the apps only ever see positive ones),
// so it stays below 2^63. Back from a number, the item is the one whose id starts with those 16 digits, the top bit
// either way (`itemIdPrefixes`); with 80-bit ids two items share a number with odds of about n²/2^64 per group.

export const LONG_ITEM_ID_PREFIX = 'tag:google.com,2005:reader/item/';
const ITEM_ID = /^rit-([0-9a-f]{16,64})$/;
const TOP_BIT = 1n << 63n;
const MASK = TOP_BIT - 1n;

/** The item's number (0 ≤ n < 2^63). */
export function itemNumber(itemId: string): bigint {
  const match = ITEM_ID.exec(itemId);
  if (!match) throw new Error(`not a reader item id with hex digits: ${itemId}`);
  return BigInt(`0x${match[1].slice(0, 16)}`) & MASK;
}

const hex16 = (n: bigint) => n.toString(16).padStart(16, '0');

/** `tag:google.com,2005:reader/item/<16 hex>` */
export function longItemId(itemId: string): string {
  return `${LONG_ITEM_ID_PREFIX}${hex16(itemNumber(itemId))}`;
}

/** The decimal form (stream/items/ids). */
export function shortItemId(itemId: string): string {
  return itemNumber(itemId).toString(10);
}

/** What a client sent as an item id: a number (from any of Google's forms), or one of our own ids as is. */
export type ItemRef = { number: bigint } | { id: string };

const LONG = /^tag:google\.com,2005:reader\/item\/([0-9a-fA-F]{1,16})$/;
const DECIMAL = /^-?[0-9]{1,20}$/;

/** Parses the long form, the decimal form (signed or not, as clients write int64), or a `rit-` id; 400 otherwise. */
export function parseItemRef(text: string): ItemRef {
  const value = text.trim();
  if (ITEM_ID.test(value)) return { id: value };
  const long = LONG.exec(value);
  if (long) return { number: BigInt(`0x${long[1]}`) & MASK };
  if (DECIMAL.test(value)) {
    const n = BigInt(value);
    if (n >= -TOP_BIT && n < 1n << 64n) return { number: BigInt.asUintN(64, n) & MASK };
  }
  throw errors.badRequest(`not an item id: ${JSON.stringify(value.slice(0, 80))}`);
}

/**
 * The id prefixes of the ReaderItem of a number: `rit-` and its 16 digits, the first one with the top bit either way.
 * The reader finds the items by them (`reader/_view/items?prefixes=…`) with a seek each on the documents' (account, id)
 * key, not a scan of the group's items.
 */
export function itemIdPrefixes(n: bigint): [string, string] {
  const digits = hex16(n & MASK);
  const high = (parseInt(digits[0], 16) + 8).toString(16) + digits.slice(1);
  return [`rit-${digits}`, `rit-${high}`];
}

/** True when `itemId` is the item a reference names. */
export function refersTo(ref: ItemRef, itemId: string): boolean {
  return 'id' in ref ? ref.id === itemId : ITEM_ID.test(itemId) && itemNumber(itemId) === ref.number;
}

/**
 * The item ids one call names (`i=` repeated: stream/items/contents, edit-tag), read: 400 for none, for more than
 * READER_ITEMS_BY_ID_MAX (the client asks again for the rest, as it does for a stream's pages) or for one that is no id.
 */
export function parseItemRefs(values: string[]): ItemRef[] {
  if (values.length === 0) throw errors.badRequest('no item ids (i=…)');
  if (values.length > READER_ITEMS_BY_ID_MAX) {
    throw errors.badRequest(`at most ${READER_ITEMS_BY_ID_MAX} item ids (i=…) at once, this call names ${values.length}: send them in batches of ${READER_ITEMS_BY_ID_MAX}`);
  }
  return values.map(parseItemRef);
}

/** What the reader's `items` view is asked for the refs: our own ids as they are, numbers as their two id prefixes. */
export function itemLookup(refs: ItemRef[]): { ids: string[]; prefixes: string[] } {
  const ids = new Set<string>();
  const prefixes = new Set<string>();
  for (const ref of refs) {
    if ('id' in ref) ids.add(ref.id);
    else for (const p of itemIdPrefixes(ref.number)) prefixes.add(p);
  }
  return { ids: [...ids], prefixes: [...prefixes] };
}

/** The items the refs name, in the order named, each once; refs naming nothing are left out. */
export function inOrderOfRefs<T extends { _id: string }>(refs: ItemRef[], items: T[]): T[] {
  const byId = new Map<string, T>();
  const byNumber = new Map<bigint, T[]>();
  for (const item of items) {
    byId.set(item._id, item);
    if (!ITEM_ID.test(item._id)) continue;
    const n = itemNumber(item._id);
    const same = byNumber.get(n);
    if (same) same.push(item);
    else byNumber.set(n, [item]);
  }
  const ordered: T[] = [];
  const seen = new Set<string>();
  const add = (item: T | undefined) => {
    if (item && !seen.has(item._id)) {
      seen.add(item._id);
      ordered.push(item);
    }
  };
  for (const ref of refs) {
    if ('id' in ref) add(byId.get(ref.id));
    else for (const item of byNumber.get(ref.number) ?? []) add(item);
  }
  return ordered;
}
