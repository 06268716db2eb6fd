CREATE SCHEMA "finance";
--> statement-breakpoint
CREATE TABLE "finance"."documents" (
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
CREATE TABLE "finance"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "documents_account_klass_idx" ON "finance"."documents" USING btree ("account_id","klass") WHERE NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_income_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id") WHERE klass = 'Income' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_outgo_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id") WHERE klass = 'Outgo' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_transfer_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id") WHERE klass = 'Transfer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_exchange_date_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{date}'::text[]),"id") WHERE klass = 'Exchange' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_income_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{wallet_id}'::text[])) WHERE klass = 'Income' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_outgo_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{wallet_id}'::text[])) WHERE klass = 'Outgo' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_transfer_source_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{source_wallet_id}'::text[])) WHERE klass = 'Transfer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_transfer_destination_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{destination_wallet_id}'::text[])) WHERE klass = 'Transfer' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_exchange_source_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{source_wallet_id}'::text[])) WHERE klass = 'Exchange' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_exchange_destination_wallet_id_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{destination_wallet_id}'::text[])) WHERE klass = 'Exchange' AND NOT deleted;--> statement-breakpoint
CREATE INDEX "documents_wallet_name_idx" ON "finance"."documents" USING btree ("account_id",(body #> '{name}'::text[])) WHERE klass = 'Wallet' AND NOT deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_walletbalance_currency_key" ON "finance"."documents" USING btree ("account_id",(body #> '{currency}'::text[])) WHERE klass = 'WalletBalance' AND NOT deleted;