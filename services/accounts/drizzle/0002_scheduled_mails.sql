CREATE TABLE "accounts"."free_limit_notices" (
	"account_id" text PRIMARY KEY NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"crossings" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."mail_opt_outs" (
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_pkey" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE INDEX "change_log_created_idx" ON "accounts"."change_log" USING btree ("account_id","received_at") WHERE rev_num = 1;