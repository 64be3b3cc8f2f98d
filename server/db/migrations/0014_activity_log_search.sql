-- Search over the activity log (docs/performance.md, "Activity log"): trigram indexes need pg_trgm, a trusted
-- extension since PostgreSQL 13 (the database owner may create it; PGlite ships it and loads it at start).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "target_user_id" text GENERATED ALWAYS AS (coalesce(details->>'targetUserId', case when details->>'kind' = 'member' then details->>'target' end)) STORED;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(event_type || chr(31) || coalesce(ip, '') || chr(31) || coalesce(email, '') || chr(31) || coalesce(details->>'name', ''))) STORED;--> statement-breakpoint
CREATE INDEX "activity_logs_search_idx" ON "activity_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_logs_target_user_idx" ON "activity_logs" USING btree ("target_user_id");