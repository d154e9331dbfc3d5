// Item statistics of a quiz's questions for the quiz editor (issue 19): GET
// /api/admin/quizzes/:quizId/item-stats (admins of the quiz's scope, superadmins), checked against core's
// schema before it is shown. Students' first answers only; nothing identifies a student.
import { queryOptions } from '@tanstack/react-query';
import { itemStatsResponseSchema, type ItemStatsResponse } from '@zan/core';
import { ApiError, apiGet } from '../api.ts';
import { keys } from './keys.ts';

export async function fetchItemStats(quizId: string): Promise<ItemStatsResponse> {
  const body = await apiGet<unknown>(`/api/admin/quizzes/${encodeURIComponent(quizId)}/item-stats`);
  const parsed = itemStatsResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', 'The item statistics could not be read.');
  return parsed.data;
}

/** A quiz's item statistics; only asked when `enabled` (the caller may edit the quiz). */
export const itemStatsQuery = (quizId: string, enabled: boolean) =>
  queryOptions({
    queryKey: keys.itemStats(quizId),
    queryFn: () => fetchItemStats(quizId),
    enabled: enabled && !!quizId,
    retry: false,
    refetchOnWindowFocus: false,
  });
