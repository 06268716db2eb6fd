-- pg_trgm for the trigram index of the description search (added by hand: drizzle-kit does not write extensions)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "documents_money_description_trgm_idx" ON "finance"."documents" USING gist ((((body #> '{description}'::text[]) #>> '{}'::text[])) COLLATE "C" gist_trgm_ops) WHERE klass IN ('Income', 'Outgo', 'Transfer', 'Exchange') AND NOT deleted;--> statement-breakpoint
-- Added by hand: planner statistics for the expressions the finance lists filter on. The wallet indexes are partial, and
-- PostgreSQL keeps no statistics for the expressions of partial indexes: a wallet's `wallet_id = …` was guessed at 0.5 %
-- of the rows, so its outgos list sorted all 90,000 outgos of a 100,000-row import (104 ms) instead of walking the date
-- index backwards (2 ms); likewise a description $regex (docs/benchmarks.md, bench/csv-import).
CREATE STATISTICS IF NOT EXISTS "finance"."documents_wallet_stats" ON (body #> '{wallet_id}'::text[]), (body #> '{source_wallet_id}'::text[]), (body #> '{destination_wallet_id}'::text[]) FROM "finance"."documents";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "finance"."documents_description_stats" ON (body #> '{description}'::text[]), (jsonb_typeof(body #> '{description}'::text[])), ((((body #> '{description}'::text[]) #>> '{}'::text[])) COLLATE "C") FROM "finance"."documents";--> statement-breakpoint
ANALYZE "finance"."documents";
