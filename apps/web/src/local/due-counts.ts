// Due counts for the dashboard, module page and Topics list (issue 18): one read of the student's
// progress rows and one pass over them (core dueCounts), with the subject → module and deck → topic maps.
import { dueCounts, type DueCounts } from '@zan/core';
import { getUserDb } from './db.ts';
import { notArchived } from './not-archived.ts';

/** Due flashcards per module, subject and topic of the modules the student sees here. */
export async function loadDueCounts(userId: string, now: Date): Promise<DueCounts> {
  const db = getUserDb(userId);
  const [modules, subjects, decks, rows] = await Promise.all([
    db.modules.toArray(),
    db.subjects.toArray(),
    db.flashcardDecks.toArray(),
    db.userProgress.where('userId').equals(userId).toArray(),
  ]);
  const live = new Set(modules.filter(notArchived).map((m) => m.id));
  const subjectModule = new Map<string, string>();
  for (const s of subjects) if (notArchived(s) && live.has(s.moduleId)) subjectModule.set(s.id, s.moduleId);
  const deckTopic = new Map(decks.map((d) => [d.id, d.topicId]));
  return dueCounts(rows, subjectModule, deckTopic, now);
}
