// 'Optimize' in Account → Scheduler (issue 18): the student's latest fit (polled while it runs, only
// online) and starting one in the browser's time zone. When a better fit is saved by the server, a
// progress sync is asked for so the new parameters arrive here at once. Before a start, what waits on
// this device is sent (the settings just saved, the latest reviews). Issue 38: while the student's runs
// are bounded, until when (a refused start asks the server again).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_KINDS, type OptimizeStateResponse } from '@zan/core';
import { useContext, useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useJobEvents } from '../../../lib/resources/job-events.ts';
import { keys } from '../../../lib/resources/keys.ts';
import {
  browserTimeZone,
  optimizeGoesOn,
  optimizeStateQuery,
  startOptimize,
} from '../../../lib/resources/scheduler-optimize.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { SyncContext } from '../../../sync/use-sync.ts';

export function useOptimize() {
  const online = useOnline();
  const client = useQueryClient();
  const sync = useContext(SyncContext);
  const state = useQuery(optimizeStateQuery(online));
  // Issue 32: the run's live events (queued, started, further, ended) ask for it again at once.
  useJobEvents(
    JOB_KINDS.optimize,
    () => void client.invalidateQueries({ queryKey: keys.schedulerOptimize() }),
    online,
  );
  const start = useMutation({
    // What waits here goes first (a choice just saved, reviews not yet sent): the server saves the fit
    // onto its copy of the settings, newer than this device's, so an unsent FSRS choice would be undone.
    mutationFn: async () => {
      await sync?.flushProgress();
      return startOptimize({ timeZone: browserTimeZone() });
    },
    onSuccess: (answer) => client.setQueryData<OptimizeStateResponse>(keys.schedulerOptimize(), answer),
    // Refused while bounded (another device may have run it): the state says until when.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 429)
        void client.invalidateQueries({ queryKey: keys.schedulerOptimize() });
    },
  });
  const job = state.data?.job ?? null;
  const limit = state.data?.limit ?? null;
  // A fit that finished better while this page watched: pull the settings the server saved.
  const pulledFor = useRef<number | null>(null);
  const watched = useRef(false);
  useEffect(() => {
    if (optimizeGoesOn(job)) watched.current = true;
    if (
      watched.current &&
      job?.status === 'done' &&
      job.outcome.kind === 'improved' &&
      pulledFor.current !== job.finishedAt
    ) {
      pulledFor.current = job.finishedAt;
      sync?.scheduleProgressUpload();
    }
  }, [job, sync]);
  // A refusal the limit now says (as the button's reason) is not said twice.
  const refused = start.error instanceof ApiError && start.error.status === 429 && limit !== null;
  const error = (refused ? null : start.error) ?? state.error;
  const running = start.isPending || optimizeGoesOn(job);
  return {
    online,
    job,
    running,
    /** While the student's runs are bounded (issue 38; never while one runs): until when. */
    limit: running ? null : limit,
    start: () => start.mutate(),
    /** The reason a start or a poll failed (a spec text from the server, or the connection's). */
    error: error instanceof ApiError ? error.message : error ? String(error.message) : null,
  };
}
