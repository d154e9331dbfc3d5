// The search index's reads from the local store (issue 22): which topics have content on this device
// (and a signature that moves whenever a download replaces it), the names for module › subject › topic,
// the active announcements, and one topic's documents. Archived rows are never searched.
import { getUserDb, liveQuery } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import {
  announcementDoc,
  cardDoc,
  lectureDocs,
  questionDoc,
  type SearchDoc,
  type SearchPlace,
} from '../search-docs.ts';

export type SearchPlan = {
  /** Topics whose content is here: topic id → subject id and a signature of the local copy. */
  topics: Map<string, { subjectId: string; signature: string }>;
  /** Where each visible topic sits, by topic id. */
  places: Map<string, SearchPlace>;
  /** Subjects with at least one topic whose content is not on this device. */
  missingSubjects: number;
  announcements: SearchDoc[];
  announcementsSignature: string;
};

async function loadSearchPlan(userId: string, now = Date.now()): Promise<SearchPlan> {
  const db = getUserDb(userId);
  const [modules, subjects, topics, announcements] = await Promise.all([
    db.modules.toArray(),
    db.subjects.toArray(),
    db.topics.toArray(),
    db.announcements.toArray(),
  ]);
  const moduleNames = new Map(modules.filter(notArchived).map((m) => [m.id, m.name]));
  const subjectOf = new Map(
    subjects.filter((s) => notArchived(s) && moduleNames.has(s.moduleId)).map((s) => [s.id, s]),
  );
  const plan: SearchPlan = {
    topics: new Map(),
    places: new Map(),
    missingSubjects: 0,
    announcements: [],
    announcementsSignature: '',
  };
  const missing = new Set<string>();
  for (const t of topics) {
    const subject = subjectOf.get(t.subjectId);
    if (!subject || !notArchived(t)) continue;
    plan.places.set(t.id, {
      module: moduleNames.get(subject.moduleId) ?? '',
      subject: subject.name,
      topic: t.name,
    });
    if (t.lastSynced === undefined) missing.add(subject.id);
    else plan.topics.set(t.id, { subjectId: subject.id, signature: `${t.lastSynced}:${t.contentVersion}` });
  }
  plan.missingSubjects = missing.size;
  const active = announcements
    .filter((a) => notArchived(a) && a.expiresAt > now)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  plan.announcements = active.map(announcementDoc);
  plan.announcementsSignature = active.map((a) => `${a.id}@${a.updatedAt}`).join(',');
  return plan;
}

/** Calls `onPlan` with the plan now and whenever modules, subjects, topics or announcements change. */
export function watchSearchPlan(userId: string, onPlan: (plan: SearchPlan) => void): () => void {
  const sub = liveQuery(() => loadSearchPlan(userId)).subscribe({
    next: onPlan,
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}

/** Every document of one topic: its decks' cards, its quizzes' questions, its lecture pages' sections. */
export async function loadTopicDocs(
  userId: string,
  topicId: string,
  subjectId: string,
): Promise<SearchDoc[]> {
  const db = getUserDb(userId);
  const place = { topicId, subjectId };
  const [decks, quizzes, pages] = await Promise.all([
    db.flashcardDecks.where('topicId').equals(topicId).primaryKeys(),
    db.mcqQuizzes.where('topicId').equals(topicId).primaryKeys(),
    db.htmlContent.where('topicId').equals(topicId).toArray(),
  ]);
  const [cards, questions] = await Promise.all([
    decks.length ? db.cards.where('deckId').anyOf(decks).toArray() : [],
    quizzes.length ? db.mcqQuestions.where('quizId').anyOf(quizzes).toArray() : [],
  ]);
  return [
    ...cards.map((c) => cardDoc(c, place)),
    ...questions.map((q) => questionDoc(q, place)),
    ...pages.flatMap((p) => lectureDocs(p, place)),
  ];
}
