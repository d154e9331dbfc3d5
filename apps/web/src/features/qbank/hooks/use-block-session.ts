// A block opened for taking (issue 19): the stored block (its question ids), those questions read from
// the local store, and the player over them — the block opens once the questions' keys are known. The
// block page and the qbank-build benchmark's player both open a block through this.
import { useMemo } from 'react';
import { useBlockContent } from './use-block-content.ts';
import { useBlockPlayer } from './use-block-player.ts';
import { useStoredBlock } from './use-stored-block.ts';

export function useBlockSession(userId: string, blockId: string, onError: (e: unknown) => void) {
  const stored = useStoredBlock(userId, blockId);
  const ids = useMemo(() => stored?.questions.map((q) => q.questionId), [stored]);
  const content = useBlockContent(userId, ids);
  const keyOf = useMemo(
    () => (content ? (id: string) => content.questions.get(id)?.correctOption : null),
    [content],
  );
  const player = useBlockPlayer(userId, blockId, keyOf, onError);
  return { stored, content, player };
}
