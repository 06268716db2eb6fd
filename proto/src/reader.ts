import { z } from 'zod';
import { FIELD_MESSAGES as M } from './errors';

// The reader module's documents (spec §3 Reader item, label, subscription; §4 read/unread, starred, filters; §7 the
// item `_find` and the status `_update` calls; §9 page size and highlight flash): the fields a client may send, the
// update handlers and views, and the constants the reader service, the gateway's Google Reader API and the web share.
// Items are written only by the reader service's fetcher. Pure (zod only).

// ---- constants (spec §9) ----------------------------------------------------------------------------------------

/** items per page of the feed (spec §9) */
export const READER_PAGE_SIZE = 10;
/** the highlight after closing an item toggles at these times (ms) */
export const READER_HIGHLIGHT_FLASH_MS = [500, 1000, 1500] as const;
/** the user setting (UserConfiguration key, boolean value) that marks an item read when it is opened */
export const READER_MARK_READ_ON_OPEN_KEY = 'reader-mark-read-on-open';
export const READER_LABEL_KINDS = ['label'] as const;
export const MAX_FEED_URL = 2048;

/** Message keys of the reader's field errors (web i18n: `validation.<key>`). */
export const READER_MESSAGES = {
  badUrl: 'is-not-a-web-address',
  /** the address answered, but with neither a feed nor a page that names one */
  noFeed: 'has-no-feed',
  /** the address could not be fetched, for a reason none of the keys below names */
  unreachable: 'cannot-be-reached',
  /** what failed, said when adding a subscription (issue 28): the host name is not known (DNS) */
  noSuchHost: 'has-no-such-host',
  /** the host refused or dropped the connection (nothing listens there, a reset, a failed secure connection) */
  refused: 'refused-the-connection',
  /** no answer within the time allowed */
  timeout: 'did-not-answer-in-time',
  /** the address answered 404 or 410 */
  notFound: 'was-not-found-there',
  /** the address answered with another error status (4xx, 5xx) */
  errorStatus: 'answered-with-an-error',
  /** the answer passed the size a feed may have */
  tooLarge: 'is-too-large',
  /** more redirects than followed */
  tooManyRedirects: 'redirects-too-many-times',
  /** the address is on a private or loopback network (refused unless READER_ALLOW_PRIVATE_URLS is set) */
  privateAddress: 'is-a-private-address',
  taken: M.taken,
  /** reader_label_id names no label of the group */
  mustExist: 'must-exist',
} as const;

/** Sentences of the reader's refusals. */
export const READER_REASONS = {
  itemsReadOnly: 'Reader items are written by the feed fetcher: change read and starred with the status handlers',
  opmlTooLarge: (max: number) => `The OPML file is larger than ${Math.round(max / 1024)} kB`,
  opmlMissing: 'Send the OPML document as {"opml": "<opml …>"}',
} as const;

const WebUrl = z
  .string({ error: M.blank })
  .trim()
  .min(1, { error: M.blank })
  .max(MAX_FEED_URL, { error: M.tooLong })
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, { error: READER_MESSAGES.badUrl });

// ---- credentials in a feed's address (security issue 25, item 13) ------------------------------------------------

/**
 * HTTP Basic credentials a subscription's address carried (`https://user:password@host/feed`): kept by the reader
 * service apart from the documents members read, and sent only to `origin` (scheme, host and port of the address
 * they were typed with), never to a redirect elsewhere. `username` and `password` are decoded (`%40` is `@`).
 */
export interface FeedCredentials {
  origin: string;
  username: string;
  password: string;
}

/** An address as stored and shown (without userinfo) and the credentials it carried, if any. */
export interface FeedAddress {
  url: string;
  credentials: FeedCredentials | null;
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * An address split in two: the address without its userinfo (what documents, OPML and Google Reader show) and the
 * credentials. Not a URL: returned as given, without credentials (the field's check refuses it).
 */
export function splitFeedAddress(text: string): FeedAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { url: text, credentials: null };
  }
  if (!url.username && !url.password) return { url: url.href, credentials: null };
  const credentials = { origin: url.origin, username: decoded(url.username), password: decoded(url.password) };
  url.username = '';
  url.password = '';
  return { url: url.href, credentials };
}

/** The address without its userinfo (a text that is no URL is returned as is). */
export const withoutCredentials = (text: string): string => splitFeedAddress(text).url;

/**
 * Every `scheme://user:password@` in a text written `scheme://` (change-log labels written before addresses were
 * split; error sentences that quote an address).
 */
export function redactCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]*@/gi, '$1');
}

// ---- documents (spec §3) ------------------------------------------------------------------------------------------

export const ReaderLabelFields = z.object({
  name: z.string({ error: M.blank }).trim().min(1, { error: M.blank }).max(100, { error: M.tooLong }),
  kind: z.enum(READER_LABEL_KINDS, { error: M.invalid }).default('label'),
});
export type ReaderLabelFields = z.infer<typeof ReaderLabelFields>;

/**
 * A subscription: `url` may be a feed or a site's page when it is created or changed; the service fetches it then (422
 * `has-no-feed`, `cannot-be-reached`, `is-a-private-address` on url) and, for a page, finds the feed through
 * `<link rel="alternate">`, stores the feed's address as url and keeps the page as website_url. So url is always the
 * feed's address, unique in the group. title comes from the feed unless customize_title is set (what the API shows
 * is the feed's current title; website_url likewise falls back to the feed's link).
 */
export const ReaderSubscriptionFields = z.object({
  url: WebUrl,
  website_url: WebUrl.nullable().optional(),
  title: z.string().trim().max(300, { error: M.tooLong }).nullable().optional(),
  customize_title: z.boolean().default(false),
  reader_label_id: z.string().regex(/^rlb-[A-Za-z0-9_-]{1,64}$/, { error: M.invalid }).nullable().optional(),
  active: z.boolean().default(true),
  /**
   * Whom the feed signs in as (HTTP Basic), shown by reads and never stored in the document. Credentials are given in
   * the address (`https://user:password@host/feed`: the service keeps them apart and stores the address without
   * them); a write that sends null forgets them; any other value is what a read showed and changes nothing.
   */
  basic_auth_user: z.string().max(MAX_FEED_URL).nullable().optional(),
});
export type ReaderSubscriptionFields = z.infer<typeof ReaderSubscriptionFields>;

/** What the fetcher keeps on a subscription (read only for clients). */
export interface ReaderFetchState {
  /** consecutive failed refreshes; 0 after one works */
  error_count: number;
  last_error: string | null;
  checked_at: string | null;
  /** when the scheduler refreshes it next (backoff, Cache-Control, Retry-After, TTL) */
  next_check_at: string | null;
  etag: string | null;
  last_modified: string | null;
  /**
   * the feed the fetcher found when `url` turned out to be a page (an OPML import names pages sometimes): fetched
   * instead of url from then on; null otherwise
   */
  feed_url: string | null;
  /** a server's Retry-After (429/503): no request before then, not even a refresh now */
  blocked_until: string | null;
}

export const READER_CONTENT_TYPES = ['text', 'html'] as const;

/** An item as the fetcher stores it (spec §3 Reader item); clients change only read and starred, by the handlers. */
export interface ReaderItemFields {
  title: string;
  url: string | null;
  /** sanitized HTML or plain text; left out of the feed's `_find` (read by GET /{account_id}/{item_id}) */
  content: string;
  content_type: (typeof READER_CONTENT_TYPES)[number];
  summary: string;
  /** the entry's date, or the fetch time for an entry without one (ISO 8601) */
  point_at: string;
  read: boolean;
  starred: boolean;
  reader_subscription_id: string;
  /** the subscription as it is now (its title, its label's name), filled in when the item is read */
  reader_subscription: { _id: string; title: string | null; label: string | null };
  /**
   * the subscription's current label, filled in when the item is read (not stored): a top-level `reader_label_id` in a
   * `_find` selector is answered from the label's subscriptions
   */
  reader_label_id: string | null;
  /** guid, else link, else a hash of title+date */
  dedupe_key: string;
}

/** The fields a feed's `_find` asks for (everything but the content). */
export const READER_ITEM_LIST_FIELDS = ['_id', 'title', 'url', 'summary', 'content_type', 'point_at', 'read', 'starred', 'reader_subscription_id', 'reader_subscription', 'created_at'] as const;

// ---- filters (spec §4) ------------------------------------------------------------------------------------------------

export const READ_FILTERS = ['unread', 'read', 'all'] as const;
export const STAR_FILTERS = ['all', 'starred', 'unstarred'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];
export type StarFilter = (typeof STAR_FILTERS)[number];

/** The `_find` selector of the feed for the filters (spec §7: sorted by point_at desc, page size 10). */
export function readerItemSelector(read: ReadFilter, star: StarFilter, subscriptionId?: string | null, labelId?: string | null): Record<string, unknown> {
  const selector: Record<string, unknown> = { klass: 'ReaderItem' };
  if (read !== 'all') selector.read = read === 'read';
  if (star !== 'all') selector.starred = star === 'starred';
  if (subscriptionId) selector.reader_subscription_id = subscriptionId;
  if (labelId) selector.reader_label_id = labelId;
  return selector;
}

// ---- update handlers and views -------------------------------------------------------------------------------------

/** PUT /{account_id}/_design/status/_update/{read|unread|star|unstar}/{item_id} (spec §7) */
export const READER_STATUS_DESIGN = 'status';
export const READER_STATUS_UPDATES = { read: 'read', unread: 'unread', star: 'star', unstar: 'unstar' } as const;
export type ReaderStatusUpdate = keyof typeof READER_STATUS_UPDATES;

export const READER_DESIGN = 'reader';
export const READER_UPDATES = {
  /** PUT …/_update/refresh/{subscription id | 'all'}: fetch now (queued; answers at once) */
  refresh: 'refresh',
  /** PUT …/_update/mark_all_read/{subscription id | label id | 'all'}: every unread item read */
  markAllRead: 'mark_all_read',
  /** PUT …/_update/import_opml/opml with body `{opml: string}` (≤ READER_OPML_MAX_BYTES): subscriptions and labels */
  importOpml: 'import_opml',
  /**
   * PUT …/_update/set_status/{read|unread|star|unstar} with body `{ids: [item id, …]}` (≤ READER_ITEMS_BY_ID_MAX): the
   * status handlers for many items at once, in one statement (idempotent: items already so are left as they are, as
   * are ids naming no item); `doc.changed` is how many changed
   */
  setStatus: 'set_status',
} as const;
export const READER_VIEWS = {
  /** the group's subscriptions as an OPML 2.0 document: one row `{key: 'opml', value: xml}` */
  opml: 'opml',
  /** unread items per subscription: rows `{key: subscription id, value: count}` */
  unread: 'unread',
  /**
   * `?ids=[…]&prefixes=[…]&fields=[…]`: the group's items with these ids, or whose id starts with one of these
   * prefixes (`rit-` and 16 hex digits or more: how the Google Reader API finds an item by its 64-bit number), rows
   * `{key: item id, value: item}` in id order; at most READER_ITEMS_BY_ID_MAX ids and twice as many prefixes
   */
  items: 'items',
} as const;
/** item ids one `reader/_view/items` or `reader/_update/set_status` takes, and one Google Reader call names, at most */
export const READER_ITEMS_BY_ID_MAX = 1000;
/**
 * Bytes (UTF-8, as JSON) of an item's stored content at most: an entry's HTML grows when it is sanitized (entities,
 * quotes) and a character may take up to 3 bytes, so the 256 k characters read of an entry are cut further until the
 * stored item fits well inside one bus message
 */
export const READER_ITEM_CONTENT_MAX_BYTES = 512 * 1024;
export const READER_OPML_MAX_BYTES = 512 * 1024;

/** What an OPML import reports (the `doc` of the update's reply). */
export interface OpmlImportReport {
  subscriptions_created: number;
  subscriptions_skipped: number;
  labels_created: number;
}

// ---- Google Reader API (beyond the spec: mobile readers) -----------------------------------------------------------

/** Base path of the Google Reader API at the gateway: `/greader/{account_id}` + `/accounts/ClientLogin`, `/reader/api/0/…` */
export const GREADER_BASE = '/greader';
