import type { DocBody, ReaderItemDoc, ReaderLabelDoc, ReaderSubscriptionDoc, UserConfigurationDoc } from '@app/proto';
import { createApiClient, hostHookOptions, type ApiClient } from '@app/ui';
import { DESIGN, ITEM_LIST_FIELDS, itemSelector, MARK_READ_ON_OPEN_KEY, PAGE_SIZE, STATUS, STATUS_DESIGN, UPDATES, VIEWS, type OpmlImportReport, type ReadFilter, type StarFilter, type StatusUpdate } from './contract';

// The remote's client of the gateway's document API for the reader (proto/src/reader.ts): the feed's `_find`, an item's
// content, the status handlers (read, unread, star, unstar), the `reader` design's handlers (refresh, mark_all_read,
// import_opml) and views (unread counts, OPML), the subscriptions' and labels' documents, and the user's
// mark-read-on-open setting. It is the @app/ui client, like the shell's: same origin, cookies, the XSRF header and
// x-route-name (the screen).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};

// failures and version changes go to the shell (re-login modal, new-version banner)
export let api: ApiClient = createApiClient({ routeName: () => routeName, ...hostHookOptions() });

/** For tests: another client. */
export function setApiClient(client: ApiClient): void {
  api = client;
}

/** A feed line: an item without its content. */
export type FeedItem = Pick<ReaderItemDoc, '_id' | 'title' | 'url' | 'summary' | 'content_type' | 'point_at' | 'read' | 'starred' | 'reader_subscription_id' | 'reader_subscription'> & {
  created_at?: string;
};

/** What the feed shows: the filters, the page (0 first) and an optional subscription or label. */
export interface FeedQuery {
  read: ReadFilter;
  star: StarFilter;
  page: number;
  subscriptionId?: string | null;
  labelId?: string | null;
}

/** Enough for every subscription or label of a group on one list. */
export const LIST_LIMIT = 1000;

export const docs = {
  create: (accountId: string, doc: DocBody) => api.call('POST /{db}', { params: { db: accountId }, body: doc }),
  update: (accountId: string, id: string, rev: string, doc: DocBody) => api.call('PUT /{db}/{id}', { params: { db: accountId, id }, query: { rev }, body: doc }),
  remove: (accountId: string, id: string, rev: string) => api.call('DELETE /{db}/{id}', { params: { db: accountId, id }, query: { rev } }),
};

export const reader = {
  /** one page of the feed, newest first (spec §7: sorted by point_at desc, page size 10) */
  items: (accountId: string, q: FeedQuery): Promise<FeedItem[]> =>
    api.find(accountId, {
      selector: itemSelector(q.read, q.star, q.subscriptionId, q.labelId) as { klass: 'ReaderItem' },
      fields: [...ITEM_LIST_FIELDS],
      sort: [{ point_at: 'desc' }],
      limit: PAGE_SIZE,
      skip: q.page * PAGE_SIZE,
    }) as Promise<FeedItem[]>,
  /** an item whole, its content included (spec §7: GET /{account_id}/{item_id}) */
  item: (accountId: string, id: string) => api.getDoc<'ReaderItem'>(accountId, id),
  /** read, unread, star or unstar (`status/_update/<handler>/<item id>`, no body) */
  status: (accountId: string, update: StatusUpdate, id: string) => api.update(accountId, STATUS_DESIGN, STATUS[update], id),
  subscriptions: (accountId: string) =>
    api.find(accountId, { selector: { klass: 'ReaderSubscription' }, sort: [{ title: 'asc' }], limit: LIST_LIMIT }) as Promise<ReaderSubscriptionDoc[]>,
  subscription: (accountId: string, id: string) => api.getDoc<'ReaderSubscription'>(accountId, id),
  labels: (accountId: string) => api.find(accountId, { selector: { klass: 'ReaderLabel' }, sort: [{ name: 'asc' }], limit: LIST_LIMIT }) as Promise<ReaderLabelDoc[]>,
  label: (accountId: string, id: string) => api.getDoc<'ReaderLabel'>(accountId, id),
  /** unread items per subscription id (the `unread` view) */
  unreadCounts: async (accountId: string): Promise<Map<string, number>> => {
    const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: DESIGN, view: VIEWS.unread } });
    return new Map(rows.map((r) => [String(r.key), Number(r.value) || 0]));
  },
  /** fetch a subscription now, or every one ('all'); queued, answers at once */
  refresh: (accountId: string, target: string) => api.update(accountId, DESIGN, UPDATES.refresh, target),
  /** every unread item of a subscription, a label or the group ('all') read */
  markAllRead: (accountId: string, target: string) => api.update(accountId, DESIGN, UPDATES.markAllRead, target),
  /** subscriptions and labels from an OPML document's text */
  importOpml: async (accountId: string, opml: string): Promise<OpmlImportReport> => {
    const reply = await api.update(accountId, DESIGN, UPDATES.importOpml, 'opml', { opml });
    return (reply.doc ?? {}) as unknown as OpmlImportReport;
  },
  /** the group's subscriptions as an OPML 2.0 document */
  exportOpml: async (accountId: string): Promise<string> => {
    const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: DESIGN, view: VIEWS.opml } });
    const xml = rows.find((r) => r.key === 'opml')?.value ?? rows[0]?.value;
    return typeof xml === 'string' ? xml : '';
  },
};

/** The signed-in user's id (their own database holds their settings). */
export async function currentUserId(): Promise<string> {
  const session = await api.call('GET /_session');
  return session.userCtx.name ?? '';
}

export const settings = {
  /** the user's mark-read-on-open setting document, or null when they never set it */
  markReadOnOpen: async (userId: string): Promise<UserConfigurationDoc | null> =>
    (await api.find(userId, { selector: { klass: 'UserConfiguration', key: MARK_READ_ON_OPEN_KEY }, limit: 1 }))[0] ?? null,
  saveMarkReadOnOpen: (userId: string, doc: UserConfigurationDoc | null, value: boolean) =>
    doc
      ? api.call('PUT /{db}/{id}', { params: { db: userId, id: doc._id }, query: { rev: doc._rev }, body: { ...doc, value } })
      : api.call('POST /{db}', { params: { db: userId }, body: { klass: 'UserConfiguration', key: MARK_READ_ON_OPEN_KEY, value } }),
};
