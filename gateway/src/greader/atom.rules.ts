import type { ReaderItemDoc } from '@app/proto';
import { longItemId } from './item-ids';
import { Directory, feedStreamId, itemHtml, labelName, labelStreamId, subscriptionTitle } from './items.rules';
import { READ, READING_LIST, STARRED, STATE_PREFIX } from './streams.rules';

// The Atom form of a stream (`/reader/atom/<stream id>`), as Google Reader and FeedHQ served it and clients of that
// age read it (newsboat's "feedhq" source reads every feed this way): each item an entry whose id is the item's long
// Google id, with its states as categories of the scheme http://www.google.com/reader/ labelled read, fresh (unread),
// starred, reading-list, and its label. A client marks an item read with edit-tag and that id.

export const GOOGLE_SCHEME = 'http://www.google.com/reader/';
/** a stream's own id in Atom, as Google wrote it */
export const streamAtomId = (streamId: string) => `tag:google.com,2005:reader/${streamId}`;
const FRESH = `${STATE_PREFIX}fresh`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text or an attribute value for XML; characters XML 1.0 cannot hold at all are dropped. */
export function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const iso = (value: string | undefined | null, fallback: string) => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : fallback;
};

const category = (term: string, label: string) => `<category term="${xmlText(term)}" scheme="${GOOGLE_SCHEME}" label="${xmlText(label)}"/>`;

/** One item as an Atom entry. */
export function atomEntry(item: ReaderItemDoc, directory: Directory, now: string): string {
  const sub = directory.subscriptions.find((s) => s._id === item.reader_subscription_id);
  const label = labelName(directory, sub ? sub.reader_label_id : item.reader_label_id);
  const published = iso(item.point_at, now);
  const crawled = Date.parse(iso(item.created_at, published));
  const categories = [category(READING_LIST, 'reading-list'), item.read ? category(READ, 'read') : category(FRESH, 'fresh')];
  if (item.starred) categories.push(category(STARRED, 'starred'));
  if (label) categories.push(category(labelStreamId(label), label));
  const streamId = feedStreamId(item.reader_subscription_id ?? '');
  const site = sub?.website_url ?? sub?.url ?? '';
  return [
    `<entry gr:crawl-timestamp-msec="${crawled}">`,
    `<id>${longItemId(item._id)}</id>`,
    ...categories,
    `<title>${xmlText(item.title ?? '')}</title>`,
    `<published>${published}</published>`,
    `<updated>${iso(item.updated_at, published)}</updated>`,
    item.url ? `<link rel="alternate" href="${xmlText(item.url)}" type="text/html"/>` : '',
    `<content type="html">${xmlText(itemHtml(item))}</content>`,
    `<source gr:stream-id="${xmlText(streamId)}"><id>${xmlText(streamAtomId(streamId))}</id><title>${xmlText(sub ? subscriptionTitle(sub) : (item.reader_subscription?.title ?? ''))}</title>${
      site ? `<link rel="alternate" href="${xmlText(site)}" type="text/html"/>` : ''
    }</source>`,
    '</entry>',
  ].join('');
}

export interface AtomFeed {
  /** the stream id as the client named it (or the feed's own, feed/<subscription id>) */
  streamId: string;
  title: string;
  /** the site of a feed stream */
  site: string | null;
  items: ReaderItemDoc[];
  continuation: string | null;
}

/** A stream's items as an Atom document. */
export function atomFeed(feed: AtomFeed, directory: Directory, now = new Date()): string {
  const at = now.toISOString();
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" xmlns:idx="urn:atom-extension:indexing" idx:index="no">',
    '<generator>ServiceDesk reader</generator>',
    `<id>${xmlText(streamAtomId(feed.streamId))}</id>`,
    `<title>${xmlText(feed.title)}</title>`,
    feed.continuation ? `<gr:continuation>${xmlText(feed.continuation)}</gr:continuation>` : '',
    feed.site ? `<link rel="alternate" href="${xmlText(feed.site)}" type="text/html"/>` : '',
    `<updated>${at}</updated>`,
    ...feed.items.map((item) => `\n${atomEntry(item, directory, at)}`),
    '\n</feed>\n',
  ].join('');
}
