import { sql } from 'drizzle-orm';
import { bigint, index, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentTables, fieldSql, klassIndex } from '@app/platform';

// The tickets service's Postgres schema: the platform's document tables for Ticket, Comment, Customer, Equipment,
// Category, Contract, ContractItem, Estimate and Maintenance, with the indexes the screens filter and sort on, and the
// per-account number counters of tickets and estimates.
// After a change: `npx drizzle-kit generate --config services/tickets/drizzle.config.ts` (see drizzle.config.ts).
export const TICKETS_SCHEMA = 'tickets';

const live = (klass: string) => sql.raw(`klass = '${klass}' AND NOT deleted`);
const field = (name: string) => sql.raw(fieldSql('body', [name]));

export const { schema, documents, outbox } = documentTables(TICKETS_SCHEMA, {
  indexes: (t) => [
    // a ticket's number is unique in its account (the counter hands it out; this is the backstop)
    klassIndex(t, 'Ticket', 'number', { unique: true }),
    // the board: one find per status column sorted by number desc (id last: the find's tie-break)
    index('documents_ticket_status_number_idx').on(t.accountId, field('status'), field('number'), t.id).where(live('Ticket')),
    klassIndex(t, 'Ticket', 'technical_id'),
    klassIndex(t, 'Ticket', 'customer_id'),
    klassIndex(t, 'Ticket', 'updated_at'),
    // the reports (reports/reports.repository.ts): tickets created in a range, and those written since its start (a
    // finished ticket's last write follows its status change); on the columns. A 12-week report of a 30 000-ticket
    // group read 25 000 heap pages through (account, klass) in 0.35 s, 1 400 through these in 0.016 s
    index('documents_ticket_created_at_idx').on(t.accountId, t.createdAt).where(live('Ticket')),
    index('documents_ticket_updated_at_col_idx').on(t.accountId, t.updatedAt).where(live('Ticket')),
    // text search: `search: {$regex: …}` is `((body #> '{search}') #>> '{}') COLLATE "C" ~ $n` (mango/selector-sql.ts);
    // a trigram index on that very expression and collation serves it
    index('documents_ticket_search_trgm_idx')
      .using('gin', sql.raw(`(((body #> '{search}'::text[]) #>> '{}'::text[])) COLLATE "C" gin_trgm_ops`))
      .where(live('Ticket')),
    klassIndex(t, 'Estimate', 'number', { unique: true }),
    // a ticket's estimates (its status page and its page in the web app)
    klassIndex(t, 'Estimate', 'ticket_id'),
    klassIndex(t, 'Maintenance', 'next_maintenance'),
    klassIndex(t, 'Customer', 'name'),
    klassIndex(t, 'Equipment', 'identifier'),
    klassIndex(t, 'Comment', 'ticket_id'),
  ],
});

/**
 * The last number handed out per account and kind (Ticket, Estimate). A create takes the next one in its own
 * transaction (the row stays locked until it commits), so numbers are unique, in order, and a failed create
 * leaves no gap.
 */
export const numberCounters = schema.table(
  'number_counters',
  {
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    last: bigint('last', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'number_counters_pkey', columns: [t.accountId, t.kind] })],
);

/**
 * A ticket's status link (issue 31, status-links/): one row per ticket, its token replaced on a renew. The page looks a
 * link up by the token's SHA-256 (`token_hash`); the token itself is kept so members can copy and print it again
 * (they read the ticket anyway). `locale` and `time_zone` are the page's, decided when the link was made.
 */
export const statusLinks = schema.table(
  'status_links',
  {
    accountId: text('account_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    token: text('token').notNull(),
    locale: text('locale').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [primaryKey({ name: 'status_links_pkey', columns: [t.accountId, t.ticketId] }), uniqueIndex('status_links_token_hash_key').on(t.tokenHash)],
);
