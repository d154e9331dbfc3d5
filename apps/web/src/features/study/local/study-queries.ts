// The study page's reads from the local store: subject, module, topics, a topic's resources, a deck's
// cards and the student's progress on them, a lecture page (ARCHITECTURE §1: IndexedDB only).
import { memoryFieldsOf, type DeckDto } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import { progressId } from '../../../local/progress.ts';
import type {
  CardProgress,
  DeckData,
  StudyDeck,
  StudyLecture,
  StudySubject,
  TopicResources,
} from '../study-types.ts';

const byName = (a: string, b: string) =>
  a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** null when the subject is not in the local store. */
export async function loadStudySubject(userId: string, subjectId: string): Promise<StudySubject | null> {
  const db = getUserDb(userId);
  const subject = await db.subjects.get(subjectId);
  if (!subject || !notArchived(subject)) return null;
  const [mod, topics] = await Promise.all([
    db.modules.get(subject.moduleId),
    db.topics.where('subjectId').equals(subjectId).filter(notArchived).toArray(),
  ]);
  return {
    subject: { id: subject.id, name: subject.name },
    module: mod ? { id: mod.id, name: mod.name } : null,
    topics: topics
      .map((t) => ({ id: t.id, name: t.name, lastSynced: t.lastSynced ?? null }))
      .sort((a, b) => byName(a.name, b.name)),
  };
}

const toDeck = (d: DeckDto): StudyDeck => ({
  id: d.id,
  name: d.name,
  topicId: d.topicId,
  cardCount: d.cardCount,
});

export async function loadTopicResources(userId: string, topicId: string): Promise<TopicResources> {
  const db = getUserDb(userId);
  const [decks, pages, quizzes] = await Promise.all([
    db.flashcardDecks.where('topicId').equals(topicId).toArray(),
    db.htmlContent.where('topicId').equals(topicId).toArray(),
    db.mcqQuizzes.where('topicId').equals(topicId).toArray(),
  ]);
  return {
    quizzes: quizzes
      .map((q) => ({ id: q.id, name: q.name, topicId, questionCount: q.questionCount }))
      .sort((a, b) => byName(a.name, b.name)),
    decks: decks.map(toDeck).sort((a, b) => byName(a.name, b.name)),
    lectures: pages
      .map((p) => ({ id: p.id, title: p.title, topicId }))
      .sort((a, b) => byName(a.title, b.title)),
  };
}

export async function loadDeck(userId: string, deckId: string): Promise<DeckData> {
  const db = getUserDb(userId);
  const [deck, cards] = await Promise.all([
    db.flashcardDecks.get(deckId),
    db.cards.where('deckId').equals(deckId).toArray(),
  ]);
  return {
    deckId,
    deck: deck ? toDeck(deck) : null,
    cards: cards.map((c) => ({ id: c.id, front: c.front, back: c.back, kind: c.kind, ord: c.ord })),
  };
}

/**
 * The student's progress on the given cards, by card id. A record that is neither suspended nor
 * scheduled counts as new (SPEC §4: new = no record), so it is left out.
 */
export async function loadCardProgress(
  userId: string,
  cardIds: readonly string[],
): Promise<Map<string, CardProgress>> {
  const rows = await getUserDb(userId).userProgress.bulkGet(cardIds.map((id) => progressId(userId, id)));
  const map = new Map<string, CardProgress>();
  for (const r of rows) {
    if (!r || (!r.isSuspended && r.dueDate == null)) continue;
    map.set(r.itemId, {
      easeFactor: r.easeFactor,
      interval: r.interval,
      dueDate: r.dueDate,
      isSuspended: r.isSuspended,
      // The FSRS memory state (issue 18), when known.
      ...memoryFieldsOf(r),
    });
  }
  return map;
}

export async function loadLecture(userId: string, contentId: string): Promise<StudyLecture | null> {
  const row = await getUserDb(userId).htmlContent.get(contentId);
  return row ? { id: row.id, title: row.title, topicId: row.topicId, htmlBody: row.htmlBody } : null;
}
