// The deck browser's reads and its one write (ARCHITECTURE §4: component → hook → features/x/local →
// local/). Cards are read as keys of the deckId index only (no fronts and backs), progress once.
import type { QueueProgress } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import { resetDeckProgress } from '../../../local/progress.ts';
import type { TreeInput } from '../build-tree.ts';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const live = (r: Record<string, unknown>) => r['isArchived'] !== true;

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
      for (const m of modules) if (!live(m)) hidden.add(m.id);
      for (const s of subjects) if (!live(s) || hidden.has(str(s.moduleId))) hidden.add(s.id);
      for (const t of topics) if (!live(t) || hidden.has(str(t.subjectId))) hidden.add(t.id);
      const map = new Map<string, QueueProgress>();
      for (const p of progress) if (p.type === 'flashcard') map.set(p.itemId, p);
      return {
        modules: modules
          .filter((m) => !hidden.has(m.id))
          .map((m) => ({
            id: m.id,
            name: str(m.name) || 'Untitled module',
            stage: typeof m.stage === 'number' ? m.stage : null,
            isGlobal: m.isGlobal === true,
          })),
        subjects: subjects
          .filter((s) => !hidden.has(s.id))
          .map((s) => ({ id: s.id, name: str(s.name) || 'Untitled subject', moduleId: str(s.moduleId) })),
        topics: topics
          .filter((t) => !hidden.has(t.id))
          .map((t) => ({ id: t.id, name: str(t.name) || 'Untitled topic', subjectId: str(t.subjectId) })),
        decks: decks
          .filter((d) => !hidden.has(str(d.topicId)))
          .map((d) => ({ id: d.id, name: str(d.name) || 'Untitled deck', topicId: str(d.topicId) })),
        cards: { ids: ids as string[], deckIds: deckIds.map(String) },
        progress: map,
      };
    },
  );
}

/** SPEC §4: deletes every progress record of the deck (and queues the deletes for the server). */
export function resetDeck(userId: string, deckId: string): Promise<number> {
  return resetDeckProgress({ userId, deckId, now: new Date() });
}
