ALTER TABLE "card" ADD COLUMN "kind" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "note_id" text;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "ord" integer;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "anki_note_id" text;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "anki_ord" integer;--> statement-breakpoint
CREATE INDEX "card_note_idx" ON "card" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "card_anki_idx" ON "card" USING btree ("deck_id","anki_note_id");