import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentTables, fieldSql, klassIndex } from '@app/platform';

// The disk service's Postgres schema: the platform's document tables for CloudFile (files and folders), each file's
// kept versions (the blob of each, by content hash), and WebDAV's locks and dead properties, kept here so they survive
// a restart and are shared by every copy of the service.
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/disk/drizzle.config.ts`.
export const DISK_SCHEMA = 'disk';

const field = (name: string) => sql.raw(fieldSql('body', [name]));
const LIVE_ENTRY = sql.raw(`klass = 'CloudFile' AND NOT deleted AND (body ->> 'kind') IN ('file', 'file_enc', 'dir', 'dir_app')`);

export const { schema, documents, outbox } = documentTables(DISK_SCHEMA, {
  indexes: (t) => [
    // one live entry per name in a folder, compared byte for byte (names are case sensitive, spec §5); the root's
    // entries have no dir_id
    uniqueIndex('documents_cloudfile_name_uidx')
      .on(t.accountId, sql.raw(`COALESCE(body ->> 'dir_id', '')`), sql.raw(`(body ->> 'name') COLLATE "C"`))
      .where(LIVE_ENTRY),
    // a folder's listing: find by dir_id (and kind), sorted by name
    index('documents_cloudfile_dir_idx').on(t.accountId, field('dir_id'), field('name')).where(sql.raw(`klass = 'CloudFile' AND NOT deleted`)),
    klassIndex(t, 'CloudFile', 'starred'),
    klassIndex(t, 'CloudFile', 'trashed_at'),
  ],
});

/**
 * Every kept version of every file: which blob holds its bytes (the SHA-256 of the content), its size and type. The
 * newest version is what the file shows; older ones beyond the file's max_versions are dropped. A group's disk use is
 * the sum of its versions' sizes (trash included).
 */
export const fileVersions = schema.table(
  'file_versions',
  {
    accountId: text('account_id').notNull(),
    fileId: text('file_id').notNull(),
    version: integer('version').notNull(),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: jsonb('created_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'file_versions_pkey', columns: [t.accountId, t.fileId, t.version] }),
    index('file_versions_blob_idx').on(t.blobKey),
  ],
);

/**
 * Blobs no version names any more, since when: the sweeper deletes each one that is still unnamed an hour later (an
 * upload of the same bytes may be committing it again meanwhile: the hour lets that finish and name it).
 */
export const blobOrphans = schema.table('blob_orphans', {
  blobKey: text('blob_key').primaryKey(),
  since: timestamp('since', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Resumable uploads in progress (tus 1.0.0): where the bytes go when complete, how many are announced and received.
 * The bytes so far are in DISK_DATA_DIR/uploads/<id>; an upload left alone for a day is dropped.
 */
export const uploads = schema.table(
  'uploads',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    userId: text('user_id').notNull(),
    target: jsonb('target').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('uploads_expires_idx').on(t.expiresAt)],
);

/** WebDAV locks (RFC 4918 §6): by token, on a path of a group's disk, until they expire. */
export const davLocks = schema.table(
  'dav_locks',
  {
    token: text('token').primaryKey(),
    accountId: text('account_id').notNull(),
    path: text('path').notNull(),
    lock: jsonb('lock').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('dav_locks_path_idx').on(t.accountId, t.path)],
);

/** WebDAV dead properties (PROPPATCH), per file or folder: name is `{namespace}local`, value the XML element. */
export const davProperties = schema.table(
  'dav_properties',
  {
    accountId: text('account_id').notNull(),
    fileId: text('file_id').notNull(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ name: 'dav_properties_pkey', columns: [t.accountId, t.fileId, t.name] })],
);
