// Admin writes for the sync tests and the model, written the way the content rules demand (clock
// first, rows stamped, subtree re-stamps and tombstones: domain/clock.ts and domain/subtree.ts). One object, so it can
// later be swapped for the admin service of domain/ without touching the callers.
import { and, eq, sql } from 'drizzle-orm';
import { stampAnnouncements, stampContent } from '../../src/domain/clock.ts';
import { stampSubtree, tombstoneAnnouncement, tombstoneSubtree, touchTopics } from '../../src/domain/subtree.ts';
import type { Database } from '../../src/db/client.ts';
import { announcement, card, flashcardDeck, module, purchasedModule, subject, topic, user } from '../../src/db/schema/index.ts';
import { write, type ModuleOpts } from '../sync-fixtures.ts';

export type Admin = ReturnType<typeof adminWrites>;

export function adminWrites(db: Database) {
  const tx = <T>(work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], v: number) => Promise<T>) =>
    db.transaction(async (t) => work(t, await stampContent(t)));
  const setArchived = async (table: 'module' | 'subject' | 'topic', id: string, archived: boolean) =>
    tx(async (t, v) => {
      const root = table === 'module' ? { module: id } : table === 'subject' ? { subject: id } : { topic: id };
      const tbl = table === 'module' ? module : table === 'subject' ? subject : topic;
      await t.update(tbl).set({ isArchived: archived, archivedAt: archived ? new Date() : null, rowVersion: v }).where(eq(tbl.id, id));
      await stampSubtree(t, v, root);
      if (archived) await tombstoneSubtree(t, v, root);
      return v;
    });
  return {
    module: (o: ModuleOpts) => write(db, (w) => w.module(o)),
    subject: (moduleId: string) => write(db, (w) => w.subject(moduleId)),
    topic: (subjectId: string) => write(db, (w) => w.topic(subjectId)),
    deck: (topicId: string, cards: number) => write(db, (w) => w.deck(topicId, cards)),
    archive: (table: 'module' | 'subject' | 'topic', id: string) => setArchived(table, id, true),
    restore: (table: 'module' | 'subject' | 'topic', id: string) => setArchived(table, id, false),
    renameTopic: (topicId: string, name: string) =>
      tx(async (t, v) => {
        await t.update(topic).set({ name, nameLowercase: name.toLowerCase(), rowVersion: v, updatedAt: new Date() }).where(eq(topic.id, topicId));
        return v;
      }),
    /** Edits a card's front: new topic content version. */
    editCard: (cardId: string, front: string) =>
      tx(async (t, v) => {
        const [c] = await t.select({ deckId: card.deckId }).from(card).where(eq(card.id, cardId));
        if (!c) return v;
        const [d] = await t.select({ topicId: flashcardDeck.topicId }).from(flashcardDeck).where(eq(flashcardDeck.id, c.deckId));
        await t.update(card).set({ front, rowVersion: v, updatedAt: new Date() }).where(eq(card.id, cardId));
        if (d) await touchTopics(t, v, [d.topicId]);
        return v;
      }),
    /** Moves a topic to another subject (maybe another module / year): tombstones with the old scope first. */
    moveTopic: (topicId: string, toSubjectId: string) =>
      tx(async (t, v) => {
        const [s] = await t.select().from(subject).where(eq(subject.id, toSubjectId));
        if (!s) return v;
        await tombstoneSubtree(t, v, { topic: topicId });
        const scope = { collegeId: s.collegeId, yearGroup: s.yearGroup };
        await t.update(topic).set({ subjectId: s.id, moduleId: s.moduleId, isGlobal: s.isGlobal, ...scope, rowVersion: v }).where(eq(topic.id, topicId));
        const decks = t.select({ id: flashcardDeck.id }).from(flashcardDeck).where(eq(flashcardDeck.topicId, topicId));
        await t.update(flashcardDeck).set({ ...scope, rowVersion: v }).where(eq(flashcardDeck.topicId, topicId));
        await t.update(card).set({ ...scope, rowVersion: v }).where(sql`${card.deckId} in (${decks})`);
        await touchTopics(t, v, [topicId]);
        return v;
      }),
    /** Makes a module global (or not): everyone of the college re-evaluates the subtree. */
    setGlobal: (moduleId: string, isGlobal: boolean) =>
      tx(async (t, v) => {
        if (!isGlobal) await tombstoneSubtree(t, v, { module: moduleId });
        await t.update(module).set({ isGlobal, rowVersion: v }).where(eq(module.id, moduleId));
        await t.update(subject).set({ isGlobal, rowVersion: v }).where(eq(subject.moduleId, moduleId));
        await t.update(topic).set({ isGlobal, rowVersion: v }).where(eq(topic.moduleId, moduleId));
        await stampSubtree(t, v, { module: moduleId });
        return v;
      }),
    grant: (userId: string, moduleId: string) =>
      db.insert(purchasedModule).values({ userId, moduleId, generationId: 'g' }).onConflictDoNothing(),
    revoke: (userId: string, moduleId: string) =>
      db.delete(purchasedModule).where(and(eq(purchasedModule.userId, userId), eq(purchasedModule.moduleId, moduleId))),
    setYear: (userId: string, yearGroup: string) => db.update(user).set({ yearGroup }).where(eq(user.id, userId)),
    announce: (collegeId: string, yearGroup: string) =>
      db.transaction(async (t) => {
        const v = await stampAnnouncements(t);
        const id = crypto.randomUUID();
        const now = Date.now();
        await t.insert(announcement).values({
          id,
          title: `A ${id.slice(0, 6)}`,
          date: new Date(now),
          expiresAt: new Date(now + 30 * 86_400_000),
          collegeId,
          yearGroup,
          rowVersion: v,
        });
        return id;
      }),
    deleteAnnouncement: (id: string) =>
      db.transaction(async (t) => {
        const v = await stampAnnouncements(t);
        await tombstoneAnnouncement(t, v, id);
        await t.delete(announcement).where(eq(announcement.id, id));
      }),
  };
}
