ALTER TABLE "activity_logs" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "seq" bigserial NOT NULL;