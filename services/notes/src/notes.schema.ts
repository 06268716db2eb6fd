import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { documentTables, fieldSql, klassIndex } from '@app/platform';

// The notes service's Postgres schema: the platform's document tables for Handbook (a markdown wiki) and Bookmark, with
// the indexes their lists sort on, and the tables beside them: a handbook's addresses (current and old slugs), the
// links between handbooks, their revisions, and the text-search entries of both klasses (kept by a trigger on
// `documents`, written by hand in drizzle/0001_search.sql with the text-search configurations it uses).
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/notes/drizzle.config.ts`.
export const NOTES_SCHEMA = 'notes';

const field = (name: string) => sql.raw(fieldSql('body', [name]));
const live = (klass: string) => sql.raw(`klass = '${klass}' AND NOT deleted`);

export const { schema, documents, outbox } = documentTables(NOTES_SCHEMA, {
  indexes: (t) => [
    // the lists: recently updated first (the wiki screen), by title (its index), bookmarks newest first
    index('documents_handbook_updated_idx').on(t.accountId, field('updated_at'), t.id).where(live('Handbook')),
    index('documents_handbook_title_idx').on(t.accountId, field('title'), t.id).where(live('Handbook')),
    index('documents_bookmark_added_idx').on(t.accountId, field('added_at'), t.id).where(live('Bookmark')),
    // duplicates are told by the normalized URL
    klassIndex(t, 'Bookmark', 'normalized_url'),
    // the bookmarks whose page fetch is still to come: the sweep queues those a save could not (Redis away); few rows
    index('documents_bookmark_pending_idx').on(t.updatedAt).where(sql.raw(`klass = 'Bookmark' AND NOT deleted AND (body ->> 'fetch_status') = 'pending'`)),
  ],
});

/**
 * Every address of a live handbook in its group: the current uri (`current`) and the earlier ones, which still find it
 * (`by_uri`, links). One slug names one handbook: the primary key makes a new slug that is taken anywhere in the group
 * collide, so an old address never silently starts pointing at another page.
 */
export const handbookSlugs = schema.table(
  'handbook_slugs',
  {
    accountId: text('account_id').notNull(),
    slug: text('slug').notNull(),
    handbookId: text('handbook_id').notNull(),
    current: boolean('current').notNull(),
  },
  (t) => [primaryKey({ name: 'handbook_slugs_pkey', columns: [t.accountId, t.slug] }), index('handbook_slugs_handbook_idx').on(t.accountId, t.handbookId)],
);

/**
 * What each handbook's content links to, as written: a slug (`[[slug]]`, `/account/{acc}/handbooks/{slug}`) or a
 * handbook id. A target is resolved when read, so a link written before its page exists counts once the page does.
 */
export const handbookLinks = schema.table(
  'handbook_links',
  {
    accountId: text('account_id').notNull(),
    sourceId: text('source_id').notNull(),
    target: text('target').notNull(),
  },
  (t) => [primaryKey({ name: 'handbook_links_pkey', columns: [t.accountId, t.sourceId, t.target] }), index('handbook_links_target_idx').on(t.accountId, t.target)],
);

/** Each live handbook's tags (its categories), for the tag counts the wiki filters by. */
export const handbookTags = schema.table(
  'handbook_tags',
  {
    accountId: text('account_id').notNull(),
    handbookId: text('handbook_id').notNull(),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ name: 'handbook_tags_pkey', columns: [t.accountId, t.tag, t.handbookId] }), index('handbook_tags_handbook_idx').on(t.accountId, t.handbookId)],
);

/** A handbook's saved versions (MAX_HANDBOOK_REVISIONS newest kept), with who saved each and when. */
export const handbookRevisions = schema.table(
  'handbook_revisions',
  {
    accountId: text('account_id').notNull(),
    handbookId: text('handbook_id').notNull(),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    contentType: text('content_type').notNull(),
    categories: jsonb('categories').notNull(),
    fields: jsonb('fields').notNull(),
    updatedBy: text('updated_by'),
    updatedByLabel: text('updated_by_label'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'handbook_revisions_pkey', columns: [t.accountId, t.handbookId, t.revision] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text-search vectors of each live handbook and bookmark, written by the trigger `documents_search` (0001_search.sql)
 * whenever a document's searched text changes, in the same statement as the document: `vector` holds everything (title
 * weighted A, tags and fields B, description C, content and URL D), `head` only the title, tags and fields. Both are
 * stemmed in the document's language with accents removed; their GIN indexes (btree_gin for the account) find a
 * group's matches without reading other groups', and have no pending list (fastupdate off). `head` lets a query that matches most pages still consider the pages
 * that have the words in their title (search.repository.ts).
 */
export const searchEntries = schema.table(
  'search_entries',
  {
    accountId: text('account_id').notNull(),
    id: text('id').notNull(),
    klass: text('klass').notNull(),
    vector: tsvector('vector').notNull(),
    head: tsvector('head').notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_entries_pkey', columns: [t.accountId, t.id] }),
    // fastupdate off: a search never reads a pending list of recent writes (pages are written far less than searched)
    index('search_entries_vector_idx').using('gin', t.accountId, t.vector).with({ fastupdate: 'off' }),
    index('search_entries_head_idx').using('gin', t.accountId, t.head).with({ fastupdate: 'off' }),
  ],
);
