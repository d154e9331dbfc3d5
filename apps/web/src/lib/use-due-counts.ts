// Live due counts (issue 18) for the screens that show them: they follow the store and, once a minute,
// the clock (a card falls due without any write).
import type { DueCounts } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { loadDueCounts } from '../local/due-counts.ts';

const MINUTE = 60_000;

/** undefined while the first read runs. */
export function useDueCounts(userId: string): DueCounts | undefined {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((t) => t + 1), MINUTE);
    return () => window.clearInterval(id);
  }, []);
  return useLiveQuery(() => loadDueCounts(userId, new Date()), [userId, tick]);
}
