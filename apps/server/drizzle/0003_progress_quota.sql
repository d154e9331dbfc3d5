CREATE TABLE "progress_quota" (
	"user_id" text PRIMARY KEY NOT NULL,
	"ops" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_quota" ADD CONSTRAINT "progress_quota_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Users who stored ops before the quota: their count starts at what they hold.
INSERT INTO "progress_quota" ("user_id", "ops") SELECT "user_id", count(*) FROM "progress_op" GROUP BY "user_id";
