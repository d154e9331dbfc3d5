// Rows in the local store for the study tests: one module, subject, topic and deck of n cards.
import { getUserDb } from '../../../local/db.ts';

const scoped = { collegeId: 'c1', yearGroup: 'First Year', isArchived: false, createdAt: 0, updatedAt: 0 };

export async function seedContent(uid: string, opts: { cards?: number; topicSynced?: boolean } = {}) {
  const db = getUserDb(uid);
  const cards = opts.cards ?? 3;
  await db.modules.put({ id: 'm1', name: 'Cardiovascular System', stage: 1, isFree: true, isGlobal: false, extraInfo: null, ...scoped });
  await db.subjects.put({ id: 's1', name: 'Physiology', moduleId: 'm1', isGlobal: false, ...scoped });
  await db.topics.put({
    id: 't1',
    name: 'Cardiac Cycle',
    nameLowercase: 'cardiac cycle',
    subjectId: 's1',
    moduleId: 'm1',
    isGlobal: false,
    contentVersion: 1,
    ...scoped,
    ...(opts.topicSynced === false ? {} : { lastSynced: Date.now() }),
  });
  await db.flashcardDecks.put({ id: 'd1', name: 'Heart Sounds', topicId: 't1', cardCount: cards, ...scoped });
  await db.cards.bulkPut(
    Array.from({ length: cards }, (_, i) => ({
      id: `c${i + 1}`,
      deckId: 'd1',
      front: `<p>Question ${i + 1}</p>`,
      back: `<p>Answer ${i + 1}</p>`,
      ...scoped,
    })),
  );
}
