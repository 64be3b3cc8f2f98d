CREATE TABLE "billing_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "billing_cards" ADD COLUMN "provider_customer_id" text;