// The question bank's reads (issue 19; ARCHITECTURE §4: component → hook → features/x/local → local/):
// the student's visible questions (non-archived modules, subjects and topics on this device), the latest
// outcome of each from the MCQ progress, the blocks; and one block's questions with their peer totals.
import type { QbankBlock, QuestionDto, QuestionStatsDto } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import { questionStatsFor } from '../../../local/question-stats.ts';
import { lastCorrectOf, optionCountOf, type BankSource } from '../bank.ts';

export type BankData = BankSource & {
  lastCorrect: Map<string, boolean>;
  blocks: QbankBlock[];
  /** Each stored question's key (its correct option's number), for the blocks' scores. */
  keys: Map<string, number>;
};

/** What the bank keeps of a question (texts are read only for the block being taken). */
export type QuestionShape = { id: string; quizId: string; correctOption: number; optionCount: number };

export const questionShape = (q: QuestionDto): QuestionShape => ({
  id: q.id,
  quizId: q.quizId,
  correctOption: q.correctOption,
  optionCount: optionCountOf(q),
});

/**
 * The questions' shapes of the last read, per user, while the topics' content is unchanged (each topic's
 * stored content version and the number of questions): reading 20,000 questions' texts takes seconds on
 * a phone, and the bank is re-read after every block.
 */
let shapes: { key: string; quizzes: { id: string; topicId: string }[]; questions: QuestionShape[] } | null =
  null;

/** Everything the builder, Previous Tests and Performance need, in one read transaction. */
export async function loadBank(userId: string): Promise<BankData> {
  const db = getUserDb(userId);
  return db.transaction(
    'r',
    [db.modules, db.subjects, db.topics, db.mcqQuizzes, db.mcqQuestions, db.userProgress, db.qbankBlocks],
    async () => {
      const [modules, subjects, topics, count, progress, blocks] = await Promise.all([
        db.modules.toArray(),
        db.subjects.toArray(),
        db.topics.toArray(),
        db.mcqQuestions.count(),
        db.userProgress.where('userId').equals(userId).toArray(),
        db.qbankBlocks.orderBy('startedAt').reverse().toArray(),
      ]);
      const key = `${userId}|${count}|${topics.map((t) => `${t.id}:${t.contentVersion}:${t.lastSynced ?? ''}`).join(',')}`;
      if (shapes?.key !== key) {
        const [quizzes, questions] = await Promise.all([db.mcqQuizzes.toArray(), db.mcqQuestions.toArray()]);
        shapes = {
          key,
          quizzes: quizzes.map((q) => ({ id: q.id, topicId: q.topicId })),
          questions: questions.map(questionShape),
        };
      }
      const { quizzes, questions } = shapes;
      return bankFromRows({ modules, subjects, topics, quizzes, questions, progress, blocks });
    },
  );
}

type Rows = {
  modules: readonly { id: string; name: string; isArchived: boolean }[];
  subjects: readonly { id: string; name: string; moduleId: string; isArchived: boolean }[];
  topics: readonly { id: string; name: string; subjectId: string; isArchived: boolean }[];
  quizzes: readonly { id: string; topicId: string }[];
  questions: readonly QuestionShape[];
  progress: readonly { itemId: string; type: string; interval: number; dueDate: Date | null }[];
  blocks: QbankBlock[];
};

/** The rows read, shaped (exported for the benchmark, which times the same work). */
export function bankFromRows(r: Rows): BankData {
  const live = new Set(r.modules.filter(notArchived).map((m) => m.id));
  const subjects = r.subjects.filter((s) => notArchived(s) && live.has(s.moduleId));
  const subjectIds = new Set(subjects.map((s) => s.id));
  const topics = r.topics.filter((t) => notArchived(t) && subjectIds.has(t.subjectId));
  const topicSubject = new Map(topics.map((t) => [t.id, t.subjectId]));
  const quizTopic = new Map(r.quizzes.map((q) => [q.id, q.topicId]));
  const questions: BankData['questions'] = [];
  for (const q of r.questions) {
    const topicId = quizTopic.get(q.quizId);
    const subjectId = topicId === undefined ? undefined : topicSubject.get(topicId);
    if (topicId === undefined || subjectId === undefined || q.optionCount < 2) continue;
    questions.push({ id: q.id, subjectId, topicId, optionCount: q.optionCount });
  }
  const keys = new Map(r.questions.map((q) => [q.id, q.correctOption] as const));
  const lastCorrect = new Map<string, boolean>();
  for (const p of r.progress) {
    const c = lastCorrectOf(p);
    if (c !== null) lastCorrect.set(p.itemId, c);
  }
  return {
    modules: r.modules
      .filter((m) => live.has(m.id))
      .map((m) => ({ id: m.id, name: m.name || 'Untitled module' })),
    subjects: subjects.map((s) => ({ id: s.id, name: s.name || 'Untitled subject', moduleId: s.moduleId })),
    topics: topics.map((t) => ({ id: t.id, name: t.name || 'Untitled topic', subjectId: t.subjectId })),
    questions,
    lastCorrect,
    blocks: r.blocks,
    keys,
  };
}

/** A block's questions as stored on this device (a question deleted since is absent). */
export async function loadBlockQuestions(
  userId: string,
  questionIds: readonly string[],
): Promise<Map<string, QuestionDto>> {
  const rows = await getUserDb(userId).mcqQuestions.bulkGet([...questionIds]);
  return new Map(rows.flatMap((q) => (q ? [[q.id, q] as const] : [])));
}

/** The peer totals of a block's questions (questions without figures are absent). */
export const loadBlockStats = (
  userId: string,
  questionIds: readonly string[],
): Promise<Map<string, QuestionStatsDto>> => questionStatsFor(userId, questionIds);

/** Names of subjects and topics (for review and Previous Tests), archived ones included. */
export async function loadNames(userId: string): Promise<Map<string, string>> {
  const db = getUserDb(userId);
  const [subjects, topics] = await Promise.all([db.subjects.toArray(), db.topics.toArray()]);
  return new Map([...subjects, ...topics].map((x) => [x.id, x.name] as const));
}

/** One block as stored on this device. */
export { getBlock as getBlockById } from '../../../local/qbank-blocks.ts';
