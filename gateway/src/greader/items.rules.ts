import type { ReaderItemDoc, ReaderLabelDoc, ReaderSubscriptionDoc } from '@app/proto';
import { longItemId, shortItemId } from './item-ids';
import { FEED_PREFIX, LABEL_PREFIX, READ, READING_LIST, STARRED } from './streams.rules';

// The JSON Google Reader clients read: items (stream/contents, stream/items/contents), item refs (stream/items/ids),
// subscriptions, tags and unread counts, built from the reader's documents.

/** The subscriptions and labels of the group, looked up once per request. */
export interface Directory {
  subscriptions: ReaderSubscriptionDoc[];
  labels: ReaderLabelDoc[];
}

export const feedStreamId = (subscriptionId: string) => `${FEED_PREFIX}${subscriptionId}`;
export const labelStreamId = (name: string) => `${LABEL_PREFIX}${name}`;

const ms = (iso: string | undefined | null): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/** The item's body as HTML: stored HTML is already sanitized by the reader; plain text is escaped, lines kept. */
export function itemHtml(item: Pick<ReaderItemDoc, 'content' | 'content_type' | 'summary'>): string {
  const content = item.content || item.summary || '';
  return item.content_type === 'html' ? content : escapeHtml(content).replace(/\r?\n/g, '<br>');
}

export function labelName(directory: Directory, labelId: string | null | undefined): string | null {
  if (!labelId) return null;
  return directory.labels.find((l) => l._id === labelId)?.name ?? null;
}

/** A subscription's title as shown: its own or the feed's, else its address. */
export function subscriptionTitle(sub: ReaderSubscriptionDoc): string {
  return sub.title || sub.url || sub._id;
}

export interface GoogleItem {
  id: string;
  crawlTimeMsec: string;
  timestampUsec: string;
  published: number;
  updated: number;
  title: string;
  canonical: Array<{ href: string }>;
  alternate: Array<{ href: string; type: string }>;
  categories: string[];
  origin: { streamId: string; title: string; htmlUrl: string };
  summary: { direction: 'ltr'; content: string };
  author?: string;
}

/** The directory's subscriptions by id, made once per directory (a page of 1,000 items looks each one up). */
const subscriptionMaps = new WeakMap<ReaderSubscriptionDoc[], Map<string, ReaderSubscriptionDoc>>();
function subscriptionById(directory: Directory, id: string | undefined): ReaderSubscriptionDoc | undefined {
  let byId = subscriptionMaps.get(directory.subscriptions);
  if (!byId) {
    byId = new Map(directory.subscriptions.map((s) => [s._id, s]));
    subscriptionMaps.set(directory.subscriptions, byId);
  }
  return id === undefined ? undefined : byId.get(id);
}

export function googleItem(item: ReaderItemDoc, directory: Directory): GoogleItem {
  const sub = subscriptionById(directory, item.reader_subscription_id);
  const label = labelName(directory, sub ? sub.reader_label_id : item.reader_label_id);
  const categories = [READING_LIST];
  if (item.read) categories.push(READ);
  if (item.starred) categories.push(STARRED);
  if (label) categories.push(labelStreamId(label));
  const point = ms(item.point_at);
  const links = item.url ? [{ href: item.url }] : [];
  return {
    id: longItemId(item._id),
    crawlTimeMsec: String(ms(item.created_at) || point),
    timestampUsec: String(point * 1000),
    published: Math.floor(point / 1000),
    updated: Math.floor(ms(item.updated_at || item.point_at) / 1000),
    title: item.title ?? '',
    canonical: links,
    alternate: links.map((l) => ({ ...l, type: 'text/html' })),
    categories,
    origin: {
      streamId: feedStreamId(item.reader_subscription_id ?? ''),
      title: sub ? subscriptionTitle(sub) : (item.reader_subscription?.title ?? ''),
      htmlUrl: sub?.website_url ?? sub?.url ?? '',
    },
    summary: { direction: 'ltr', content: itemHtml(item) },
  };
}

/** stream/items/ids: the decimal id and the date of each item. */
export function itemRef(item: Pick<ReaderItemDoc, '_id' | 'point_at' | 'reader_subscription_id'>): { id: string; directStreamIds: string[]; timestampUsec: string } {
  return { id: shortItemId(item._id), directStreamIds: [feedStreamId(item.reader_subscription_id ?? '')], timestampUsec: String(ms(item.point_at) * 1000) };
}

export function googleSubscription(sub: ReaderSubscriptionDoc, directory: Directory) {
  const label = labelName(directory, sub.reader_label_id);
  const site = sub.website_url ?? sub.url ?? '';
  let iconUrl: string;
  try {
    iconUrl = `${new URL(site).origin}/favicon.ico`;
  } catch {
    iconUrl = '';
  }
  return {
    id: feedStreamId(sub._id),
    title: subscriptionTitle(sub),
    categories: label ? [{ id: labelStreamId(label), label }] : [],
    url: sub.feed_url ?? sub.url ?? '',
    htmlUrl: site,
    iconUrl,
    sortid: sub._id.slice(-8).toUpperCase(),
    firstitemmsec: String(ms(sub.created_at)),
  };
}

export function googleTags(directory: Directory) {
  return [{ id: STARRED }, ...directory.labels.flatMap((l) => (l.name ? [{ id: labelStreamId(l.name), type: 'folder' }] : []))];
}

/** unread-count: per feed, per label (the sum of its feeds) and the reading list; newest dates in microseconds. */
export function unreadCounts(directory: Directory, counts: Map<string, number>, newest: Map<string, string>) {
  const rows: Array<{ id: string; count: number; newestItemTimestampUsec: string }> = [];
  const usec = (iso: string | undefined) => String(ms(iso) * 1000);
  const byLabel = new Map<string, { count: number; newest: number }>();
  let total = 0;
  let newestAll = 0;
  for (const sub of directory.subscriptions) {
    const count = counts.get(sub._id) ?? 0;
    if (count === 0) continue;
    const latest = newest.get(sub._id);
    rows.push({ id: feedStreamId(sub._id), count, newestItemTimestampUsec: usec(latest) });
    total += count;
    newestAll = Math.max(newestAll, ms(latest));
    const label = labelName(directory, sub.reader_label_id);
    if (label) {
      const sum = byLabel.get(label) ?? { count: 0, newest: 0 };
      byLabel.set(label, { count: sum.count + count, newest: Math.max(sum.newest, ms(latest)) });
    }
  }
  for (const [label, sum] of byLabel) rows.push({ id: labelStreamId(label), count: sum.count, newestItemTimestampUsec: String(sum.newest * 1000) });
  rows.push({ id: READING_LIST, count: total, newestItemTimestampUsec: String(newestAll * 1000) });
  return { max: Math.max(1000, total), unreadcounts: rows };
}
