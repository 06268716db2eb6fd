CREATE SCHEMA "disk";
--> statement-breakpoint
CREATE TABLE "disk"."blob_orphans" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk"."dav_locks" (
	"token" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"path" text NOT NULL,
	"lock" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk"."dav_properties" (
	"account_id" text NOT NULL,
	"file_id" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "dav_properties_pkey" PRIMARY KEY("account_id","file_id","name")
);
--> statement-breakpoint
CREATE TABLE "disk"."documents" (
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
CREATE TABLE "disk"."file_versions" (
	"account_id" text NOT NULL,
	"file_id" text NOT NULL,
	"version" integer NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" jsonb NOT NULL,
	CONSTRAINT "file_versions_pkey" PRIMARY KEY("account_id","file_id","version")
);
--> statement-breakpoint
CREATE TABLE "disk"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk"."uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"target" jsonb NOT NULL,
	"length" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dav_locks_path_idx" ON "disk"."dav_locks" USING btree ("account_id","path");--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "disk"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_cloudfile_name_uidx" ON "disk"."documents" USING btree ("account_id",COALESCE(body ->> 'dir_id', ''),(body ->> 'name') COLLATE "C") WHERE klass = 'CloudFile' AND NOT deleted AND (body ->> 'kind') IN ('file', 'file_enc', 'dir', 'dir_app');--> statement-breakpoint
CREATE INDEX "documents_cloudfile_dir_idx" ON "disk"."documents" USING btree ("account_id",(body #> '{dir_id}'::text[]),(body #> '{name}'::text[])) WHERE klass = 'CloudFile' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_cloudfile_starred_idx" ON "disk"."documents" USING btree ("account_id",(body #> '{starred}'::text[])) WHERE klass = 'CloudFile' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_cloudfile_trashed_at_idx" ON "disk"."documents" USING btree ("account_id",(body #> '{trashed_at}'::text[])) WHERE klass = 'CloudFile' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "file_versions_blob_idx" ON "disk"."file_versions" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "disk"."uploads" USING btree ("expires_at");