-- The lists read newest first with ties by id (`ORDER BY date DESC, id`): with the id descending, these indexes read
-- backwards give that order as it is (with it ascending, all the records of the first date were read and sorted).
DROP INDEX "finance"."documents_income_date_idx";--> statement-breakpoint
DROP INDEX "finance"."documents_outgo_date_idx";--> statement-breakpoint
DROP INDEX "finance"."documents_transfer_date_idx";--> statement-breakpoint
DROP INDEX "finance"."documents_exchange_date_idx";--> statement-breakpoint
CREATE INDEX "documents_income_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id" DESC NULLS FIRST) WHERE klass = 'Income' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_outgo_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id" DESC NULLS FIRST) WHERE klass = 'Outgo' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_transfer_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id" DESC NULLS FIRST) WHERE klass = 'Transfer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_exchange_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id" DESC NULLS FIRST) WHERE klass = 'Exchange' AND NOT deleted;