// Issue 32: long work on the server is a job that any instance runs; each change of one of the user's jobs
// (it started, got further, ended, or one before it in its queue did) arrives as a 'job' live event. A
// screen following a job asks for it again on its event — and on 'resync', when events may have been
// missed — and polls slowly while the stream is open, at its own pace when it is not.
import type { JobEvent } from '@zan/core';
import { useEffect, useRef } from 'react';
import { liveStreamOpen, onLiveEvent } from '../session/live-events.ts';

/** How often a followed job is asked for while the live stream is open (events do the rest). */
const FALLBACK_POLL_MS = 5_000;

/** The delay before asking for a followed job again: `pollMs` without an open stream. */
export const jobPollDelay = (pollMs: number): number => (liveStreamOpen() ? FALLBACK_POLL_MS : pollMs);

function parse(data: string): JobEvent | null {
  try {
    const e = JSON.parse(data) as Partial<JobEvent>;
    return typeof e.id === 'string' && typeof e.kind === 'string' ? { id: e.id, kind: e.kind } : null;
  } catch {
    return null;
  }
}

/** Calls `onChange` when a job of `kind` changed (`id` null: events may have been missed). */
export function useJobEvents(kind: string, onChange: (id: string | null) => void, enabled = true): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    const offJob = onLiveEvent('job', (data) => {
      const e = parse(data);
      if (e?.kind === kind) latest.current(e.id);
    });
    const offResync = onLiveEvent('resync', () => latest.current(null));
    return () => {
      offJob();
      offResync();
    };
  }, [kind, enabled]);
}
