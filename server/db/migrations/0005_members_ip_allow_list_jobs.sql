CREATE TABLE "ip_allow_lists" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"ranges" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_job_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"activity_log_retention_days" integer DEFAULT 365 NOT NULL,
	"members_digest" boolean DEFAULT false NOT NULL,
	"last_retention_run_at" timestamp with time zone,
	"last_digest_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"slot" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ip_allow_lists" ADD CONSTRAINT "ip_allow_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_allow_lists" ADD CONSTRAINT "ip_allow_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_job_settings" ADD CONSTRAINT "organization_job_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_unique" ON "invitations" USING btree ("organization_id",lower("email")) WHERE "invitations"."status" = 'pending';