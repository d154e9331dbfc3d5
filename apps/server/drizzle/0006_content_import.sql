CREATE TABLE "content_import" (
	"id" text PRIMARY KEY NOT NULL,
	"topic_id" text NOT NULL,
	"set_kind" text NOT NULL,
	"set_id" text NOT NULL,
	"set_created" boolean NOT NULL,
	"source" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_version" bigint NOT NULL,
	"added_ids" text[] NOT NULL,
	"previous" jsonb NOT NULL,
	"image_ids" text[] NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "content_import" ADD CONSTRAINT "content_import_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_import" ADD CONSTRAINT "content_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_import" ADD CONSTRAINT "content_import_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_import_set_idx" ON "content_import" USING btree ("set_id","created_at");--> statement-breakpoint
CREATE INDEX "content_import_topic_idx" ON "content_import" USING btree ("topic_id");