// The MCQ player's reads from the local store: a quiz, its questions (options 3–5 may be absent) and
// which of them the student has suspended (ARCHITECTURE §1: IndexedDB only).
import type { QuestionDto } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import { progressId } from '../../../local/progress.ts';
import type { McqOption } from '../../../ui/study/mcq-options.tsx';
import type { QuizData, StudyQuestion } from '../study-types.ts';

const OPTION_FIELDS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const;

function toQuestion(row: QuestionDto): StudyQuestion {
  const options: McqOption[] = [];
  OPTION_FIELDS.forEach((f, i) => {
    const text = row[f];
    if (text?.trim()) options.push({ n: i + 1, text });
  });
  return {
    id: row.id,
    question: row.question,
    options,
    correctOption: row.correctOption,
    explanation: row.explanation?.trim() || null,
  };
}

export async function loadQuiz(userId: string, quizId: string): Promise<QuizData> {
  const db = getUserDb(userId);
  const [quiz, questions] = await Promise.all([
    db.mcqQuizzes.get(quizId),
    db.mcqQuestions.where('quizId').equals(quizId).toArray(),
  ]);
  return {
    quizId,
    quiz: quiz ? { id: quiz.id, name: quiz.name, topicId: quiz.topicId } : null,
    questions: questions.map(toQuestion),
  };
}

/** Ids of the given questions the student has suspended. */
export async function loadSuspendedQuestionIds(
  userId: string,
  questionIds: readonly string[],
): Promise<Set<string>> {
  const rows = await getUserDb(userId).userProgress.bulkGet(questionIds.map((id) => progressId(userId, id)));
  return new Set(rows.flatMap((r) => (r?.isSuspended ? [r.itemId] : [])));
}
