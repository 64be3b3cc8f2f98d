CREATE TABLE "billing_accounts" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"abn" text,
	"invoice_seq" integer DEFAULT 0 NOT NULL,
	"credit_note_seq" integer DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"next_renewal_attempt_at" timestamp with time zone,
	"payg_active" boolean DEFAULT false NOT NULL,
	"payg_cap" integer,
	"payg_notified_month" text,
	"payg_notified_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_app_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"units_bought" integer NOT NULL,
	"units_used" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"invoice_id" text,
	"renewal_of" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"holder_name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verification_charge_id" text,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"committed_units" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"document_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"gst" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"provider_charge_id" text,
	"credit_for" text,
	"payg_month" text,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"invoice_id" text,
	"bucket_id" text,
	"user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"app_key" text NOT NULL,
	"event_id" text NOT NULL,
	"units" integer NOT NULL,
	"from_bucket" integer NOT NULL,
	"payg_units" integer NOT NULL,
	"month" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_app_credentials" ADD CONSTRAINT "billing_app_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_buckets" ADD CONSTRAINT "billing_buckets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cards" ADD CONSTRAINT "billing_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_contracts" ADD CONSTRAINT "billing_contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD CONSTRAINT "billing_purchases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_usage" ADD CONSTRAINT "billing_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_buckets_org_period_idx" ON "billing_buckets" USING btree ("organization_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_buckets_renewal_unique" ON "billing_buckets" USING btree ("renewal_of") WHERE "billing_buckets"."renewal_of" is not null;--> statement-breakpoint
CREATE INDEX "billing_cards_org_idx" ON "billing_cards" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cards_one_primary" ON "billing_cards" USING btree ("organization_id") WHERE "billing_cards"."is_primary";--> statement-breakpoint
CREATE INDEX "billing_contracts_org_idx" ON "billing_contracts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_unique" ON "billing_invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_payg_month_unique" ON "billing_invoices" USING btree ("organization_id","payg_month") WHERE "billing_invoices"."payg_month" is not null;--> statement-breakpoint
CREATE INDEX "billing_invoices_org_issued_idx" ON "billing_invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_purchases_key_unique" ON "billing_purchases" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_usage_event_unique" ON "billing_usage" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE INDEX "billing_usage_org_month_idx" ON "billing_usage" USING btree ("organization_id","month");