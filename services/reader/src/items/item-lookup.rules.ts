import { errors, READER_ITEMS_BY_ID_MAX, READER_STATUS_UPDATES, ReaderStatusUpdate } from '@app/proto';

// The input of the reader's calls on many items named by id: the `reader/_view/items` look-up (ids, or id prefixes
// for the Google Reader API's 64-bit numbers) and the `reader/_update/set_status/{handler}` change. One list each, with
// `$in`-like semantics, so a thousand ids are one statement, not a selector of thousands of conditions.

const ITEM_ID = /^rit-[0-9a-f]{16,64}$/;
const PREFIX = /^rit-[0-9a-f]{16,64}$/;
/** items a prefix may stand for at most (16 hex digits: two items share one with odds of n²/2^64 per group) */
export const ITEMS_PER_PREFIX = 4;

function idList(value: unknown, name: string, max: number, pattern: RegExp, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw errors.badRequest(`${name} must be an array of ${what}`);
  // a client's list is bounded by the gateway's body limit; each id counts once
  const unique = [...new Set(value as unknown[])];
  if (unique.length > max) throw errors.badRequest(`${name} holds ${unique.length} values, at most ${max} at once`);
  for (const v of unique) {
    if (typeof v !== 'string' || !pattern.test(v)) throw errors.badRequest(`${name} must be an array of ${what}: ${JSON.stringify(String(v).slice(0, 80))} is not one`);
  }
  return unique as string[];
}

export interface ItemLookup {
  ids: string[];
  prefixes: string[];
  fields: string[] | undefined;
}

/** `reader/_view/items` params: `ids` (item ids), `prefixes` (`rit-` and 16+ hex digits), `fields`. */
export function parseItemLookup(params: Record<string, unknown>): ItemLookup {
  const ids = idList(params.ids, 'ids', READER_ITEMS_BY_ID_MAX, ITEM_ID, 'item ids (rit-…)');
  const prefixes = idList(params.prefixes, 'prefixes', 2 * READER_ITEMS_BY_ID_MAX, PREFIX, 'item id prefixes (rit- and 16 to 64 hex digits)');
  if (!ids.length && !prefixes.length) throw errors.badRequest('name the items: ids=[…] or prefixes=[…]');
  const fields = params.fields;
  if (fields !== undefined && (!Array.isArray(fields) || fields.some((f) => typeof f !== 'string'))) throw errors.badRequest('fields must be an array of field names');
  return { ids, prefixes, fields: fields as string[] | undefined };
}

const CHANGES: Record<ReaderStatusUpdate, { field: 'read' | 'starred'; to: boolean }> = {
  read: { field: 'read', to: true },
  unread: { field: 'read', to: false },
  star: { field: 'starred', to: true },
  unstar: { field: 'starred', to: false },
};

/** `reader/_update/set_status/{read|unread|star|unstar}` with body `{ids}`: the field, its value and the ids. */
export function parseStatusChange(handler: string, body: unknown): { field: 'read' | 'starred'; to: boolean; ids: string[] } {
  if (!Object.prototype.hasOwnProperty.call(READER_STATUS_UPDATES, handler)) {
    throw errors.notFound(`set_status/${handler.slice(0, 40)}: use one of ${Object.keys(READER_STATUS_UPDATES).join(', ')}`);
  }
  const ids = idList(body && typeof body === 'object' ? (body as { ids?: unknown }).ids : undefined, 'ids', READER_ITEMS_BY_ID_MAX, ITEM_ID, 'item ids (rit-…)');
  return { ...CHANGES[handler as ReaderStatusUpdate], ids };
}
