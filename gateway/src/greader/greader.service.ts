import { Injectable } from '@nestjs/common';
import { requireWrite } from '@app/platform';
import { AppError, CallerContext, errors, READER_ITEMS_BY_ID_MAX, ReaderItemDoc, ReaderSubscriptionDoc, withoutCredentials } from '@app/proto';
import { atomFeed } from './atom.rules';
import { inOrderOfRefs, ItemRef, itemLookup, parseItemRefs } from './item-ids';
import { Directory, feedStreamId, googleItem, googleSubscription, googleTags, itemRef, subscriptionTitle, unreadCounts } from './items.rules';
import { ReaderClient } from './reader-client';
import {
  Cursor,
  decodeContinuation,
  encodeContinuation,
  FEED_PREFIX,
  itemFilter,
  itemFind,
  ItemQuery,
  labelOf,
  parseStreamId,
  READING_LIST,
  stateOf,
  Stream,
  timeBounds,
} from './streams.rules';

// The Google Reader API's operations on the reader's documents (the subset Reeder, FeedMe, NetNewsWire and friends
// use). Params arrive as Google's clients send them: query or form fields, some repeated (i, a, r, s, xt, it).

export type Params = Record<string, string | string[] | undefined>;

/** Items of stream/contents per page (Google's default and most). */
const DEFAULT_PAGE = 20;
const MAX_CONTENTS_PAGE = 1000;
/** stream/items/ids asks for many at once (Reeder: 10,000); read in pages of the find's most. */
const MAX_IDS = 10_000;
const FIND_PAGE = 1000;
/** items mark-all-as-read with `ts` marks by their ids at most (when newer ones must stay unread) */
const MAX_MARKED = 10_000;
/** reader calls in flight at once for one request (newest dates, mark-all-read targets) */
const PARALLEL = 16;
/** items of an Atom stream at most: its page and, beyond it, the stream's other unread items (atomStream) */
const ATOM_MAX = 1000;
/** states Google kept that this reader has no items for (newsboat's special feeds ask for some): empty streams */
const EMPTY_STATES = /^user\/[^/]+\/state\/com\.google\/(?:broadcast|broadcast-friends|like)$/;

const ITEM_FIELDS_FOR_IDS = ['_id', 'point_at', 'reader_subscription_id'];

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
}

function one(params: Params, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function count(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]{1,9}$/.test(raw)) throw errors.badRequest('n must be a whole number');
  return Math.min(Math.max(Number(raw), 1), max);
}

/** Runs `work` on every element with at most `limit` at once, in order of the results. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

@Injectable()
export class GreaderService {
  constructor(private readonly reader: ReaderClient) {}

  private async directory(ctx: CallerContext): Promise<Directory> {
    const [subscriptions, labels] = await Promise.all([this.reader.subscriptions(ctx), this.reader.labels(ctx)]);
    return { subscriptions, labels };
  }

  userInfo(ctx: CallerContext) {
    return {
      userId: ctx.user_id,
      userName: ctx.user?.fullname || ctx.user?.label || ctx.user?.email || '',
      userProfileId: ctx.user_id,
      userEmail: ctx.user?.email ?? '',
      isBloggerUser: false,
      signupTimeSec: 0,
      isMultiLoginEnabled: false,
    };
  }

  async subscriptionList(ctx: CallerContext) {
    const directory = await this.directory(ctx);
    return { subscriptions: directory.subscriptions.map((s) => googleSubscription(s, directory)) };
  }

  /** The group's subscriptions as OPML 2.0 (the reader's own export, labels as folders). */
  opml(ctx: CallerContext): Promise<string> {
    return this.reader.opml(ctx);
  }

  async tagList(ctx: CallerContext) {
    return { tags: googleTags(await this.directory(ctx)) };
  }

  async unreadCount(ctx: CallerContext) {
    const [directory, counts] = await Promise.all([this.directory(ctx), this.reader.unreadCounts(ctx)]);
    const withUnread = directory.subscriptions.filter((s) => (counts.get(s._id) ?? 0) > 0);
    const newest = new Map<string, string>();
    await inParallel(withUnread, PARALLEL, async (sub) => {
      const [item] = await this.reader.items(ctx, { klass: 'ReaderItem', reader_subscription_id: sub._id, read: false }, [{ point_at: 'desc' }], 1, ['point_at']);
      if (item?.point_at) newest.set(sub._id, item.point_at);
    });
    return unreadCounts(directory, counts, newest);
  }

  /** The subscriptions a feed or label stream covers (null: all of them); 404 for an unknown feed or label. */
  private streamSubscriptions(stream: Stream, directory: Directory): string[] | null {
    if (stream.kind === 'feed') return [this.subscriptionOf(stream.ref, directory)._id];
    if (stream.kind === 'label') {
      const label = directory.labels.find((l) => l.name === stream.name);
      if (!label) throw errors.notFound(`no label ${JSON.stringify(stream.name.slice(0, 100))}`);
      return directory.subscriptions.filter((s) => s.reader_label_id === label._id).map((s) => s._id);
    }
    return null;
  }

  /**
   * A feed named by its subscription id or by its address (as given, or as found from a page); an address with the
   * credentials the client subscribed with names the subscription too (the reader stores it without them).
   */
  private subscriptionOf(ref: string, directory: Directory): ReaderSubscriptionDoc {
    const bare = withoutCredentials(ref);
    const sub = directory.subscriptions.find((s) => s._id === ref) ?? directory.subscriptions.find((s) => s.url === ref || s.feed_url === ref || s.url === bare || s.feed_url === bare);
    if (!sub) throw errors.notFound(`no subscription ${JSON.stringify(ref.slice(0, 200))}`);
    return sub;
  }

  private itemQuery(stream: Stream, directory: Directory, params: Params): ItemQuery {
    const { from, to } = timeBounds(one(params, 'ot'), one(params, 'nt'));
    return {
      filter: itemFilter(stream, this.streamSubscriptions(stream, directory), list(params.xt), list(params.it)),
      from,
      to,
      oldestFirst: one(params, 'r') === 'o',
      after: decodeContinuation(one(params, 'c')),
    };
  }

  /**
   * One page of a stream: up to `n` items after the cursor, and the cursor after them when more may follow. Items are
   * whole documents of any size (up to READER_ITEM_CONTENT_MAX_BYTES of content each): when the reader refuses the
   * page as larger than one answer may be (422), half as many are asked for, and the continuation brings the rest.
   */
  private async page(ctx: CallerContext, query: ItemQuery, n: number, fields?: string[]): Promise<{ items: ReaderItemDoc[]; next: Cursor | null }> {
    if (query.filter.empty) return { items: [], next: null };
    const { selector, sort } = itemFind(query);
    const limit = Math.min(n + 1, FIND_PAGE);
    let docs: ReaderItemDoc[];
    try {
      docs = await this.reader.items(ctx, selector, sort, limit, fields);
    } catch (err) {
      if (n > 1 && err instanceof AppError && err.status === 422) return this.page(ctx, query, Math.ceil(n / 2), fields);
      throw err;
    }
    const items = docs.slice(0, n);
    const more = docs.length > n || (limit === n && docs.length === n);
    const last = items[items.length - 1];
    return { items, next: more && last?.point_at ? { point_at: last.point_at, id: last._id } : null };
  }

  /** stream/contents/{streamId} */
  async streamContents(ctx: CallerContext, streamId: string, params: Params) {
    const stream = parseStreamId(streamId);
    const directory = await this.directory(ctx);
    const query = this.itemQuery(stream, directory, params);
    const { items, next } = await this.page(ctx, query, count(one(params, 'n'), DEFAULT_PAGE, MAX_CONTENTS_PAGE));
    const title = stream.kind === 'feed' ? subscriptionTitle(this.subscriptionOf(stream.ref, directory)) : stream.kind === 'label' ? stream.name : stream.kind;
    return {
      direction: 'ltr',
      id: stream.kind === 'feed' ? feedStreamId(this.subscriptionOf(stream.ref, directory)._id) : streamId,
      title,
      updated: nowSeconds(),
      items: items.map((item) => googleItem(item, directory)),
      ...(next ? { continuation: encodeContinuation(next) } : {}),
    };
  }

  /**
   * `reader/atom/{streamId}`: the stream as an Atom document (atom.rules.ts), which FeedHQ-era clients read for each
   * feed (newsboat's "feedhq" source): the `n` newest items (20 unless asked) and, on a first page, the stream's other
   * unread items beyond them, up to ATOM_MAX items in all. A client that reads a feed whole (newsboat keeps what it has
   * read and asks `n=20`) then holds every unread item, and counts what the web counts; the continuation, when more
   * follow, is the page's (as stream/contents gives it). A state this reader keeps nothing of is an empty stream.
   */
  async atomStream(ctx: CallerContext, streamId: string, params: Params): Promise<string> {
    const directory = await this.directory(ctx);
    if (EMPTY_STATES.test(streamId.trim())) return atomFeed({ streamId, title: streamId, site: null, items: [], continuation: null }, directory);
    const stream = parseStreamId(streamId);
    const query = this.itemQuery(stream, directory, params);
    const { items, next } = await this.page(ctx, query, count(one(params, 'n'), DEFAULT_PAGE, MAX_CONTENTS_PAGE));
    const all = [...items];
    if (!query.after && next && query.filter.read !== 'read') {
      let unread: ItemQuery = { ...query, filter: { ...query.filter, read: 'unread' }, after: next };
      while (all.length < ATOM_MAX) {
        const more = await this.page(ctx, unread, Math.min(ATOM_MAX - all.length, FIND_PAGE - 1));
        all.push(...more.items);
        if (!more.next) break;
        unread = { ...unread, after: more.next };
      }
    }
    const sub = stream.kind === 'feed' ? this.subscriptionOf(stream.ref, directory) : null;
    return atomFeed(
      {
        streamId: sub ? feedStreamId(sub._id) : streamId,
        title: sub ? subscriptionTitle(sub) : stream.kind === 'label' ? stream.name : stream.kind,
        site: sub ? (sub.website_url ?? sub.url ?? null) : null,
        items: all,
        continuation: next ? encodeContinuation(next) : null,
      },
      directory,
    );
  }

  /** stream/items/ids?s=… : decimal ids, up to 10,000 at once (read from the reader a thousand at a time). */
  async streamItemIds(ctx: CallerContext, params: Params) {
    const stream = parseStreamId(one(params, 's'));
    const directory = await this.directory(ctx);
    let query = this.itemQuery(stream, directory, params);
    let wanted = count(one(params, 'n'), DEFAULT_PAGE, MAX_IDS);
    const refs: ReturnType<typeof itemRef>[] = [];
    let next: Cursor | null = null;
    while (wanted > 0) {
      const page = await this.page(ctx, query, Math.min(wanted, FIND_PAGE - 1), ITEM_FIELDS_FOR_IDS);
      refs.push(...page.items.map(itemRef));
      wanted -= page.items.length;
      next = page.next;
      if (!next) break;
      query = { ...query, after: next };
    }
    return { itemRefs: refs, ...(next ? { continuation: encodeContinuation(next) } : {}) };
  }

  /**
   * The items the refs (at most READER_ITEMS_BY_ID_MAX) name, in the order named; refs naming nothing are left out.
   * One call of the reader's `items` view: ids as they are, numbers as id prefixes, each a seek on the items' key.
   */
  private async itemsOf(ctx: CallerContext, refs: ItemRef[], fields?: string[]): Promise<ReaderItemDoc[]> {
    return inOrderOfRefs(refs, await this.reader.itemsById(ctx, itemLookup(refs), fields));
  }

  private refs(params: Params): ItemRef[] {
    return parseItemRefs(list(params.i));
  }

  /** stream/items/contents (i=… repeated) */
  async itemsContents(ctx: CallerContext, params: Params) {
    const refs = this.refs(params);
    const [directory, items] = await Promise.all([this.directory(ctx), this.itemsOf(ctx, refs)]);
    return { direction: 'ltr', id: READING_LIST, updated: nowSeconds(), items: items.map((item) => googleItem(item, directory)) };
  }

  /** edit-tag: a=/r= the read and starred states (kept-unread as unread); labels are the subscriptions', not items'. */
  async editTag(ctx: CallerContext, params: Params): Promise<void> {
    requireWrite(ctx);
    const want: { read?: boolean; starred?: boolean } = {};
    const set = (key: 'read' | 'starred', value: boolean) => {
      if (want[key] !== undefined && want[key] !== value) throw errors.badRequest(`${key} is both added and removed`);
      want[key] = value;
    };
    for (const tag of list(params.a)) {
      const state = stateOf(tag);
      if (state === 'read') set('read', true);
      else if (state === 'kept-unread') set('read', false);
      else if (state === 'starred') set('starred', true);
    }
    for (const tag of list(params.r)) {
      const state = stateOf(tag);
      if (state === 'read') set('read', false);
      else if (state === 'starred') set('starred', false);
    }
    const refs = this.refs(params);
    if (want.read === undefined && want.starred === undefined) return;
    // the reader changes only the items not so already: their ids are all it needs
    const ids = (await this.itemsOf(ctx, refs, ['_id'])).map((item) => item._id);
    await Promise.all([
      want.read === undefined ? 0 : this.reader.setStatusOf(ctx, ids, want.read ? 'read' : 'unread'),
      want.starred === undefined ? 0 : this.reader.setStatusOf(ctx, ids, want.starred ? 'star' : 'unstar'),
    ]);
  }

  /**
   * mark-all-as-read s=…&ts=<µs>: the stream's unread items read. With `ts`, only items the server had by then: the
   * reader's mark_all_read when nothing newer is unread, else by their ids (READER_ITEMS_BY_ID_MAX a call, at most
   * MAX_MARKED).
   */
  async markAllAsRead(ctx: CallerContext, params: Params): Promise<void> {
    requireWrite(ctx);
    const stream = parseStreamId(one(params, 's'));
    const directory = await this.directory(ctx);
    const subscriptions = this.streamSubscriptions(stream, directory);
    const filter = itemFilter(stream, subscriptions, [], []);
    if (filter.empty || filter.read === 'read') return;
    filter.read = 'unread';
    const base = itemFind({ filter, from: null, to: null, oldestFirst: false, after: null }).selector;
    const ts = one(params, 'ts');
    let before: string | null = null;
    if (ts !== undefined && ts !== '') {
      if (!/^[0-9]{1,19}$/.test(ts)) throw errors.badRequest('ts must be a time in microseconds since 1970');
      before = new Date(Math.floor(Number(ts) / 1000)).toISOString();
    }
    const newer = before ? await this.reader.items(ctx, { ...base, created_at: { $gt: before } }, [], 1, ['_id']) : [];
    if (stream.kind !== 'starred' && newer.length === 0) {
      const targets = subscriptions ?? ['all'];
      await inParallel(targets, PARALLEL, (target) => this.reader.markAllRead(ctx, target));
      return;
    }
    const selector = before ? { ...base, created_at: { $lte: before } } : base;
    let marked = 0;
    while (marked < MAX_MARKED) {
      const batch = await this.reader.items(ctx, selector, [], READER_ITEMS_BY_ID_MAX, ['_id']);
      if (batch.length === 0) break;
      await this.reader.setStatusOf(ctx, batch.map((item) => item._id), 'read');
      marked += batch.length;
      if (batch.length < READER_ITEMS_BY_ID_MAX) break;
    }
  }

  /** subscription/quickadd quickadd=<address> */
  async quickAdd(ctx: CallerContext, params: Params) {
    requireWrite(ctx);
    const raw = one(params, 'quickadd')?.trim();
    if (!raw) throw errors.badRequest('quickadd=<the address of a feed or site> is needed');
    const url = raw.startsWith(FEED_PREFIX) ? raw.slice(FEED_PREFIX.length) : raw;
    const reply = await this.reader.create(ctx, { klass: 'ReaderSubscription', url });
    const doc = (reply.doc ?? {}) as Partial<ReaderSubscriptionDoc>;
    // the address answered as the reader stored it: credentials typed in it are kept apart, never echoed
    const query = withoutCredentials(url);
    return { numResults: 1, query, streamId: feedStreamId(reply.id), streamName: doc.title || doc.url || query };
  }

  /** subscription/edit ac=subscribe|unsubscribe|edit, s=feed/…, t=title, a=/r= user/-/label/<name> */
  async subscriptionEdit(ctx: CallerContext, params: Params): Promise<void> {
    requireWrite(ctx);
    const action = one(params, 'ac');
    const streams = list(params.s);
    if (streams.length === 0) throw errors.badRequest('s=feed/… is needed');
    if (streams.length > 100) throw errors.payloadTooLarge('at most 100 subscriptions at once');
    const title = one(params, 't')?.trim();
    const addLabel = list(params.a).map(labelOf).find((l): l is string => !!l);
    const removeLabel = list(params.r).map(labelOf).find((l): l is string => !!l);
    const directory = await this.directory(ctx);
    for (const s of streams) {
      const stream = parseStreamId(s);
      if (stream.kind !== 'feed') throw errors.badRequest(`${JSON.stringify(s.slice(0, 200))} is not a feed (feed/…)`);
      if (action === 'subscribe') {
        const labelId = addLabel ? await this.labelId(ctx, directory, addLabel) : null;
        await this.reader.create(ctx, { klass: 'ReaderSubscription', url: stream.ref, ...(title ? { title, customize_title: true } : {}), ...(labelId ? { reader_label_id: labelId } : {}) });
        continue;
      }
      const sub = this.subscriptionOf(stream.ref, directory);
      if (action === 'unsubscribe') {
        await this.reader.remove(ctx, sub);
      } else if (action === 'edit') {
        const changes: Record<string, unknown> = {};
        if (title) Object.assign(changes, { title, customize_title: true });
        if (addLabel) changes.reader_label_id = await this.labelId(ctx, directory, addLabel);
        else if (removeLabel && directory.labels.find((l) => l._id === sub.reader_label_id)?.name === removeLabel) changes.reader_label_id = null;
        if (Object.keys(changes).length) await this.reader.update(ctx, sub, changes);
      } else {
        throw errors.badRequest('ac must be subscribe, unsubscribe or edit');
      }
    }
  }

  /** A label's id by its name, created when the group has none of that name yet. */
  private async labelId(ctx: CallerContext, directory: Directory, name: string): Promise<string> {
    const existing = directory.labels.find((l) => l.name === name);
    if (existing) return existing._id;
    const reply = await this.reader.create(ctx, { klass: 'ReaderLabel', name });
    directory.labels.push({ ...(reply.doc ?? {}), _id: reply.id, name } as Directory['labels'][number]);
    return reply.id;
  }
}
