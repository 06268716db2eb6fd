-- pg_trgm for the trigram index of ticket search (added by hand: drizzle-kit does not write extensions)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA "tickets";
--> statement-breakpoint
CREATE TABLE "tickets"."documents" (
	"account_id" text NOT NULL,
	"id" text NOT NULL,
	"klass" text NOT NULL,
	"rev" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"size" integer,
	CONSTRAINT "documents_pkey" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."number_counters" (
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"last" bigint NOT NULL,
	CONSTRAINT "number_counters_pkey" PRIMARY KEY("account_id","kind")
);
--> statement-breakpoint
CREATE TABLE "tickets"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "tickets"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_ticket_number_key" ON "tickets"."documents" USING btree ("account_id",(body #> '{number}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_status_number_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{status}'::text[]),(body #> '{number}'::text[]),"id") WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_technical_id_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{technical_id}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_customer_id_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{customer_id}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_updated_at_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{updated_at}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_search_trgm_idx" ON "tickets"."documents" USING gin ((((body #> '{search}'::text[]) #>> '{}'::text[])) COLLATE "C" gin_trgm_ops) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_estimate_number_key" ON "tickets"."documents" USING btree ("account_id",(body #> '{number}'::text[])) WHERE klass = 'Estimate' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_maintenance_next_maintenance_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{next_maintenance}'::text[])) WHERE klass = 'Maintenance' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_customer_name_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{name}'::text[])) WHERE klass = 'Customer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_equipment_identifier_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{identifier}'::text[])) WHERE klass = 'Equipment' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_comment_ticket_id_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{ticket_id}'::text[])) WHERE klass = 'Comment' AND NOT deleted;