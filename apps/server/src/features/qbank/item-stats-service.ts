// Item statistics for the quiz editor (issue 19): per question of a quiz, core itemStatisticsOf over the
// students' first answers — answers, % correct, the option distribution, a discrimination index against
// each student's score on the rest of the quiz, and the possibly mis-keyed mark — counted in SQL (issue
// 38: item-stats-repository.ts), so the event loop handles one row per question. Nothing in the answer
// identifies a student. Permission: can(actor, 'resource.edit', <the quiz's topic>), as the quiz editor.
import { itemStatisticsOf, type Actor, type ItemStatsResponse } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { requireAccess } from '../../domain/access.ts';
import { itemStatsRepository as repo } from './item-stats-repository.ts';

export function itemStatsService({ db }: { db: Database }, now: () => number = Date.now) {
  return {
    async forQuiz(actor: Actor, quizId: string): Promise<ItemStatsResponse> {
      const { quiz } = await requireAccess(actor, 'resource.edit', { quiz: quizId }, { db });
      const counts = await repo.questionCounts(db, quiz.id);
      const items = counts.map(({ questionId, key, ...c }) => {
        const stats = itemStatisticsOf(c, key);
        return { questionId, ...stats, optionCounts: [...stats.optionCounts] };
      });
      return { quizId: quiz.id, items, computedAt: now() };
    },
  };
}
