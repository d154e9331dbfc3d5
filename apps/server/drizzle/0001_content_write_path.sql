-- One content-write path, enforced by the database (issue 7, ARCHITECTURE §5). The unit of work in
-- apps/server/src/domain advances the content (or announcements) clock first and sets the
-- transaction-local setting zan.content_version (zan.announcements_version); these triggers stamp
-- row_version from it on every insert and update, refuse a write without it, and write the tombstone
-- of every deleted row (cascaded descendants included).
CREATE OR REPLACE FUNCTION zan_write_version(setting text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v text := current_setting(setting, true);
BEGIN
  IF v IS NULL OR v = '' THEN
    RAISE EXCEPTION 'content write without a version (% is not set): write content through the unit of work in domain/', setting
      USING ERRCODE = 'P0001';
  END IF;
  RETURN v::bigint;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zan_stamp_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := zan_write_version(TG_ARGV[0]);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zan_tombstone_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := zan_write_version(TG_ARGV[0]);
  entity text := TG_ARGV[1];
  o jsonb := to_jsonb(OLD);
  t_id text;
  m_id text;
BEGIN
  t_id := CASE
    WHEN entity = 'topic' THEN o->>'id'
    WHEN o ? 'topic_id' THEN o->>'topic_id'
    WHEN o ? 'deck_id' THEN (SELECT d.topic_id FROM flashcard_deck d WHERE d.id = o->>'deck_id')
    WHEN o ? 'quiz_id' THEN (SELECT q.topic_id FROM mcq_quiz q WHERE q.id = o->>'quiz_id')
  END;
  m_id := CASE
    WHEN entity = 'module' THEN o->>'id'
    WHEN o ? 'module_id' THEN o->>'module_id'
    WHEN t_id IS NOT NULL THEN (SELECT t.module_id FROM topic t WHERE t.id = t_id)
  END;
  INSERT INTO tombstone (entity, entity_id, row_version, college_id, year_group, module_id, topic_id)
  VALUES (entity, o->>'id', v, o->>'college_id', o->>'year_group', m_id, t_id);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "module" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "module" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'module');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "subject" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "subject" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'subject');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "topic" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "topic" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'topic');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "flashcard_deck" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "flashcard_deck" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'flashcardDeck');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "card" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "card" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'card');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "mcq_quiz" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "mcq_quiz" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'mcqQuiz');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "mcq_question" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "mcq_question" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'mcqQuestion');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "html_content" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.content_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "html_content" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.content_version', 'htmlContent');
--> statement-breakpoint
CREATE TRIGGER zan_row_version BEFORE INSERT OR UPDATE ON "announcement" FOR EACH ROW EXECUTE FUNCTION zan_stamp_row_version('zan.announcements_version');
--> statement-breakpoint
CREATE TRIGGER zan_tombstone AFTER DELETE ON "announcement" FOR EACH ROW EXECUTE FUNCTION zan_tombstone_deleted('zan.announcements_version', 'announcement');
