// The search dialog's reads (issue 22): the user's index status and the answer to a query, recomputed
// when the query settles (typing stays responsive: useDeferredValue) or the index changes.
import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { searchEngineOf, type SearchStatus } from '../search-engine.ts';
import type { SearchAnswer } from '../search-index.ts';

export function useSearch(
  userId: string,
  query: string,
): { answer: SearchAnswer; status: SearchStatus; stale: boolean } {
  const engine = useMemo(() => searchEngineOf(userId), [userId]);
  const status = useSyncExternalStore(engine.subscribe, engine.getStatus);
  const deferred = useDeferredValue(query);
  const { version } = status;
  const answer = useMemo(() => {
    void version; // a change of the index gives a new answer
    return engine.index.search(deferred);
  }, [engine, deferred, version]);
  return { answer, status, stale: deferred !== query };
}
