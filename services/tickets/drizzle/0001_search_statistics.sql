-- Custom migration: planner statistics for the expressions ticket screens filter on. Every per-klass index is partial,
-- and PostgreSQL keeps no statistics for the expressions of partial indexes, so without these a `search` $regex is
-- estimated at 0.01 % of the rows and a common term fetches and sorts all its matches (docs/benchmarks.md, bench/tickets).
CREATE STATISTICS IF NOT EXISTS "tickets"."documents_search_stats" ON (body #> '{search}'::text[]), (jsonb_typeof(body #> '{search}'::text[])), ((((body #> '{search}'::text[]) #>> '{}'::text[])) COLLATE "C") FROM "tickets"."documents";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "tickets"."documents_status_stats" ON (body #> '{status}'::text[]), (body #> '{priority}'::text[]) FROM "tickets"."documents";--> statement-breakpoint
ANALYZE "tickets"."documents";
