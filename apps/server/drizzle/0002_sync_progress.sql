-- Issue 9: op ids and study-session ids unique per user (not across users); a ledger of applied ops
-- (idempotent uploads of every kind); versioned deletes of study sessions; reset markers (a deck reset
-- and the study data import) that later-arriving older reviews lose against.
ALTER TABLE "review_log" DROP CONSTRAINT "review_log_op_id_unique";--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_op_unique" UNIQUE("user_id","op_id");--> statement-breakpoint
ALTER TABLE "study_session" DROP CONSTRAINT "study_session_pkey";--> statement-breakpoint
ALTER TABLE "study_session" ADD CONSTRAINT "study_session_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "study_session" ADD COLUMN "deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "progress_op" (
	"user_id" text NOT NULL,
	"op_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_op_user_id_op_id_pk" PRIMARY KEY("user_id","op_id")
);--> statement-breakpoint
ALTER TABLE "progress_op" ADD CONSTRAINT "progress_op_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "progress_reset" (
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"device_id" text NOT NULL,
	CONSTRAINT "progress_reset_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);--> statement-breakpoint
ALTER TABLE "progress_reset" ADD CONSTRAINT "progress_reset_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
