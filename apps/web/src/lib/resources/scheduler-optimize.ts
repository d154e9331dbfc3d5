// 'Optimize' (issue 18, Account → Scheduler): POST /api/sync/scheduler-optimize starts (or joins) a fit
// of the student's FSRS parameters in their time zone; GET follows it — polled while it waits in the
// server's queue (issue 32) or runs. A better
// fit is saved into their scheduler settings by the server and reaches the device with the progress pull.
// Issue 38: the answer also says when a new run may not start yet (one an hour, or after 1,000 reviews).
import { queryOptions } from '@tanstack/react-query';
import type { OptimizeJob, OptimizeStartBody, OptimizeStateResponse } from '@zan/core';
import { apiGet, apiPost } from '../api.ts';
import { jobPollDelay } from './job-events.ts';
import { keys } from './keys.ts';

const PATH = '/api/sync/scheduler-optimize';
/** How often a running fit is asked about without the live stream (with it, its events say when). */
const OPTIMIZE_POLL_MS = 1000;

/** An older server answered without `limit`: none. */
const withLimit = (r: OptimizeStateResponse): OptimizeStateResponse => ({
  job: r.job,
  limit: r.limit ?? null,
});

const fetchOptimizeState = async (): Promise<OptimizeStateResponse> =>
  withLimit(await apiGet<OptimizeStateResponse>(PATH));

/** Starts a fit; a 429 (ApiError) while the student's runs are bounded (issue 38). */
export const startOptimize = async (body: OptimizeStartBody): Promise<OptimizeStateResponse> =>
  withLimit(await apiPost<OptimizeStateResponse>(PATH, body));

/** A run waiting in the server's queue (issue 32) or fitting. */
export const optimizeGoesOn = (job: OptimizeJob | null): boolean =>
  job?.status === 'queued' || job?.status === 'running';

/** The browser's IANA time zone (the server counts the student's days in it); UTC when unknown. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/**
 * The latest fit and the bound, asked again while it waits or runs (every second, or on its live events)
 * and when the bound's hour ends; only while `online`.
 */
export const optimizeStateQuery = (online: boolean) =>
  queryOptions({
    queryKey: keys.schedulerOptimize(),
    queryFn: fetchOptimizeState,
    enabled: online,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (optimizeGoesOn(data?.job ?? null)) return jobPollDelay(OPTIMIZE_POLL_MS);
      return data?.limit ? Math.max(OPTIMIZE_POLL_MS, data.limit.until - Date.now()) : false;
    },
  });
