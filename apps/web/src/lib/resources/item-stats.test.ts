// The item statistics client (issue 19): the answer is checked against core's schema before it is shown.
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../testing/fakes.ts';
import { fetchItemStats, itemStatsQuery } from './item-stats.ts';
import { keys } from './keys.ts';

const item = {
  questionId: 'a',
  answers: 3,
  percentCorrect: 67,
  optionCounts: [2, 1, 0, 0, 0],
  discrimination: null,
  possiblyMiskeyed: false,
};

describe('item stats client', () => {
  it('reads GET /api/admin/quizzes/:quizId/item-stats', async () => {
    mockFetch({
      'GET /api/admin/quizzes/q%201/item-stats': () => ({
        status: 200,
        body: { quizId: 'q 1', items: [item], computedAt: 5 },
      }),
    });
    expect(await fetchItemStats('q 1')).toEqual({ quizId: 'q 1', items: [item], computedAt: 5 });
  });

  it('refuses an answer that is not the contract', async () => {
    mockFetch({
      'GET /api/admin/quizzes/q1/item-stats': () => ({
        status: 200,
        body: { quizId: 'q1', items: [{ ...item, optionCounts: [1] }], computedAt: 5 },
      }),
    });
    await expect(fetchItemStats('q1')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('is asked only when enabled, under its own key', () => {
    expect(itemStatsQuery('q1', false).enabled).toBe(false);
    expect(itemStatsQuery('q1', true)).toMatchObject({ enabled: true, queryKey: keys.itemStats('q1') });
  });
});
