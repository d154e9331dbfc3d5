// 'Optimize' (issue 18, Account → Scheduler): POST /api/sync/scheduler-optimize starts (or joins) a fit
// of the student's FSRS parameters in their time zone; GET follows it — polled while it runs. A better
// fit is saved into their scheduler settings by the server and reaches the device with the progress pull.
import { queryOptions } from '@tanstack/react-query';
import type { OptimizeJob, OptimizeStartBody, OptimizeStateResponse } from '@zan/core';
import { apiGet, apiPost } from '../api.ts';
import { keys } from './keys.ts';

const PATH = '/api/sync/scheduler-optimize';
/** How often a running fit is asked about. */
export const OPTIMIZE_POLL_MS = 1000;

export const fetchOptimizeState = async (): Promise<OptimizeJob | null> =>
  (await apiGet<OptimizeStateResponse>(PATH)).job;

export const startOptimize = async (body: OptimizeStartBody): Promise<OptimizeJob | null> =>
  (await apiPost<OptimizeStateResponse>(PATH, body)).job;

/** The browser's IANA time zone (the server counts the student's days in it); UTC when unknown. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The latest fit, asked again every second while it runs; only while `online`. */
export const optimizeStateQuery = (online: boolean) =>
  queryOptions({
    queryKey: keys.schedulerOptimize(),
    queryFn: fetchOptimizeState,
    enabled: online,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? OPTIMIZE_POLL_MS : false),
  });
