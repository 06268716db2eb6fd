CREATE SCHEMA "reader";
--> statement-breakpoint
CREATE TABLE "reader"."documents" (
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
CREATE TABLE "reader"."entry_keys" (
	"account_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "entry_keys_pkey" PRIMARY KEY("account_id","subscription_id","key")
);
--> statement-breakpoint
CREATE TABLE "reader"."feed_state" (
	"account_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"feed_url" text,
	"feed_title" text,
	"site_url" text,
	"etag" text,
	"last_modified" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "feed_state_pkey" PRIMARY KEY("account_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "reader"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "reader"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_item_point_at_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{point_at}'::text[]) DESC,"id") WHERE klass = 'ReaderItem' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_item_read_point_at_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{read}'::text[]),(body #> '{point_at}'::text[]) DESC,"id") WHERE klass = 'ReaderItem' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_item_starred_point_at_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{starred}'::text[]),(body #> '{point_at}'::text[]) DESC,"id") WHERE klass = 'ReaderItem' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_item_subscription_point_at_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{reader_subscription_id}'::text[]),(body #> '{point_at}'::text[]) DESC,"id") WHERE klass = 'ReaderItem' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_item_subscription_read_point_at_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{reader_subscription_id}'::text[]),(body #> '{read}'::text[]),(body #> '{point_at}'::text[]) DESC,"id") WHERE klass = 'ReaderItem' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_readersubscription_url_key" ON "reader"."documents" USING btree ("account_id",(body #> '{url}'::text[])) WHERE klass = 'ReaderSubscription' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_readersubscription_reader_label_id_idx" ON "reader"."documents" USING btree ("account_id",(body #> '{reader_label_id}'::text[])) WHERE klass = 'ReaderSubscription' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_readerlabel_name_key" ON "reader"."documents" USING btree ("account_id",(body #> '{name}'::text[])) WHERE klass = 'ReaderLabel' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "feed_state_due_idx" ON "reader"."feed_state" USING btree ("next_check_at") WHERE active;