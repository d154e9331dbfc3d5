// Admin writes for the sync tests and the model, through the admin content services the routes use
// (features/content, as a superadmin) or, for what no service does yet (decks, cards, a module's
// global flag), through the domain's unit of work (withContentWrite). A refused write throws AppError.
import { eq } from 'drizzle-orm';
import { withContentWrite, type ContentUow } from '../../src/domain/content-write.ts';
import type { Database } from '../../src/db/client.ts';
import { card, flashcardDeck, module, subject, topic, user } from '../../src/db/schema/index.ts';
import { contentServices } from '../../src/features/content/routes.ts';
import { createUser } from '../helpers.ts';
import type { Actor } from '@zan/core';
import type { ModuleOpts } from '../sync-fixtures.ts';

export type Admin = ReturnType<typeof adminWrites>;
type Table = 'module' | 'subject' | 'topic';

const DAY = 86_400_000;
const label = (what: string) => `${what} ${crypto.randomUUID().slice(0, 8)}`;

export function adminWrites(db: Database) {
  // No live events: the devices of these tests sync when told to, not on an event.
  const deps = { db, events: null };
  const s = contentServices(deps);
  let made: Promise<Actor> | undefined;
  const actor = () =>
    (made ??= createUser(db, { role: 'superadmin' }).then((u) => ({
      id: u.id,
      role: 'superadmin' as const,
      emailVerified: true,
      collegeId: null,
      yearGroup: null,
      adminCollegeId: null,
      adminYearGroup: null,
    })));
  const uow = <T>(work: (u: ContentUow) => Promise<T>) => withContentWrite(deps, work);
  const archive = async (table: Table, id: string) => {
    const a = await actor();
    if (table === 'module') await s.modules.archive(a, id);
    else if (table === 'subject') await s.subjects.archive(a, id);
    else await s.topics.archive(a, id);
  };
  const restore = async (table: Table, id: string) => s.archive.restore(await actor(), `${table}s`, id);

  return {
    module: async (o: ModuleOpts) =>
      (
        await s.modules.create(await actor(), {
          name: o.name ?? label('Module'),
          stage: 1,
          isFree: o.isFree ?? true,
          isGlobal: o.isGlobal ?? false,
          collegeId: o.collegeId,
          yearGroup: o.yearGroup,
        })
      ).id,
    subject: async (moduleId: string) =>
      (await s.subjects.create(await actor(), { name: label('Subject'), moduleId })).id,
    topic: async (subjectId: string) =>
      (await s.topics.create(await actor(), { name: label('Topic'), subjectId })).id,
    /** A deck of `cards` cards (no deck service yet): the unit of work, new topic content version. */
    deck: (topicId: string, cards: number) =>
      uow(async ({ tx, version, topicContentChanged }) => {
        const [t] = await tx.select().from(topic).where(eq(topic.id, topicId));
        if (!t) throw new Error('no topic');
        const id = crypto.randomUUID();
        const scope = { collegeId: t.collegeId, yearGroup: t.yearGroup, rowVersion: version };
        await tx.insert(flashcardDeck).values({ id, name: 'Deck', topicId, cardCount: cards, ...scope });
        if (cards) {
          const rows = Array.from({ length: cards }, (_, i) => ({
            front: `<p>Q${i}</p>`,
            back: `<p>A${i}</p>`,
            deckId: id,
            ...scope,
          }));
          await tx.insert(card).values(rows);
        }
        await topicContentChanged([topicId]);
        return id;
      }),
    archive,
    restore,
    renameTopic: async (topicId: string, name: string) =>
      void (await s.topics.update(await actor(), topicId, { name })),
    /** Edits a card's front (no card service yet): new topic content version. */
    editCard: (cardId: string, front: string) =>
      uow(async ({ tx, version, topicContentChanged }) => {
        const [c] = await tx
          .select({ topicId: flashcardDeck.topicId })
          .from(card)
          .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
          .where(eq(card.id, cardId));
        if (!c) return;
        await tx
          .update(card)
          .set({ front, rowVersion: version, updatedAt: new Date() })
          .where(eq(card.id, cardId));
        await topicContentChanged([c.topicId]);
      }),
    /** Moves a topic to another subject (maybe another module / year). */
    moveTopic: async (topicId: string, toSubjectId: string) =>
      void (await s.topics.update(await actor(), topicId, { subjectId: toSubjectId })),
    /** Makes a module global (or not; no service edits the flag): the college re-evaluates the subtree. */
    setGlobal: (moduleId: string, isGlobal: boolean) =>
      uow(({ tx, version, visibilityChange }) =>
        visibilityChange({ module: moduleId }, async () => {
          await tx.update(module).set({ isGlobal, rowVersion: version }).where(eq(module.id, moduleId));
          await tx
            .update(subject)
            .set({ isGlobal, rowVersion: version })
            .where(eq(subject.moduleId, moduleId));
          await tx.update(topic).set({ isGlobal, rowVersion: version }).where(eq(topic.moduleId, moduleId));
        }),
      ),
    grant: async (userId: string, moduleId: string) =>
      void (await s.grants.grant(await actor(), userId, moduleId)),
    revoke: async (userId: string, moduleId: string) =>
      void (await s.grants.revoke(await actor(), userId, moduleId)),
    /** Profile data, not content: written directly. */
    setYear: (userId: string, yearGroup: string) =>
      db.update(user).set({ yearGroup }).where(eq(user.id, userId)),
    announce: async (collegeId: string, yearGroup: string) => {
      const now = Date.now();
      const a = await s.announcements.create(await actor(), {
        title: label('A'),
        date: now,
        expiresAt: now + 30 * DAY,
        collegeId,
        yearGroup,
      });
      return a.id;
    },
    /** The admin tab's Delete (a soft archive): devices drop it at their next announcement pull. */
    deleteAnnouncement: async (id: string) => s.announcements.archive(await actor(), id),
  };
}
