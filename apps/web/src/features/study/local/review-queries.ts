// The review session's reads (issue 18): every card of a scope's decks (ids only, then the chosen
// cards' faces), the student's progress on them, and how many of the scope's topics are not here yet.
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import type { ReviewCardRef, ReviewScopeData, StudyCard } from '../study-types.ts';

export type ReviewScopeQuery = { moduleId?: string | null; subjectId?: string | null };

/** null when the module or subject asked for is not on this device (or archived). */
export async function loadReviewScope(
  userId: string,
  scope: ReviewScopeQuery,
): Promise<ReviewScopeData | null> {
  const db = getUserDb(userId);
  const [modules, subjects] = await Promise.all([db.modules.toArray(), db.subjects.toArray()]);
  const liveModules = new Map(modules.filter(notArchived).map((m) => [m.id, m]));
  let inScope = subjects.filter((s) => notArchived(s) && liveModules.has(s.moduleId));
  let title = 'All modules';
  if (scope.subjectId) {
    inScope = inScope.filter((s) => s.id === scope.subjectId);
    if (!inScope[0]) return null;
    title = inScope[0].name;
  } else if (scope.moduleId) {
    const m = liveModules.get(scope.moduleId);
    if (!m) return null;
    inScope = inScope.filter((s) => s.moduleId === m.id);
    title = m.name;
  }
  const subjectIds = inScope.map((s) => s.id);
  const topics = subjectIds.length
    ? (await db.topics.where('subjectId').anyOf(subjectIds).toArray()).filter(notArchived)
    : [];
  const topicSubject = new Map(topics.map((t) => [t.id, t.subjectId]));
  const decks = topics.length
    ? await db.flashcardDecks
        .where('topicId')
        .anyOf([...topicSubject.keys()])
        .toArray()
    : [];
  // Keys only: 50,000 cards' faces stay on disk; the queue's few are read afterwards.
  const perDeck = await Promise.all(decks.map((d) => db.cards.where('deckId').equals(d.id).primaryKeys()));
  const cards: ReviewCardRef[] = [];
  decks.forEach((d, i) => {
    const subjectId = topicSubject.get(d.topicId) ?? '';
    for (const id of perDeck[i] ?? []) cards.push({ id, deckId: d.id, subjectId });
  });
  const rows = await db.userProgress.where('userId').equals(userId).toArray();
  const progress: ReviewScopeData['progress'] = new Map();
  for (const r of rows) {
    // A record neither suspended nor scheduled counts as new (SPEC §4), as in a deck's queue.
    if (r.type !== 'flashcard' || (!r.isSuspended && r.dueDate == null)) continue;
    progress.set(r.itemId, r);
  }
  return { title, cards, progress, notDownloaded: topics.filter((t) => t.lastSynced === undefined).length };
}

/** The faces of the given cards, in that order (a card gone since is left out). */
export async function loadCardFaces(userId: string, ids: readonly string[]): Promise<StudyCard[]> {
  const rows = await getUserDb(userId).cards.bulkGet([...ids]);
  return rows.flatMap((c) =>
    c ? [{ id: c.id, front: c.front, back: c.back, kind: c.kind, ord: c.ord }] : [],
  );
}
