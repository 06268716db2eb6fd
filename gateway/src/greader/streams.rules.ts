import { errors, readerItemSelector, type ReadFilter, type StarFilter } from '@app/proto';

// Google Reader streams and the item queries they stand for. A stream id names the items of a state
// (`user/-/state/com.google/reading-list`, `…/starred`, `…/read`), of one feed (`feed/<subscription id or its URL>`)
// or of a label (`user/-/label/<name>`); `xt` excludes and `it` includes a state, `ot`/`nt` bound the item's date
// (seconds), `r=o` reads oldest first, and `c` continues after the last item of the previous page.

export const STATE_PREFIX = 'user/-/state/com.google/';
export const READING_LIST = `${STATE_PREFIX}reading-list`;
export const STARRED = `${STATE_PREFIX}starred`;
export const READ = `${STATE_PREFIX}read`;
export const KEPT_UNREAD = `${STATE_PREFIX}kept-unread`;
export const LABEL_PREFIX = 'user/-/label/';
export const FEED_PREFIX = 'feed/';

export type Stream =
  | { kind: 'reading-list' }
  | { kind: 'starred' }
  | { kind: 'read' }
  | { kind: 'feed'; ref: string }
  | { kind: 'label'; name: string };

export type StateName = 'reading-list' | 'starred' | 'read' | 'kept-unread' | 'fresh' | 'broadcast' | 'like' | 'tracking-kept-unread';

const USER = /^user\/[^/]+\/(state\/com\.google|label)\/(.+)$/;

/** A state or label stream id (`user/-/…` or `user/<user id>/…`), or null for anything else. */
function userStream(id: string): { state: string } | { label: string } | null {
  const match = USER.exec(id);
  if (!match) return null;
  return match[1] === 'label' ? { label: match[2] } : { state: match[2] };
}

/** The stream a stream id names; 400 for one this server has no items for. */
export function parseStreamId(raw: unknown): Stream {
  if (typeof raw !== 'string' || raw.trim() === '') throw errors.badRequest('a stream id is needed (s=…), e.g. user/-/state/com.google/reading-list');
  const id = raw.trim();
  if (id.startsWith(FEED_PREFIX) && id.length > FEED_PREFIX.length) return { kind: 'feed', ref: id.slice(FEED_PREFIX.length) };
  const user = userStream(id);
  if (user && 'label' in user) return { kind: 'label', name: user.label };
  if (user && (user.state === 'reading-list' || user.state === 'starred' || user.state === 'read')) return { kind: user.state };
  throw errors.badRequest(`unknown stream ${JSON.stringify(id.slice(0, 200))}`);
}

/** The state a tag names in edit-tag and in xt/it (`user/-/state/com.google/read` or `user/<id>/…`), or null. */
export function stateOf(tag: string): string | null {
  const user = userStream(tag.trim());
  return user && 'state' in user ? user.state : null;
}

/** A label tag's name, or null. */
export function labelOf(tag: string): string | null {
  const user = userStream(tag.trim());
  return user && 'label' in user ? user.label : null;
}

/** Which items: read and starred wanted or not, and the subscriptions they must come from (none: all). */
export interface ItemFilter {
  read: ReadFilter;
  star: StarFilter;
  /** null: every subscription; an array: only these (empty: no item at all) */
  subscriptionIds: string[] | null;
  /** the filters contradict each other (read stream without read items): nothing matches */
  empty: boolean;
}

function narrowRead(f: ItemFilter, want: boolean): void {
  const value: ReadFilter = want ? 'read' : 'unread';
  if (f.read !== 'all' && f.read !== value) f.empty = true;
  f.read = value;
}

function narrowStar(f: ItemFilter, want: boolean): void {
  const value: StarFilter = want ? 'starred' : 'unstarred';
  if (f.star !== 'all' && f.star !== value) f.empty = true;
  f.star = value;
}

/**
 * The filter of a stream with its exclusions (`xt`) and inclusions (`it`). `subscriptionIds` are those of the feed or
 * label (resolved by the caller). States not kept here (kept-unread, fresh, like, broadcast) change nothing.
 */
export function itemFilter(stream: Stream, subscriptionIds: string[] | null, exclude: string[], include: string[]): ItemFilter {
  const f: ItemFilter = { read: 'all', star: 'all', subscriptionIds, empty: subscriptionIds !== null && subscriptionIds.length === 0 };
  if (stream.kind === 'starred') narrowStar(f, true);
  if (stream.kind === 'read') narrowRead(f, true);
  for (const tag of exclude) {
    const state = stateOf(tag);
    if (state === 'read') narrowRead(f, false);
    else if (state === 'starred') narrowStar(f, false);
    else if (state === 'reading-list') f.empty = true;
  }
  for (const tag of include) {
    const state = stateOf(tag);
    if (state === 'read') narrowRead(f, true);
    else if (state === 'starred') narrowStar(f, true);
  }
  return f;
}

/** Where the previous page ended: the last item's date and id (pages are ordered by point_at, then id ascending). */
export interface Cursor {
  point_at: string;
  id: string;
}

export function encodeContinuation(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.point_at, cursor.id])).toString('base64url');
}

/** The cursor of `c`; 400 for a continuation this server did not write. */
export function decodeContinuation(raw: unknown): Cursor | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 400 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw errors.badRequest('c is not a continuation given by this server');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw errors.badRequest('c is not a continuation given by this server');
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string' || !/^rit-[A-Za-z0-9_-]{1,64}$/.test(value[1])) {
    throw errors.badRequest('c is not a continuation given by this server');
  }
  return { point_at: value[0], id: value[1] };
}

/** The time bounds `ot` (oldest) and `nt` (newest), seconds since the epoch, as ISO dates; 400 when not numbers. */
export function timeBounds(ot: unknown, nt: unknown): { from: string | null; to: string | null } {
  const iso = (name: string, value: unknown): string | null => {
    if (value === undefined || value === '') return null;
    const seconds = typeof value === 'string' && /^[0-9]{1,12}$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(seconds) || seconds > 8.64e12) throw errors.badRequest(`${name} must be a time in seconds since 1970`);
    return new Date(seconds * 1000).toISOString();
  };
  return { from: iso('ot', ot), to: iso('nt', nt) };
}

export interface ItemQuery {
  filter: ItemFilter;
  from: string | null;
  to: string | null;
  oldestFirst: boolean;
  after: Cursor | null;
}

/** The `_find` selector and sort of a page of items (proto readerItemSelector for the read and star filters). */
export function itemFind(q: ItemQuery): { selector: Record<string, unknown>; sort: Array<Record<string, 'asc' | 'desc'>> } {
  const selector = readerItemSelector(q.filter.read, q.filter.star);
  const ids = q.filter.subscriptionIds;
  if (ids) selector.reader_subscription_id = ids.length === 1 ? ids[0] : { $in: ids };
  const and: Record<string, unknown>[] = [];
  if (q.from) and.push({ point_at: { $gte: q.from } });
  if (q.to) and.push({ point_at: { $lte: q.to } });
  if (q.after) {
    // the sort is point_at (either way), then id ascending: the next page is past the date, or at it with a later id
    and.push({ $or: [{ point_at: { [q.oldestFirst ? '$gt' : '$lt']: q.after.point_at } }, { point_at: q.after.point_at, _id: { $gt: q.after.id } }] });
  }
  if (and.length) selector.$and = and;
  return { selector, sort: [{ point_at: q.oldestFirst ? 'asc' : 'desc' }] };
}
