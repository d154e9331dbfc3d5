// Stats → 'Retention' on the local store (issue 18): the last figures fetched from the server (kept in
// syncMetadata so they show offline, with their date) and the FSRS memory state of the student's cards.
import type { CardState, RetentionResponse } from '@zan/core';
import { RETENTION_SUMMARY_ID, getUserDb, type RetentionSummaryMeta } from '../../../local/db.ts';

/** The cached figures of `userId` (null: never fetched on this device). */
export async function readRetentionCache(userId: string): Promise<RetentionSummaryMeta | null> {
  const row = await getUserDb(userId).syncMetadata.get(RETENTION_SUMMARY_ID);
  return row?.id === RETENTION_SUMMARY_ID && row.ownerId === userId ? row : null;
}

export async function saveRetentionCache(
  userId: string,
  summary: RetentionResponse,
  fetchedAt: number,
): Promise<void> {
  await getUserDb(userId).syncMetadata.put({ id: RETENTION_SUMMARY_ID, ownerId: userId, summary, fetchedAt });
}

/** Every flashcard's scheduling state on this device (all of the student's: the progress pull brings them). */
export async function loadCardStates(userId: string): Promise<CardState[]> {
  return getUserDb(userId).userProgress.where('type').equals('flashcard').toArray();
}
