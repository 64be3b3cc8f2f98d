CREATE TABLE "email_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"link_id" text NOT NULL,
	"undo_link_id" text,
	"end_other_sessions" boolean DEFAULT false NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_link_id_action_tokens_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."action_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_undo_link_id_action_tokens_id_fk" FOREIGN KEY ("undo_link_id") REFERENCES "public"."action_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_link_unique" ON "email_changes" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_link_unique" ON "email_changes" USING btree ("undo_link_id");--> statement-breakpoint
CREATE INDEX "email_changes_old_email_idx" ON "email_changes" USING btree ("old_email");