CREATE TABLE "tickets"."status_links" (
	"account_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"locale" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "status_links_pkey" PRIMARY KEY("account_id","ticket_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "status_links_token_hash_key" ON "tickets"."status_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "documents_estimate_ticket_id_idx" ON "tickets"."documents" USING btree ("account_id",(body #> '{ticket_id}'::text[])) WHERE klass = 'Estimate' AND NOT deleted;