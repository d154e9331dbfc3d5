CREATE TABLE "job" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"college_id" text NOT NULL,
	"queue" text NOT NULL,
	"state" text NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"instance_id" text,
	"cancel_requested" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "job_instance" (
	"id" text PRIMARY KEY NOT NULL,
	"worker_ids" text[] NOT NULL,
	"seen_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_owner_idx" ON "job" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "job_queue_idx" ON "job" USING btree ("queue","created_at");--> statement-breakpoint
CREATE INDEX "job_state_idx" ON "job" USING btree ("state","updated_at");