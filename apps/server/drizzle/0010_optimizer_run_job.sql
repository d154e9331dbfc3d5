ALTER TABLE "optimizer_run" DROP COLUMN "progress";--> statement-breakpoint
ALTER TABLE "optimizer_run" DROP COLUMN "heartbeat_at";