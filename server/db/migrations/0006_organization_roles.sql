CREATE TABLE "organization_roles" (
	"organization_id" text NOT NULL,
	"role_id" text NOT NULL,
	"name" text,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organization_roles_organization_id_role_id_pk" PRIMARY KEY("organization_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "organization_roles" ADD CONSTRAINT "organization_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_roles_name_unique" ON "organization_roles" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_business_name_unique" ON "organizations" USING btree (lower("name")) WHERE "organizations"."account_type" = 'business';