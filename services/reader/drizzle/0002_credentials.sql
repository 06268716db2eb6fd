-- Security issue 25, item 13: a feed's HTTP Basic credentials kept apart from the documents members read, and the
-- index that finds the subscriptions whose address still carries them (moved by the service at start:
-- services/reader/src/subscriptions/credentials-move.ts).
CREATE TABLE "reader"."feed_credentials" (
	"account_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"origin" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_credentials_pkey" PRIMARY KEY("account_id","subscription_id")
);
--> statement-breakpoint
CREATE INDEX "documents_subscription_userinfo_idx" ON "reader"."documents" USING btree ("account_id","id") WHERE klass = 'ReaderSubscription' AND NOT deleted AND (body #>> '{url}') ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';