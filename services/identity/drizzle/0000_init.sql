CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."documents" (
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
CREATE TABLE "identity"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "identity"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_user_email_idx" ON "identity"."documents" USING btree ("account_id",(body #> '{email}'::text[])) WHERE klass = 'User' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_user_unconfirmed_email_idx" ON "identity"."documents" USING btree ("account_id",(body #> '{unconfirmed_email}'::text[])) WHERE klass = 'User' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_user_confirmation_token_hash_idx" ON "identity"."documents" USING btree ("account_id",(body #> '{confirmation_token_hash}'::text[])) WHERE klass = 'User' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_user_reset_password_token_hash_idx" ON "identity"."documents" USING btree ("account_id",(body #> '{reset_password_token_hash}'::text[])) WHERE klass = 'User' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_user_email_lower_key" ON "identity"."documents" USING btree (lower(body ->> 'email')) WHERE klass = 'User' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_userconfiguration_key_key" ON "identity"."documents" USING btree ("account_id",(body #> '{key}'::text[])) WHERE klass = 'UserConfiguration' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_usertoken_active_idx" ON "identity"."documents" USING btree ("account_id",(body #> '{active}'::text[])) WHERE klass = 'UserToken' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_usertoken_token_hash_key" ON "identity"."documents" USING btree ((body ->> 'token_hash')) WHERE klass = 'UserToken' AND NOT deleted;