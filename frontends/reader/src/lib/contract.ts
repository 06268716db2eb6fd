import type {
  MAX_FEED_URL,
  OpmlImportReport,
  READ_FILTERS,
  READER_DESIGN,
  READER_HIGHLIGHT_FLASH_MS,
  READER_ITEM_LIST_FIELDS,
  READER_MARK_READ_ON_OPEN_KEY,
  READER_MESSAGES,
  READER_OPML_MAX_BYTES,
  READER_PAGE_SIZE,
  READER_REASONS,
  READER_STATUS_DESIGN,
  READER_STATUS_UPDATES,
  READER_UPDATES,
  READER_VIEWS,
  ReadFilter,
  readerItemSelector,
  STAR_FILTERS,
  StarFilter,
} from '@app/proto';

// The reader contract's constants and its feed selector, needed at run time (proto/src/reader.ts). proto's reader
// module also holds the zod schemas, and importing a value from it would bundle them (and zod): the values are written
// out here, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts from proto (lib/contract.test.ts
// compares them with proto's too).

export type { OpmlImportReport, ReadFilter, StarFilter };

/** items per page of the feed (spec §9) */
export const PAGE_SIZE = 10 satisfies typeof READER_PAGE_SIZE;
/** the highlight after closing an item toggles at these times, ms (spec §9) */
export const FLASH_MS = [500, 1000, 1500] as const satisfies typeof READER_HIGHLIGHT_FLASH_MS;
/** the user setting (UserConfiguration key, true/false) that marks an item read when it is opened */
export const MARK_READ_ON_OPEN_KEY = 'reader-mark-read-on-open' satisfies typeof READER_MARK_READ_ON_OPEN_KEY;
export const FEED_URL_MAX = 2048 satisfies typeof MAX_FEED_URL;
export const OPML_MAX_BYTES = 512 * 1024 satisfies typeof READER_OPML_MAX_BYTES;

/** the reader's own field errors (keys of `validation.*`) */
export const MESSAGES = {
  badUrl: 'is-not-a-web-address',
  noFeed: 'has-no-feed',
  unreachable: 'cannot-be-reached',
  noSuchHost: 'has-no-such-host',
  refused: 'refused-the-connection',
  timeout: 'did-not-answer-in-time',
  notFound: 'was-not-found-there',
  errorStatus: 'answered-with-an-error',
  tooLarge: 'is-too-large',
  tooManyRedirects: 'redirects-too-many-times',
  privateAddress: 'is-a-private-address',
  taken: 'has-already-been-taken',
  mustExist: 'must-exist',
} as const satisfies typeof READER_MESSAGES;

/** The service's sentence when an OPML file is too large (proto's READER_REASONS.opmlTooLarge). */
export const opmlTooLarge = ((max: number) => `The OPML file is larger than ${Math.round(max / 1024)} kB`) satisfies typeof READER_REASONS.opmlTooLarge;

export const READS = ['unread', 'read', 'all'] as const satisfies typeof READ_FILTERS;
export const STARS = ['all', 'starred', 'unstarred'] as const satisfies typeof STAR_FILTERS;
/** spec §2: the feed opens on the unread items, starred or not */
export const DEFAULT_READ: ReadFilter = 'unread';
export const DEFAULT_STAR: StarFilter = 'all';

/** The fields a feed's `_find` asks for (everything but the content, which GET /{account_id}/{item_id} reads). */
export const ITEM_LIST_FIELDS = [
  '_id',
  'title',
  'url',
  'summary',
  'content_type',
  'point_at',
  'read',
  'starred',
  'reader_subscription_id',
  'reader_subscription',
  'created_at',
] as const satisfies typeof READER_ITEM_LIST_FIELDS;

export const STATUS_DESIGN = 'status' satisfies typeof READER_STATUS_DESIGN;
export const STATUS = { read: 'read', unread: 'unread', star: 'star', unstar: 'unstar' } as const satisfies typeof READER_STATUS_UPDATES;
export type StatusUpdate = keyof typeof STATUS;

export const DESIGN = 'reader' satisfies typeof READER_DESIGN;
export const UPDATES = { refresh: 'refresh', markAllRead: 'mark_all_read', importOpml: 'import_opml', setStatus: 'set_status' } as const satisfies typeof READER_UPDATES;
export const VIEWS = { opml: 'opml', unread: 'unread', items: 'items' } as const satisfies typeof READER_VIEWS;

/** The feed's `_find` selector for the filters (proto's readerItemSelector written out). */
export const itemSelector = ((read: ReadFilter, star: StarFilter, subscriptionId?: string | null, labelId?: string | null): Record<string, unknown> => {
  const selector: Record<string, unknown> = { klass: 'ReaderItem' };
  if (read !== 'all') selector.read = read === 'read';
  if (star !== 'all') selector.starred = star === 'starred';
  if (subscriptionId) selector.reader_subscription_id = subscriptionId;
  if (labelId) selector.reader_label_id = labelId;
  return selector;
}) satisfies typeof readerItemSelector;
