// Starts the user's search index once the signed-in shell is idle (issue 22), so it is built while the
// student studies and ready when they search; its code (MiniSearch) is its own chunk, loaded then.
// Stops it when the shell goes (sign-out) or the user changes.
import { useEffect } from 'react';

const START_AFTER_MS = 2000;

export function useSearchWarmup(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let stop = () => undefined as void;
    const start = () => {
      void import('../search-engine.ts').then((m) => {
        if (cancelled) return;
        m.searchEngineOf(userId);
        stop = () => m.stopSearchEngine(userId);
      });
    };
    const timer = window.setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
      else start();
    }, START_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stop();
    };
  }, [userId]);
}
