// The deck browser's reads and its one write (ARCHITECTURE §4: component → hook → features/x/local →
// local/). Cards are read as keys of the deckId index only (no fronts and backs), progress once.
import type { QueueProgress } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import { resetDeckProgress } from '../../../local/progress.ts';
import type { TreeInput } from '../build-tree.ts';

/**
 * Everything the tree needs, in one read transaction. Archived modules, subjects and topics are not
 * shown to students (SPEC §4 Content), and neither are their decks.
 */
export async function loadDeckBrowser(userId: string): Promise<TreeInput> {
  const db = getUserDb(userId);
  return db.transaction(
    'r',
    [db.modules, db.subjects, db.topics, db.flashcardDecks, db.cards, db.userProgress],
    async () => {
      const [modules, subjects, topics, decks, deckIds, ids, progress] = await Promise.all([
        db.modules.toArray(),
        db.subjects.toArray(),
        db.topics.toArray(),
        db.flashcardDecks.toArray(),
        db.cards.orderBy('deckId').keys(),
        db.cards.orderBy('deckId').primaryKeys(),
        db.userProgress.where('userId').equals(userId).toArray(),
      ]);
      const hidden = new Set<string>();
      for (const m of modules) if (!notArchived(m)) hidden.add(m.id);
      for (const s of subjects) if (!notArchived(s) || hidden.has(s.moduleId)) hidden.add(s.id);
      for (const t of topics) if (!notArchived(t) || hidden.has(t.subjectId)) hidden.add(t.id);
      const map = new Map<string, QueueProgress>();
      for (const p of progress) if (p.type === 'flashcard') map.set(p.itemId, p);
      return {
        modules: modules
          .filter((m) => !hidden.has(m.id))
          .map((m) => ({
            id: m.id,
            name: m.name || 'Untitled module',
            stage: m.stage,
            isGlobal: m.isGlobal,
          })),
        subjects: subjects
          .filter((s) => !hidden.has(s.id))
          .map((s) => ({ id: s.id, name: s.name || 'Untitled subject', moduleId: s.moduleId })),
        topics: topics
          .filter((t) => !hidden.has(t.id))
          .map((t) => ({ id: t.id, name: t.name || 'Untitled topic', subjectId: t.subjectId })),
        decks: decks
          .filter((d) => !hidden.has(d.topicId))
          .map((d) => ({ id: d.id, name: d.name || 'Untitled deck', topicId: d.topicId })),
        cards: { ids, deckIds: deckIds.map(String) },
        progress: map,
      };
    },
  );
}

/** SPEC §4: deletes every progress record of the deck (and queues the deletes for the server). */
export function resetDeck(userId: string, deckId: string): Promise<number> {
  return resetDeckProgress({ userId, deckId, now: new Date() });
}
