// Demo content (issue 3 §5): DEMO_CONTENT for Demo Medical College in one transaction and one
// content version (idempotent: skipped when the college has modules), the paid module(s) granted to
// the demo student, announcements on their own clock, and the SVG diagrams written to storage.
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP } from '@zan/core';
import { withAnnouncementWrite, withContentWrite } from '../../domain/content-write.ts';
import type { Database, Tx } from '../client.ts';
import {
  announcement,
  card,
  flashcardDeck,
  htmlContent,
  mcqQuestion,
  mcqQuiz,
  module,
  purchasedModule,
  subject,
  topic,
  user,
} from '../schema/index.ts';
import { DEMO_CONTENT } from './content/index.ts';
import type { DemoContent, DemoImage, DemoModule } from './content/types.ts';
import { DEMO_COLLEGE } from './demo.ts';

export const DEMO_IMAGES_DIR = 'demo-images';
const DAY_MS = 86_400_000;

/** Writes the demo SVGs under `${storageDir}/demo-images/` (only names that are plain *.svg). */
async function writeDemoImages(storageDir: string, images: DemoImage[] = DEMO_CONTENT.images): Promise<void> {
  const dir = path.join(storageDir, DEMO_IMAGES_DIR);
  await fs.mkdir(dir, { recursive: true });
  for (const img of images) {
    if (!isDemoImageName(img.fileName)) throw new Error(`demo image name not allowed: ${img.fileName}`);
    await fs.writeFile(path.join(dir, img.fileName), img.svg);
  }
}

export const isDemoImageName = (name: string): boolean => /^[a-z0-9][a-z0-9-]*\.svg$/.test(name);

async function userIdByEmail(tx: Tx, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id ?? null;
}

async function insertModule(
  tx: Tx,
  m: DemoModule,
  v: number,
  yearGroup: string,
  createdBy: string | null,
): Promise<string> {
  const collegeId = DEMO_COLLEGE.id;
  const scope = { collegeId, yearGroup };
  const moduleId = crypto.randomUUID();
  await tx.insert(module).values({
    id: moduleId,
    name: m.name,
    stage: m.stage,
    isFree: m.isFree,
    isGlobal: m.isGlobal,
    extraInfo: m.extraInfo ?? null,
    createdBy,
    ...scope,
  });
  for (const s of m.subjects) {
    const subjectId = crypto.randomUUID();
    await tx
      .insert(subject)
      .values({ id: subjectId, name: s.name, moduleId, isGlobal: m.isGlobal, createdBy, ...scope });
    for (const t of s.topics) {
      const topicId = crypto.randomUUID();
      await tx.insert(topic).values({
        id: topicId,
        name: t.name,
        nameLowercase: t.name.toLowerCase(),
        subjectId,
        moduleId,
        isGlobal: m.isGlobal,
        createdBy,
        contentVersion: v,
        ...scope,
      });
      for (const d of t.decks) {
        const deckId = crypto.randomUUID();
        await tx
          .insert(flashcardDeck)
          .values({ id: deckId, name: d.name, topicId, cardCount: d.cards.length, createdBy, ...scope });
        if (d.cards.length)
          await tx
            .insert(card)
            .values(d.cards.map((c) => ({ front: c.front, back: c.back, deckId, ...scope })));
      }
      for (const q of t.quizzes) {
        const quizId = crypto.randomUUID();
        await tx.insert(mcqQuiz).values({
          id: quizId,
          name: q.name,
          topicId,
          questionCount: q.questions.length,
          createdBy,
          ...scope,
        });
        if (q.questions.length) {
          await tx.insert(mcqQuestion).values(
            q.questions.map((x) => ({
              question: x.question,
              option1: x.option1,
              option2: x.option2,
              option3: x.option3 ?? null,
              option4: x.option4 ?? null,
              option5: x.option5 ?? null,
              correctOption: x.correctOption,
              explanation: x.explanation,
              quizId,
              ...scope,
            })),
          );
        }
      }
      for (const p of t.pages) {
        await tx
          .insert(htmlContent)
          .values({ title: p.title, htmlBody: p.htmlBody, topicId, lastUpdatedBy: createdBy, ...scope });
      }
    }
  }
  return moduleId;
}

/**
 * Seeds the demo content once. `storageDir` given → the images are (re)written there as well.
 * Returns whether content was inserted and the content version it carries.
 */
export async function seedDemoContent(
  db: Database,
  opts: { storageDir?: string; content?: DemoContent; now?: Date } = {},
): Promise<{ seeded: boolean; version: number | null }> {
  const content = opts.content ?? DEMO_CONTENT;
  const now = opts.now ?? new Date();
  if (opts.storageDir) await writeDemoImages(opts.storageDir, content.images);
  // Through the one content-write path (domain/content-write.ts); nobody is connected yet to tell.
  const seeded = await withContentWrite({ db, events: null }, async ({ tx, version: v }) => {
    // Two instances starting together: one seeds, the other then sees the modules and skips.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zan:demo-content'))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(module)
      .where(eq(module.collegeId, DEMO_COLLEGE.id));
    if ((existing?.n ?? 0) > 0) return { seeded: false, version: null };

    const yearGroup = DEMO_COLLEGE.years[0] ?? '';
    const adminId = await userIdByEmail(tx, 'admin@demo.test');
    const superId = await userIdByEmail(tx, 'super@demo.test');
    const studentId = await userIdByEmail(tx, 'student@demo.test');
    const granted: string[] = [];
    for (const m of content.modules) {
      const id = await insertModule(
        tx,
        m,
        v,
        m.isGlobal ? GLOBAL_YEAR_GROUP : yearGroup,
        m.isGlobal ? superId : (adminId ?? superId),
      );
      if (m.grantToDemoStudent && !m.isFree) granted.push(id);
    }
    if (studentId && granted.length) {
      const [student] = await tx
        .select({ yearGroup: user.yearGroup })
        .from(user)
        .where(eq(user.id, studentId));
      await tx.insert(purchasedModule).values(
        granted.map((moduleId) => ({
          userId: studentId,
          moduleId,
          grantedBy: adminId ?? superId,
          generationId: student?.yearGroup ?? yearGroup,
        })),
      );
    }
    return { seeded: true, version: v };
  });
  if (seeded.seeded && content.announcements.length) await seedAnnouncements(db, content, now);
  return seeded;
}

/** The demo announcements, on their own clock (only when the demo college has none yet). */
async function seedAnnouncements(db: Database, content: DemoContent, now: Date): Promise<void> {
  await withAnnouncementWrite({ db, events: null }, async ({ tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zan:demo-announcements'))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(announcement)
      .where(eq(announcement.collegeId, DEMO_COLLEGE.id));
    if ((existing?.n ?? 0) > 0) return;
    const yearGroup = DEMO_COLLEGE.years[0] ?? '';
    const createdBy =
      (await userIdByEmail(tx, 'admin@demo.test')) ?? (await userIdByEmail(tx, 'super@demo.test'));
    await tx.insert(announcement).values(
      content.announcements.map((a) => ({
        title: a.title,
        description: a.description,
        type: a.type,
        date: new Date(now.getTime() + a.dateOffsetDays * DAY_MS),
        expiresAt: new Date(now.getTime() + a.expiresOffsetDays * DAY_MS),
        collegeId: DEMO_COLLEGE.id,
        yearGroup,
        createdBy,
      })),
    );
  });
}
