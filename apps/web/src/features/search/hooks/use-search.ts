// The search dialog's reads (issue 22): the user's index status and the answer to the query, asked of
// the search worker whenever the query or the index changes. The last answer stays on screen until the
// next one arrives (`stale` meanwhile); an answer to a query the field no longer holds is dropped.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { searchEngineOf, type SearchStatus } from '../search-engine.ts';
import type { SearchAnswer } from '../search-index.ts';

const NONE: SearchAnswer = { query: '', groups: [], total: 0 };

export function useSearch(
  userId: string,
  query: string,
): { answer: SearchAnswer; status: SearchStatus; stale: boolean } {
  const engine = useMemo(() => searchEngineOf(userId), [userId]);
  const status = useSyncExternalStore(engine.subscribe, engine.getStatus);
  const [answer, setAnswer] = useState<{ for: string; version: number; answer: SearchAnswer }>({
    for: '',
    version: -1,
    answer: NONE,
  });
  const { version } = status;
  useEffect(() => {
    let live = true;
    if (!query.trim()) {
      setAnswer({ for: query, version, answer: { ...NONE, query: query.trim() } });
      return;
    }
    void engine.search(query).then((a) => {
      if (live && a) setAnswer({ for: query, version, answer: a });
    });
    return () => {
      live = false;
    };
  }, [engine, query, version]);
  return { answer: answer.answer, status, stale: answer.for !== query };
}
