CREATE TABLE "throttle_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "throttle_counters_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "known_login_addresses" (
	"user_id" text NOT NULL,
	"ip" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_login_addresses_user_id_ip_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "known_login_addresses" ADD CONSTRAINT "known_login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "throttle_counters_window_idx" ON "throttle_counters" USING btree ("window_ends_at");--> statement-breakpoint
ALTER TABLE "login_challenges" DROP COLUMN "failed_attempts";