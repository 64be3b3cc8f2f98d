CREATE TABLE "branding_logos" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"media_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_branding" (
	"organization_id" text NOT NULL,
	"portal_key" text NOT NULL,
	"primary_color" text,
	"secondary_color" text,
	"text_color" text,
	"logo_id" text,
	"dark_logo_id" text,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portal_branding_organization_id_portal_key_pk" PRIMARY KEY("organization_id","portal_key")
);
--> statement-breakpoint
ALTER TABLE "branding_logos" ADD CONSTRAINT "branding_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branding_logos" ADD CONSTRAINT "branding_logos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_branding" ADD CONSTRAINT "portal_branding_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_branding" ADD CONSTRAINT "portal_branding_logo_id_branding_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."branding_logos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_branding" ADD CONSTRAINT "portal_branding_dark_logo_id_branding_logos_id_fk" FOREIGN KEY ("dark_logo_id") REFERENCES "public"."branding_logos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_branding" ADD CONSTRAINT "portal_branding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branding_logos_organization_idx" ON "branding_logos" USING btree ("organization_id");