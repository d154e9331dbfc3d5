// Stats → 'Retention' (issue 18): the true-retention figures the server counts from every device's
// reviews, fetched when the page opens online and after each sync, kept on the device so they show
// offline with their date; beside them the desired retention and, with FSRS, the cards known now.
import { estimatedCardsKnown, type RetentionResponse } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useOnline } from '../../../lib/use-online.ts';
import { useSchedulerSettings } from '../../../lib/use-scheduler-settings.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import { loadCardStates, readRetentionCache, saveRetentionCache } from '../local/retention-queries.ts';
import { fetchRetention } from '../retention-api.ts';

export type RetentionView = {
  /** The figures shown: undefined while the device's copy is read, null when there is none yet. */
  summary: RetentionResponse | null | undefined;
  /** Epoch ms of the fetch the figures come from. */
  fetchedAt: number | null;
  fetching: boolean;
  /** The last fetch failed although the device is online. */
  failed: boolean;
  online: boolean;
  /** FSRS is the scheduler in force: its desired retention is the target, and `known` is estimated. */
  fsrs: boolean;
  desiredRetention: number;
  /** FSRS only: the sum of the cards' retrievability now, over the cards with a memory state. */
  known: { known: number; cards: number } | null;
};

export function useRetention(userId: string): RetentionView {
  const cached = useLiveQuery(() => readRetentionCache(userId), [userId]);
  const online = useOnline();
  // Optional: outside the signed-in shell (tests) there is no sync to follow.
  const lastSyncedAt = useContext(SyncContext)?.lastSyncedAt ?? null;
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    setFetching(true);
    fetchRetention()
      .then((summary) => saveRetentionCache(userId, summary, Date.now()))
      .then(
        () => live && setFailed(false),
        () => live && setFailed(true),
      )
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [userId, online, lastSyncedAt]);

  const { settings } = useSchedulerSettings(userId);
  const fsrs = settings.scheduler === 'fsrs';
  const states = useLiveQuery(() => (fsrs ? loadCardStates(userId) : []), [userId, fsrs]);
  const known = useMemo(
    () => (fsrs && states ? estimatedCardsKnown(states, new Date(), settings.parameters) : null),
    [fsrs, states, settings.parameters],
  );

  return {
    summary: cached === undefined ? undefined : (cached?.summary ?? null),
    fetchedAt: cached?.fetchedAt ?? null,
    fetching,
    failed,
    online,
    fsrs,
    desiredRetention: settings.desiredRetention,
    known,
  };
}
