CREATE TABLE "college" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"years" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"college_id" text,
	"year_group" text,
	"role" text DEFAULT 'user' NOT NULL,
	"admin_college_id" text,
	"admin_year_group" text,
	"active_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"revoked_reason" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "module" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"stage" integer NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"extra_info" text,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_by" text,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "module_stage_min" CHECK ("module"."stage" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"module_id" text NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_by" text,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_lowercase" text NOT NULL,
	"subject_id" text NOT NULL,
	"module_id" text NOT NULL,
	"is_global" boolean DEFAULT false NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_by" text,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL,
	"content_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flashcard_deck" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"topic_id" text NOT NULL,
	"card_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card" (
	"id" text PRIMARY KEY NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"deck_id" text NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_quiz" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"topic_id" text NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcq_question" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"option1" text NOT NULL,
	"option2" text NOT NULL,
	"option3" text,
	"option4" text,
	"option5" text,
	"correct_option" integer DEFAULT 1 NOT NULL,
	"explanation" text,
	"quiz_id" text NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mcq_correct_option_range" CHECK ("mcq_question"."correct_option" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "html_content" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"topic_id" text NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"last_updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text,
	"used_in" text[] DEFAULT '{}' NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"is_optimized" boolean DEFAULT false NOT NULL,
	"storage_url" text NOT NULL,
	"webp_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchased_module" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" text,
	"generation_id" text NOT NULL,
	CONSTRAINT "purchased_module_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "announcement" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'General' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"college_id" text NOT NULL,
	"year_group" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_by" text,
	"archived_at" timestamp with time zone,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_record" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"card_id" text,
	"question_id" text,
	"subject_id" text,
	"deck_id" text,
	"type" text NOT NULL,
	"ease_factor" real DEFAULT 2.5 NOT NULL,
	"interval" integer DEFAULT 0 NOT NULL,
	"due_date" timestamp with time zone,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"device_id" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"op_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"type" text NOT NULL,
	"rating" integer,
	"reviewed_at" timestamp with time zone NOT NULL,
	"device_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "review_log_op_id_unique" UNIQUE("op_id")
);
--> statement-breakpoint
CREATE TABLE "study_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"duration_in_seconds" integer NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"module_id" text NOT NULL,
	"module_name" text NOT NULL,
	"row_version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_clock" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_metadata" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visible_set_hash" text,
	"last_content_version" bigint DEFAULT 0 NOT NULL,
	"last_successful_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tombstone" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"row_version" bigint NOT NULL,
	"college_id" text,
	"year_group" text,
	"module_id" text,
	"topic_id" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_mail" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_college_id_college_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_admin_college_id_college_id_fk" FOREIGN KEY ("admin_college_id") REFERENCES "public"."college"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module" ADD CONSTRAINT "module_college_id_college_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject" ADD CONSTRAINT "subject_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic" ADD CONSTRAINT "topic_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic" ADD CONSTRAINT "topic_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_deck" ADD CONSTRAINT "flashcard_deck_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card" ADD CONSTRAINT "card_deck_id_flashcard_deck_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."flashcard_deck"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_quiz" ADD CONSTRAINT "mcq_quiz_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcq_question" ADD CONSTRAINT "mcq_question_quiz_id_mcq_quiz_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."mcq_quiz"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "html_content" ADD CONSTRAINT "html_content_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image" ADD CONSTRAINT "image_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_module" ADD CONSTRAINT "purchased_module_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_module" ADD CONSTRAINT "purchased_module_module_id_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."module"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_college_id_college_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."college"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_record" ADD CONSTRAINT "progress_record_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_session" ADD CONSTRAINT "study_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_metadata" ADD CONSTRAINT "sync_metadata_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_role_email_idx" ON "user" USING btree ("role","email");--> statement-breakpoint
CREATE INDEX "user_scope_idx" ON "user" USING btree ("college_id","year_group","email");--> statement-breakpoint
CREATE INDEX "user_admin_scope_idx" ON "user" USING btree ("admin_college_id","admin_year_group");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "module_scope_idx" ON "module" USING btree ("college_id","year_group");--> statement-breakpoint
CREATE INDEX "module_version_idx" ON "module" USING btree ("row_version");--> statement-breakpoint
CREATE INDEX "module_archived_idx" ON "module" USING btree ("is_archived","archived_at");--> statement-breakpoint
CREATE INDEX "subject_module_idx" ON "subject" USING btree ("module_id","is_archived");--> statement-breakpoint
CREATE INDEX "subject_version_idx" ON "subject" USING btree ("row_version");--> statement-breakpoint
CREATE INDEX "subject_archived_idx" ON "subject" USING btree ("is_archived","archived_at");--> statement-breakpoint
CREATE INDEX "topic_subject_idx" ON "topic" USING btree ("subject_id","is_archived");--> statement-breakpoint
CREATE INDEX "topic_module_idx" ON "topic" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "topic_name_idx" ON "topic" USING btree ("name_lowercase");--> statement-breakpoint
CREATE INDEX "topic_version_idx" ON "topic" USING btree ("row_version");--> statement-breakpoint
CREATE INDEX "topic_archived_idx" ON "topic" USING btree ("is_archived","archived_at");--> statement-breakpoint
CREATE INDEX "deck_topic_idx" ON "flashcard_deck" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "card_deck_idx" ON "card" USING btree ("deck_id");--> statement-breakpoint
CREATE INDEX "quiz_topic_idx" ON "mcq_quiz" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "question_quiz_idx" ON "mcq_question" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "html_topic_idx" ON "html_content" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "image_scope_idx" ON "image" USING btree ("college_id","year_group","created_at");--> statement-breakpoint
CREATE INDEX "purchased_module_idx" ON "purchased_module" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "announcement_scope_idx" ON "announcement" USING btree ("college_id","year_group","date");--> statement-breakpoint
CREATE INDEX "announcement_version_idx" ON "announcement" USING btree ("row_version");--> statement-breakpoint
CREATE UNIQUE INDEX "progress_user_item_idx" ON "progress_record" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "progress_user_version_idx" ON "progress_record" USING btree ("user_id","row_version");--> statement-breakpoint
CREATE INDEX "review_log_user_idx" ON "review_log" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "study_session_user_version_idx" ON "study_session" USING btree ("user_id","row_version");--> statement-breakpoint
CREATE INDEX "tombstone_version_idx" ON "tombstone" USING btree ("row_version");--> statement-breakpoint
CREATE INDEX "tombstone_topic_idx" ON "tombstone" USING btree ("topic_id","row_version");