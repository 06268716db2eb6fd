-- btree_gin for the search indexes on (account_id, vector) (added by hand: drizzle-kit does not write extensions)
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE SCHEMA "notes";
--> statement-breakpoint
CREATE TABLE "notes"."documents" (
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
CREATE TABLE "notes"."handbook_links" (
	"account_id" text NOT NULL,
	"source_id" text NOT NULL,
	"target" text NOT NULL,
	CONSTRAINT "handbook_links_pkey" PRIMARY KEY("account_id","source_id","target")
);
--> statement-breakpoint
CREATE TABLE "notes"."handbook_revisions" (
	"account_id" text NOT NULL,
	"handbook_id" text NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_type" text NOT NULL,
	"categories" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_by" text,
	"updated_by_label" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "handbook_revisions_pkey" PRIMARY KEY("account_id","handbook_id","revision")
);
--> statement-breakpoint
CREATE TABLE "notes"."handbook_slugs" (
	"account_id" text NOT NULL,
	"slug" text NOT NULL,
	"handbook_id" text NOT NULL,
	"current" boolean NOT NULL,
	CONSTRAINT "handbook_slugs_pkey" PRIMARY KEY("account_id","slug")
);
--> statement-breakpoint
CREATE TABLE "notes"."handbook_tags" (
	"account_id" text NOT NULL,
	"handbook_id" text NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "handbook_tags_pkey" PRIMARY KEY("account_id","tag","handbook_id")
);
--> statement-breakpoint
CREATE TABLE "notes"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes"."search_entries" (
	"account_id" text NOT NULL,
	"id" text NOT NULL,
	"klass" text NOT NULL,
	"vector" "tsvector" NOT NULL,
	"head" "tsvector" NOT NULL,
	CONSTRAINT "search_entries_pkey" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "notes"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_handbook_updated_idx" ON "notes"."documents" USING btree ("account_id",(body #> '{updated_at}'::text[]),"id") WHERE klass = 'Handbook' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_handbook_title_idx" ON "notes"."documents" USING btree ("account_id",(body #> '{title}'::text[]),"id") WHERE klass = 'Handbook' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_bookmark_added_idx" ON "notes"."documents" USING btree ("account_id",(body #> '{added_at}'::text[]),"id") WHERE klass = 'Bookmark' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_bookmark_normalized_url_idx" ON "notes"."documents" USING btree ("account_id",(body #> '{normalized_url}'::text[])) WHERE klass = 'Bookmark' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "handbook_links_target_idx" ON "notes"."handbook_links" USING btree ("account_id","target");--> statement-breakpoint
CREATE INDEX "handbook_slugs_handbook_idx" ON "notes"."handbook_slugs" USING btree ("account_id","handbook_id");--> statement-breakpoint
CREATE INDEX "handbook_tags_handbook_idx" ON "notes"."handbook_tags" USING btree ("account_id","handbook_id");--> statement-breakpoint
CREATE INDEX "search_entries_vector_idx" ON "notes"."search_entries" USING gin ("account_id","vector") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "search_entries_head_idx" ON "notes"."search_entries" USING gin ("account_id","head") WITH (fastupdate=off);