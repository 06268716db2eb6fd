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
    // the lists: newest first, ties by id (the store's order: `date DESC, id`), which this index read backwards gives
    // as it is; with the id ascending, a date's records were all read and sorted to take the first 25 (bench/csv-import)
    ...(['Income', 'Outgo', 'Transfer', 'Exchange'] as const).map((k) => index(`documents_${k.toLowerCase()}_date_idx`).on(t.accountId, field('date'), t.id.desc().nullsFirst()).where(live(k))),
    // a wallet's records (pending sums, the check before deleting a wallet)
    klassIndex(t, 'Income', 'wallet_id'),
    klassIndex(t, 'Outgo', 'wallet_id'),
    klassIndex(t, 'Transfer', 'source_wallet_id'),
    klassIndex(t, 'Transfer', 'destination_wallet_id'),
    klassIndex(t, 'Exchange', 'source_wallet_id'),
    klassIndex(t, 'Exchange', 'destination_wallet_id'),
    // description search: `description: {$regex: …}` is `((body #> '{description}') #>> '{}') COLLATE "C" ~ $n`
    // (platform mango/selector-sql.ts); a trigram index on that very expression and collation serves it (83 ms a
    // search of 100,000 records as a sequential scan, 12 ms through it). GiST, not GIN as tickets: 100,000 imported
    // rows cost PostgreSQL ~0.5 s more with it, 1.2–3.5 s more with a GIN (its pending list, or its entries written
    // row by row), which the import's ≥ 20,000 rows/s can't afford. One index for the four money records:
    // `klass = 'Outgo'` implies the IN list.
    index('documents_money_description_trgm_idx')
      .using('gist', sql.raw(`(((body #> '{description}'::text[]) #>> '{}'::text[])) COLLATE "C" gist_trgm_ops`))
      .where(sql.raw(`klass IN ('Income', 'Outgo', 'Transfer', 'Exchange') AND NOT deleted`)),
    // the pending records (unconfirmed and not imported), which every Wallet read sums (spec §3 pending_transactions,
    // balance_after_pending): few in any group, so the wallets are read without walking all of its records. The
    // predicate is written as the pending sums write it (wallets/finance.repository.ts PENDING).
    index('documents_pending_idx')
      .on(t.accountId, t.klass)
      .where(
        sql.raw(
          `klass IN ('Income', 'Outgo', 'Transfer', 'Exchange') AND NOT deleted AND NOT COALESCE((body ->> 'confirmed')::boolean, false) AND NOT COALESCE((body ->> 'imported')::boolean, false)`,
        ),
      ),
    klassIndex(t, 'Wallet', 'name'),
    klassIndex(t, 'WalletBalance', 'currency', { unique: true }),
  ],
});
