// The study timer (SPEC §4): starts when the study page opens for a subject, ticks every
// STUDY_TIMER_TICK_MS, is stored continuously and restored if the same subject reopens. Time studied
// is saved as a study session (if > 0 s) on 'Stop & Save', on leaving the study page, or — when the
// page died — from the stored timer at the next start. Hiding the page (pagehide, a hidden tab) saves
// too (leftover-timer.ts). Leaving keeps the stored timer (so reopening the subject continues the
// count) and records how much of it is saved, so no second counts twice.
// Seconds come from the wall clock, so a throttled background tab still counts right.
import { STUDY_TIMER_TICK_MS } from '@zan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveStudySession } from '../../../local/study-sessions.ts';
import { savePending, saveTimerPart, setTimerRunningHere } from './leftover-timer.ts';
import { clearTimer, readTimer, writeTimer, type StoredTimer } from './timer-storage.ts';

type Running = { subjectId: string; base: number; resumedAt: number; startedAt: number; saved: number };
type Options = {
  userId: string;
  subjectId: string | null;
  onSaved?: (seconds: number) => void;
  onError?: (e: unknown) => void;
};

const elapsed = (r: Running, now = Date.now()) => r.base + Math.floor(Math.max(0, now - r.resumedAt) / 1000);
const snapshot = (r: Running): StoredTimer => ({
  subjectId: r.subjectId,
  seconds: elapsed(r),
  startedAt: r.startedAt,
  saved: r.saved,
});

// Leaving is finalised a tick later so a remount of the same subject (React StrictMode, a route change
// within the study page) resumes instead of saving.
let pendingLeave: { subjectId: string; handle: ReturnType<typeof setTimeout>; run: () => void } | null = null;

function flushPendingLeave(keepSubjectId: string | null): void {
  if (!pendingLeave) return;
  const p = pendingLeave;
  pendingLeave = null;
  clearTimeout(p.handle);
  if (p.subjectId !== keepSubjectId) p.run();
}

export function useStudyTimer({ userId, subjectId, onSaved, onError }: Options) {
  const [seconds, setSeconds] = useState(0);
  const [running, setRunning] = useState(false);
  const run = useRef<Running | null>(null);
  const callbacks = useRef({ onSaved, onError });
  useEffect(() => {
    callbacks.current = { onSaved, onError };
  });

  /** Saves the part of `t` not saved yet (nothing when that is 0 s). */
  const save = useCallback(
    async (t: StoredTimer) => {
      const seconds = t.seconds - t.saved;
      if (seconds <= 0) return;
      const startedAt = t.saved > 0 ? Date.now() - seconds * 1000 : t.startedAt;
      await saveStudySession({ userId, subjectId: t.subjectId, seconds, startedAt }).then(
        (row) => row && callbacks.current.onSaved?.(row.durationInSeconds),
        (e: unknown) => callbacks.current.onError?.(e),
      );
    },
    [userId],
  );

  const begin = useCallback(
    (id: string) => {
      flushPendingLeave(id);
      const stored = readTimer();
      const now = Date.now();
      // A part whose save may not have finished when the page went away: saved again (idempotent).
      if (stored?.pending) void savePending(userId, stored);
      if (stored && stored.subjectId === id) {
        run.current = {
          subjectId: id,
          base: stored.seconds,
          resumedAt: now,
          startedAt: stored.startedAt,
          saved: stored.saved,
        };
      } else {
        // A timer of another subject whose time is not all saved (its page died): save it now.
        if (stored) void save(stored);
        run.current = { subjectId: id, base: 0, resumedAt: now, startedAt: now, saved: 0 };
      }
      writeTimer(snapshot(run.current));
      setTimerRunningHere(true);
      setSeconds(run.current.base);
      setRunning(true);
    },
    [save, userId],
  );

  useEffect(() => {
    if (!subjectId) return;
    begin(subjectId);
    const tick = setInterval(() => {
      const r = run.current;
      if (!r) return;
      const t = snapshot(r);
      writeTimer(t);
      setSeconds(t.seconds);
    }, STUDY_TIMER_TICK_MS);
    // Page unload or a hidden tab: the unsaved seconds become a session now (its id is stored first, so
    // the next start finishes a write the page did not live to finish, without counting twice).
    const onHide = () => {
      const r = run.current;
      if (!r) return;
      const { stored } = saveTimerPart(userId, snapshot(r));
      r.saved = stored.saved;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(tick);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      const r = run.current;
      run.current = null;
      setTimerRunningHere(false);
      if (!r) return;
      const t = snapshot(r);
      writeTimer(t);
      const finish = () => {
        // Keep the timer for a reopen of this subject, marked as saved up to now.
        writeTimer({ ...t, saved: t.seconds });
        void save(t);
      };
      pendingLeave = {
        subjectId: r.subjectId,
        run: finish,
        handle: setTimeout(() => flushPendingLeave(null), 0),
      };
    };
  }, [subjectId, begin, save, userId]);

  /** 'Stop & Save': stores a session (if > 0 s) and clears the stored timer. */
  const stop = useCallback(async () => {
    const r = run.current;
    if (!r) return;
    run.current = null;
    setTimerRunningHere(false);
    const t = snapshot(r);
    clearTimer();
    setRunning(false);
    setSeconds(0);
    await save(t);
  }, [save]);

  /** Start a new timer after a stop. */
  const start = useCallback(() => {
    if (subjectId && !run.current) begin(subjectId);
  }, [subjectId, begin]);

  return { seconds, running, stop, start };
}
