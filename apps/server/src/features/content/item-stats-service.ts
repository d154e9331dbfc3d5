// Item statistics for the quiz editor (issue 19): per question of a quiz, core itemStatistics over the
// students' first answers — answers, % correct, the option distribution, a discrimination index against
// each student's score on the rest of the quiz, and the possibly mis-keyed mark. Nothing in the answer
// identifies a student. Permission: can(actor, 'resource.edit', <the quiz's topic>), as the quiz editor.
import {
  itemStatistics,
  MSG,
  type Actor,
  type ItemResponse,
  type ItemStatsDto,
  type ItemStatsResponse,
} from '@zan/core';
import { requireAccess } from '../../domain/access.ts';
import { notFound } from '../../errors.ts';
import type { ContentDeps } from './deps.ts';
import { targetOf } from './dto.ts';
import { itemStatsRepository as repo, type FirstAnswerRow } from './item-stats-repository.ts';
import { readRepository as read } from './read-repository.ts';
import { resourcesRepository } from './resources-repository.ts';

const quizNotFound = () => notFound(MSG.quizNotFound, 'QUIZ_NOT_FOUND');

/**
 * Each question's statistics. A student's rest score is their proportion correct (by today's keys) over
 * the quiz's OTHER questions they answered. A student who answered no other question tells nothing
 * about how well a question separates strong from weak students: they count in the answers, % correct
 * and options, but not in the discrimination groups (a fixed 0.5 would pile them in the middle and let
 * the sort's ties decide which group they fall in).
 */
export function quizItemStats(
  questions: readonly { id: string; correctOption: number }[],
  answers: readonly FirstAnswerRow[],
): ItemStatsDto[] {
  const keys = new Map(questions.map((q) => [q.id, q.correctOption]));
  const byStudent = new Map<string, { answered: number; correct: number }>();
  for (const a of answers) {
    const s = byStudent.get(a.userId) ?? { answered: 0, correct: 0 };
    s.answered++;
    if (keys.get(a.questionId) === a.option) s.correct++;
    byStudent.set(a.userId, s);
  }
  return questions.map((q) => {
    const all: ItemResponse[] = [];
    const informative: ItemResponse[] = [];
    for (const a of answers) {
      if (a.questionId !== q.id) continue;
      const s = byStudent.get(a.userId) ?? { answered: 1, correct: 0 };
      const own = a.option === q.correctOption ? 1 : 0;
      const others = s.answered - 1;
      const restScore = others > 0 ? (s.correct - own) / others : 0.5;
      all.push({ option: a.option, restScore });
      if (others > 0) informative.push({ option: a.option, restScore });
    }
    const stats = itemStatistics(all, q.correctOption);
    return {
      questionId: q.id,
      answers: stats.answers,
      percentCorrect: stats.percentCorrect,
      optionCounts: [...stats.optionCounts],
      discrimination: itemStatistics(informative, q.correctOption).discrimination,
      possiblyMiskeyed: stats.possiblyMiskeyed,
    };
  });
}

export function itemStatsService({ db }: ContentDeps, now: () => number = Date.now) {
  return {
    async forQuiz(actor: Actor, quizId: string): Promise<ItemStatsResponse> {
      const quiz = await resourcesRepository.quiz(db, quizId);
      if (!quiz) throw quizNotFound();
      await requireAccess(actor, 'resource.edit', {
        load: () => read.topic(db, actor, quiz.topicId),
        notFound: quizNotFound,
        target: targetOf,
      });
      const [questions, answers] = await Promise.all([
        repo.questionKeys(db, quiz.id),
        repo.firstAnswers(db, quiz.id),
      ]);
      return { quizId: quiz.id, items: quizItemStats(questions, answers), computedAt: now() };
    },
  };
}
export type ItemStatsService = ReturnType<typeof itemStatsService>;
