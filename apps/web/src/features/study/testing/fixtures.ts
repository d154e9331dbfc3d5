// Rows in the local store for the study tests: one module, subject, topic and deck of n cards.
import { getUserDb } from '../../../local/db.ts';

const scoped = { collegeId: 'c1', yearGroup: 'First Year', isArchived: false, createdAt: 0, updatedAt: 0 };

export async function seedContent(uid: string, opts: { cards?: number; topicSynced?: boolean } = {}) {
  const db = getUserDb(uid);
  const cards = opts.cards ?? 3;
  await db.modules.put({
    id: 'm1',
    name: 'Cardiovascular System',
    stage: 1,
    isFree: true,
    isGlobal: false,
    extraInfo: null,
    ...scoped,
  });
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

export type SeedQuestion = {
  id: string;
  question: string;
  options: Array<string | null>;
  correct: number;
  explanation?: string | null;
};

/** A quiz 'qz1' in topic t1 with the given questions (options 3–5 may be null). */
export async function seedQuiz(uid: string, questions: SeedQuestion[]) {
  const db = getUserDb(uid);
  await db.mcqQuizzes.put({
    id: 'qz1',
    name: 'Cardiac Cycle Quiz',
    topicId: 't1',
    questionCount: questions.length,
    ...scoped,
  });
  await db.mcqQuestions.bulkPut(
    questions.map((q) => ({
      id: q.id,
      quizId: 'qz1',
      question: q.question,
      option1: q.options[0] ?? '',
      option2: q.options[1] ?? '',
      option3: q.options[2] ?? null,
      option4: q.options[3] ?? null,
      option5: q.options[4] ?? null,
      correctOption: q.correct,
      explanation: q.explanation ?? null,
      ...scoped,
    })),
  );
}

/** A lecture page 'p1' in topic t1. */
export async function seedLecture(uid: string, htmlBody: string) {
  await getUserDb(uid).htmlContent.put({
    id: 'p1',
    title: 'The Cardiac Cycle',
    htmlBody,
    topicId: 't1',
    ...scoped,
  });
}
