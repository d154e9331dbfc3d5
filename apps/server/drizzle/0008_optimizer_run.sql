CREATE TABLE "optimizer_run" (
	"user_id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"status" text NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"started_at" bigint NOT NULL,
	"heartbeat_at" bigint NOT NULL,
	"finished_at" bigint,
	"reviews_at_start" integer NOT NULL,
	"outcome" jsonb,
	"reason" text,
	"last_fit_at" bigint,
	"last_fit_reviews" integer
);
--> statement-breakpoint
ALTER TABLE "optimizer_run" ADD CONSTRAINT "optimizer_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;