CREATE TABLE "sso_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"algorithm" text NOT NULL,
	"verification_key" text NOT NULL,
	"redirect_url" text NOT NULL,
	"require_terms" boolean DEFAULT false NOT NULL,
	"require_password" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_token_uses" (
	"application_id" text NOT NULL,
	"jti" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_token_uses_application_id_jti_pk" PRIMARY KEY("application_id","jti")
);
--> statement-breakpoint
ALTER TABLE "sso_token_uses" ADD CONSTRAINT "sso_token_uses_application_id_sso_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."sso_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_token_uses_expiry_idx" ON "sso_token_uses" USING btree ("expires_at");