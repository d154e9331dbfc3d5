CREATE TABLE "scheduler_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "stability" double precision;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "difficulty" double precision;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "learning_state" text;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "learning_step" integer;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "last_review" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "reps" integer;--> statement-breakpoint
ALTER TABLE "progress_record" ADD COLUMN "lapses" integer;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "scheduler" jsonb;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "state_before" jsonb;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "elapsed_ms" bigint;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "undone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "progress_reset" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduler_settings" ADD CONSTRAINT "scheduler_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_log_user_item_idx" ON "review_log" USING btree ("user_id","item_id");--> statement-breakpoint
-- Resets made before the replay: they fall after the same device's reviews logged up to their time.
UPDATE "progress_reset" r SET "seq" = coalesce((SELECT max(l."id") FROM "review_log" l
  WHERE l."user_id" = r."user_id" AND l."device_id" = r."device_id" AND l."reviewed_at" <= r."reset_at"), 0);
