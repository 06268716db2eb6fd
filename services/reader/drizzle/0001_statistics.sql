-- Custom migration: planner statistics for the expressions the feed filters on. Every per-klass index is partial, and
-- PostgreSQL keeps no statistics for the expressions of partial indexes: without these, "unread items of a label's
-- subscriptions" was estimated at 25 rows of 100,000 and answered by fetching and sorting all 6,000 (93 ms) instead of
-- walking the unread index newest first (bench/reader-items).
CREATE STATISTICS IF NOT EXISTS "reader"."documents_item_stats" ON (body #> '{read}'::text[]), (body #> '{starred}'::text[]), (body #> '{reader_subscription_id}'::text[]) FROM "reader"."documents";--> statement-breakpoint
ANALYZE "reader"."documents";
