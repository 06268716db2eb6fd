import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentTables, klassIndex } from '@app/platform';

// The accounts service's Postgres schema:
//  - the platform's document tables: Account (db = its own id), AccountConfiguration and Subscription (in the
//    account's db), with the indexes their look-ups use, also across accounts (a user's memberships);
//  - the change feed: plain tables the change consumer writes from every service's ChangeEvents (DESIGN: events and
//    the change feed): the log, the latest state of each document and the counters per klass.
// After a change: `npx drizzle-kit generate --config services/accounts/drizzle.config.ts` (see drizzle.config.ts).
export const ACCOUNTS_SCHEMA = 'accounts';

export const { schema, documents, outbox } = documentTables(ACCOUNTS_SCHEMA, {
  indexes: (t) => [
    // one membership per user and per invited address in an account (a pending one has no user_id)
    klassIndex(t, 'Subscription', 'user_id', { unique: true }),
    klassIndex(t, 'Subscription', 'email', { unique: true }),
    // one document per configuration key in an account
    klassIndex(t, 'AccountConfiguration', 'key', { unique: true }),
    // a user's memberships across accounts: by user id, by invited address, by subscription id
    index('documents_subscription_any_user_id_idx')
      .on(sql.raw(`(body ->> 'user_id')`))
      .where(sql.raw(`klass = 'Subscription' AND NOT deleted`)),
    index('documents_subscription_any_email_idx')
      .on(sql.raw(`(body ->> 'email')`))
      .where(sql.raw(`klass = 'Subscription' AND NOT deleted`)),
    index('documents_subscription_any_id_idx').on(t.id).where(sql.raw(`klass = 'Subscription' AND NOT deleted`)),
    // the sub-groups of a corporate account
    index('documents_parent_account_id_idx')
      .on(sql.raw(`(body ->> 'value')`))
      .where(sql.raw(`klass = 'AccountConfiguration' AND (body ->> 'key') = 'parent-account-id' AND NOT deleted`)),
  ],
});

/**
 * Every change event except DocumentChange's, once per (account, id, rev): `gseq` orders the whole log, `seq` is the
 * account's own gap-free sequence (update_seq, `_changes?since=`).
 */
export const changeLog = schema.table(
  'change_log',
  {
    gseq: bigserial('gseq', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    id: text('id').notNull(),
    rev: text('rev').notNull(),
    revNum: integer('rev_num').notNull(),
    klass: text('klass').notNull(),
    deleted: boolean('deleted').notNull(),
    label: text('label'),
    updatedAt: text('updated_at').notNull(),
    size: integer('size').notNull(),
    /** the user id of the event's actor; null for the system's own writes and for events logged before it was kept */
    actor: text('actor'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('change_log_account_id_rev_key').on(t.accountId, t.id, t.rev),
    uniqueIndex('change_log_account_seq_key').on(t.accountId, t.seq),
    // the records a group created lately (the weekly summary reads the last 30 days): first revisions by arrival
    index('change_log_created_idx').on(t.accountId, t.receivedAt).where(sql.raw('rev_num = 1')),
  ],
);

/** The newest revision seen of each document: an older or repeated event never moves it back. */
export const docState = schema.table(
  'doc_state',
  {
    accountId: text('account_id').notNull(),
    id: text('id').notNull(),
    klass: text('klass').notNull(),
    revNum: integer('rev_num').notNull(),
    deleted: boolean('deleted').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ name: 'doc_state_pkey', columns: [t.accountId, t.id] })],
);

/** Live documents and their stored size per account and klass (spec §3 Counter: kind, amount, size). */
export const counters = schema.table(
  'counters',
  {
    accountId: text('account_id').notNull(),
    klass: text('klass').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'counters_pkey', columns: [t.accountId, t.klass] })],
);

/** The last `seq` handed out per account; its row is locked while an event of the account is applied. */
export const accountSeqs = schema.table('account_seqs', {
  accountId: text('account_id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * The Free-plan limit notices (limit-notices/): per group, whether its administrators were told that its records
 * reached the limit (set when told, cleared when the records drop below it or the group leaves the Free plan) and how
 * many times it was told (each crossing's number names its mails, so a crossing is told once).
 */
export const freeLimitNotices = schema.table('free_limit_notices', {
  accountId: text('account_id').primaryKey(),
  notified: boolean('notified').notNull().default(false),
  crossings: integer('crossings').notNull().default(0),
  notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'string' }),
});

/** Scheduled mails a user stopped with a mailed unsubscribe link, besides the weekly summary (all_notifications). */
export const mailOptOuts = schema.table(
  'mail_opt_outs',
  {
    userId: text('user_id').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'mail_opt_outs_pkey', columns: [t.userId, t.purpose] })],
);
