CREATE TABLE "qbank_block" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"block" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "qbank_block_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "question_answer_totals" (
	"question_id" text PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"options" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_first_answer" (
	"question_id" text NOT NULL,
	"user_id" text NOT NULL,
	"option" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"version" bigint NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_first_answer_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "qbank_block" ADD CONSTRAINT "qbank_block_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answer_totals" ADD CONSTRAINT "question_answer_totals_question_id_mcq_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mcq_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_first_answer" ADD CONSTRAINT "question_first_answer_question_id_mcq_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mcq_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_first_answer" ADD CONSTRAINT "question_first_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qbank_block_user_version_idx" ON "qbank_block" USING btree ("user_id","row_version");--> statement-breakpoint
CREATE INDEX "question_first_answer_user_version_idx" ON "question_first_answer" USING btree ("user_id","version");