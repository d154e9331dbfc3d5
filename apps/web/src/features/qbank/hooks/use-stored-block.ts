// One block as stored, live (issue 19): review and the player's first read (its question ids) follow
// the store, so a block pulled from another device shows as it is there. null: not on this device.
import type { QbankBlock } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { getBlockById } from '../local/qbank-queries.ts';

export function useStoredBlock(userId: string, blockId: string): QbankBlock | null | undefined {
  return useLiveQuery(
    async () => ({ blockId, block: userId ? ((await getBlockById(userId, blockId)) ?? null) : undefined }),
    [userId, blockId],
  )?.block;
}
