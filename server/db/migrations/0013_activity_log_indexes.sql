DROP INDEX "activity_logs_user_idx";--> statement-breakpoint
DROP INDEX "activity_logs_org_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_user_time_idx" ON "activity_logs" USING btree ("user_id","created_at","seq","event_type");--> statement-breakpoint
CREATE INDEX "activity_logs_org_time_idx" ON "activity_logs" USING btree ("organization_id","created_at","seq","event_type");