// Reset a deck's progress (SPEC §4) and say how many records went, as a toast.
import { useCallback } from 'react';
import { useToast } from '../../../ui/index.ts';
import { resetDeck } from '../local/zancards-queries.ts';

const resetDoneMessage = (deck: string, n: number): string =>
  `Progress of ${deck} reset: ${n} ${n === 1 ? 'record' : 'records'} deleted.`;

export function useResetDeck(userId: string): (deckId: string, deckName: string) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (deckId: string, deckName: string) => {
      const n = await resetDeck(userId, deckId);
      toast.success(resetDoneMessage(deckName, n));
    },
    [userId, toast],
  );
}
