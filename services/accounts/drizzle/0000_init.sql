CREATE SCHEMA "accounts";
--> statement-breakpoint
CREATE TABLE "accounts"."account_seqs" (
	"account_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."change_log" (
	"gseq" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"id" text NOT NULL,
	"rev" text NOT NULL,
	"rev_num" integer NOT NULL,
	"klass" text NOT NULL,
	"deleted" boolean NOT NULL,
	"label" text,
	"updated_at" text NOT NULL,
	"size" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."counters" (
	"account_id" text NOT NULL,
	"klass" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_pkey" PRIMARY KEY("account_id","klass")
);
--> statement-breakpoint
CREATE TABLE "accounts"."doc_state" (
	"account_id" text NOT NULL,
	"id" text NOT NULL,
	"klass" text NOT NULL,
	"rev_num" integer NOT NULL,
	"deleted" boolean NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "doc_state_pkey" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "accounts"."documents" (
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
CREATE TABLE "accounts"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "change_log_account_id_rev_key" ON "accounts"."change_log" USING btree ("account_id","id","rev");--> statement-breakpoint
CREATE UNIQUE INDEX "change_log_account_seq_key" ON "accounts"."change_log" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "accounts"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_subscription_user_id_key" ON "accounts"."documents" USING btree ("account_id",(body #> '{user_id}'::text[])) WHERE klass = 'Subscription' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_subscription_email_key" ON "accounts"."documents" USING btree ("account_id",(body #> '{email}'::text[])) WHERE klass = 'Subscription' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_accountconfiguration_key_key" ON "accounts"."documents" USING btree ("account_id",(body #> '{key}'::text[])) WHERE klass = 'AccountConfiguration' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_subscription_any_user_id_idx" ON "accounts"."documents" USING btree ((body ->> 'user_id')) WHERE klass = 'Subscription' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_subscription_any_email_idx" ON "accounts"."documents" USING btree ((body ->> 'email')) WHERE klass = 'Subscription' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_subscription_any_id_idx" ON "accounts"."documents" USING btree ("id") WHERE klass = 'Subscription' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_parent_account_id_idx" ON "accounts"."documents" USING btree ((body ->> 'value')) WHERE klass = 'AccountConfiguration' AND (body ->> 'key') = 'parent-account-id' AND NOT deleted;