CREATE TABLE "identity_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"user_id" text,
	"organization_id" text,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_verifications" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"submitted_by" text,
	"details" jsonb,
	"draft" jsonb,
	"status" text DEFAULT 'notSubmitted' NOT NULL,
	"reason" text,
	"provider_reference" text,
	"next_check_at" timestamp with time zone,
	"draft_step" integer,
	"draft_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"details" jsonb,
	"draft" jsonb,
	"status" text DEFAULT 'notSubmitted' NOT NULL,
	"reason" text,
	"provider_reference" text,
	"next_check_at" timestamp with time zone,
	"draft_step" integer,
	"draft_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"user_id" text,
	"organization_id" text,
	"status" text NOT NULL,
	"reason" jsonb,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_verifications" ADD CONSTRAINT "kyb_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_verifications" ADD CONSTRAINT "kyb_verifications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_documents_user_idx" ON "identity_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_documents_organization_idx" ON "identity_documents" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "kyb_verifications_next_check_idx" ON "kyb_verifications" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "kyc_verifications_next_check_idx" ON "kyc_verifications" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "verification_events_user_idx" ON "verification_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_events_organization_idx" ON "verification_events" USING btree ("organization_id");