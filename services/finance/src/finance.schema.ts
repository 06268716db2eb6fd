import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { documentTables, fieldSql, klassIndex } from '@app/platform';

// The finance service's Postgres schema: the platform's document tables for Wallet, WalletBalance, Income, Outgo,
// Transfer, Exchange and Mapping, with the indexes the lists sort and filter on and the balance sums read.
// After a change: `npx tsc -b services/platform && npx drizzle-kit generate --config services/finance/drizzle.config.ts`.
export const FINANCE_SCHEMA = 'finance';

const field = (name: string) => sql.raw(fieldSql('body', [name]));
const live = (klass: string) => sql.raw(`klass = '${klass}' AND NOT deleted`);

export const { schema, documents, outbox } = documentTables(FINANCE_SCHEMA, {
  indexes: (t) => [
    // the lists: newest first
    ...(['Income', 'Outgo', 'Transfer', 'Exchange'] as const).map((k) => index(`documents_${k.toLowerCase()}_date_idx`).on(t.accountId, field('date'), t.id).where(live(k))),
    // a wallet's records (pending sums, the check before deleting a wallet)
    klassIndex(t, 'Income', 'wallet_id'),
    klassIndex(t, 'Outgo', 'wallet_id'),
    klassIndex(t, 'Transfer', 'source_wallet_id'),
    klassIndex(t, 'Transfer', 'destination_wallet_id'),
    klassIndex(t, 'Exchange', 'source_wallet_id'),
    klassIndex(t, 'Exchange', 'destination_wallet_id'),
    // description search: `description: {$regex: …}` is `((body #> '{description}') #>> '{}') COLLATE "C" ~ $n`
    // (platform mango/selector-sql.ts); a trigram index on that very expression and collation serves it. One index for
    // the four money records: `klass = 'Outgo'` implies the IN list, and one GIN index costs the import's writes less
    // than four (100,000 rows: 83 ms a search as a sequential scan)
    index('documents_money_description_trgm_idx')
      .using('gin', sql.raw(`(((body #> '{description}'::text[]) #>> '{}'::text[])) COLLATE "C" gin_trgm_ops`))
      .where(sql.raw(`klass IN ('Income', 'Outgo', 'Transfer', 'Exchange') AND NOT deleted`)),
    klassIndex(t, 'Wallet', 'name'),
    klassIndex(t, 'WalletBalance', 'currency', { unique: true }),
  ],
});
