CREATE SCHEMA "platform_test_events";
--> statement-breakpoint
CREATE SCHEMA "platform_test";
--> statement-breakpoint
CREATE TABLE "platform_test"."documents" (
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
CREATE TABLE "platform_test_events"."documents" (
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
CREATE TABLE "platform_test_events"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_test"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "platform_test"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_customer_name_idx" ON "platform_test"."documents" USING btree ("account_id",(body #> '{name}'::text[])) WHERE klass = 'Customer' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_customer_email_key" ON "platform_test"."documents" USING btree ("account_id",(body #> '{email}'::text[])) WHERE klass = 'Customer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_status_idx" ON "platform_test"."documents" USING btree ("account_id",(body #> '{status}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_ticket_due_date_idx" ON "platform_test"."documents" USING btree ("account_id",(body #> '{due,date}'::text[])) WHERE klass = 'Ticket' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "platform_test_events"."documents" USING btree ("account_id","klass") WHERE NOT deleted;