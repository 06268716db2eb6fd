import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { documentTables, fieldSql, klassIndex } from '@app/platform';

// The reader service's Postgres schema: the platform's document tables for feed subscriptions, labels and their items,
// with the indexes the feed's lists read, and the fetcher's own state per subscription (feed_state).
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/reader/drizzle.config.ts`.
export const READER_SCHEMA = 'reader';

const field = (name: string) => sql.raw(fieldSql('body', [name]));
const newestFirst = sql.raw(`${fieldSql('body', ['point_at'])} DESC`);
const liveItem = sql.raw(`klass = 'ReaderItem' AND NOT deleted`);
/** A live subscription whose address has a userinfo part (`scheme://user:password@…`); the index's predicate. */
export const SUBSCRIPTION_WITH_USERINFO = `klass = 'ReaderSubscription' AND NOT deleted AND (body #>> '{url}') ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@'`;

export const { schema, documents, outbox } = documentTables(READER_SCHEMA, {
  indexes: (t) => [
    // the feed (spec §7: point_at desc, the find's id tie-break), unfiltered and per filter: each answers a page by
    // reading ten index entries, whatever the account holds
    index('documents_item_point_at_idx').on(t.accountId, newestFirst, t.id).where(liveItem),
    index('documents_item_read_point_at_idx').on(t.accountId, field('read'), newestFirst, t.id).where(liveItem),
    index('documents_item_starred_point_at_idx').on(t.accountId, field('starred'), newestFirst, t.id).where(liveItem),
    index('documents_item_subscription_point_at_idx').on(t.accountId, field('reader_subscription_id'), newestFirst, t.id).where(liveItem),
    // one feed's unread items (the feed screen's default filter on a subscription or a label)
    index('documents_item_subscription_read_point_at_idx').on(t.accountId, field('reader_subscription_id'), field('read'), newestFirst, t.id).where(liveItem),
    // one subscription per feed address, one label per name, in a group
    klassIndex(t, 'ReaderSubscription', 'url', { unique: true }),
    klassIndex(t, 'ReaderSubscription', 'reader_label_id'),
    klassIndex(t, 'ReaderLabel', 'name', { unique: true }),
    // subscriptions whose address still carries credentials (written before they were kept apart, or restored from an
    // archive made then): empty once the reader has moved them (subscriptions/credentials-move.ts), so the look-up
    // each start makes reads nothing
    index('documents_subscription_userinfo_idx').on(t.accountId, t.id).where(sql.raw(SUBSCRIPTION_WITH_USERINFO)),
  ],
});

/**
 * What the fetcher keeps per subscription, apart from the subscription's document: a refresh never writes the
 * document, so a user's edit of it never meets a 409 because the fetcher ran. Read with the subscription (merged
 * into what the API shows). Created and deleted with the subscription, in its transaction; `active` follows it.
 */
export const feedState = schema.table(
  'feed_state',
  {
    accountId: text('account_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    active: boolean('active').notNull().default(true),
    /** the address last fetched (after redirects) */
    feedUrl: text('feed_url'),
    feedTitle: text('feed_title'),
    siteUrl: text('site_url'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'string' }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** a server's Retry-After (429/503): no request before then, not even "refresh now" */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'feed_state_pkey', columns: [t.accountId, t.subscriptionId] }),
    // the scheduler's question: which active feeds are due
    index('feed_state_due_idx').on(t.nextCheckAt).where(sql.raw('active')),
  ],
);

/**
 * The entries each subscription has stored (guid, else link, else a hash of title and date): the fetcher inserts a
 * fetch's keys here first (ON CONFLICT DO NOTHING), and what is inserted is what is new, so an entry becomes an item
 * once however often the feed lists it. Deleted with the subscription.
 */
export const entryKeys = schema.table(
  'entry_keys',
  {
    accountId: text('account_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ name: 'entry_keys_pkey', columns: [t.accountId, t.subscriptionId, t.key] })],
);

/**
 * A subscription's HTTP Basic credentials (security issue 25, item 13): typed in its address
 * (`https://user:password@host/feed`), kept here and never in the document members read (which keeps the address
 * without them and shows only `basic_auth_user`). Sent by the fetcher to `origin` only. One row per subscription of a
 * group, so two groups (or two subscriptions) never fetch with each other's; written and deleted in the
 * subscription's own transactions.
 */
export const feedCredentials = schema.table(
  'feed_credentials',
  {
    accountId: text('account_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** scheme, host and port the credentials are sent to (the address they were typed with) */
    origin: text('origin').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'feed_credentials_pkey', columns: [t.accountId, t.subscriptionId] })],
);
