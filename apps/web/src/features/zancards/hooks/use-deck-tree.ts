// The live deck tree: reloads when the local store changes (a review, a sync), built once per change.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { buildDeckTree, type TreeNode } from '../build-tree.ts';
import { loadDeckBrowser } from '../local/zancards-queries.ts';

/** undefined while the first read runs. */
export function useDeckTree(userId: string): TreeNode[] | undefined {
  const data = useLiveQuery(() => loadDeckBrowser(userId), [userId]);
  return useMemo(() => (data ? buildDeckTree(data, new Date()) : undefined), [data]);
}
