// The study timer (SPEC §4): starts when the study page opens for a subject, ticks every
// STUDY_TIMER_TICK_MS, is stored continuously (restored if the same subject reopens), and is saved as
// a study session (if > 0 s) on 'Stop & Save', on leaving the study page, or — when the page died —
// from the stored timer at the next start. Seconds come from the wall clock, so a throttled background
// tab still counts right.
import { STUDY_TIMER_TICK_MS } from '@zan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveStudySession } from '../../../local/study-sessions.ts';
import { clearTimer, readTimer, writeTimer, type StoredTimer } from './timer-storage.ts';

type Running = { subjectId: string; base: number; resumedAt: number; startedAt: number };
type Options = { userId: string; subjectId: string | null; onSaved?: (seconds: number) => void; onError?: (e: unknown) => void };

const elapsed = (r: Running, now = Date.now()) => r.base + Math.floor(Math.max(0, now - r.resumedAt) / 1000);
const snapshot = (r: Running): StoredTimer => ({ subjectId: r.subjectId, seconds: elapsed(r), startedAt: r.startedAt });

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

  const save = useCallback(
    (t: StoredTimer) =>
      saveStudySession({ userId, ...t }).then(
        (row) => row && callbacks.current.onSaved?.(row.durationInSeconds),
        (e: unknown) => callbacks.current.onError?.(e),
      ),
    [userId],
  );

  const begin = useCallback(
    (id: string) => {
      flushPendingLeave(id);
      const stored = readTimer();
      const now = Date.now();
      if (stored && stored.subjectId === id) {
        run.current = { subjectId: id, base: stored.seconds, resumedAt: now, startedAt: stored.startedAt };
      } else {
        // A timer left by a page that died while studying another subject: save it now.
        if (stored && stored.seconds > 0) void save(stored);
        run.current = { subjectId: id, base: 0, resumedAt: now, startedAt: now };
      }
      writeTimer(snapshot(run.current));
      setSeconds(run.current.base);
      setRunning(true);
    },
    [save],
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
    // Page unload: a synchronous write; the session is saved from it at the next start.
    const onHide = () => {
      if (run.current) writeTimer(snapshot(run.current));
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    return () => {
      clearInterval(tick);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      const r = run.current;
      run.current = null;
      if (!r) return;
      const t = snapshot(r);
      writeTimer(t);
      const finish = () => {
        clearTimer();
        if (t.seconds > 0) void save(t);
      };
      pendingLeave = { subjectId: r.subjectId, run: finish, handle: setTimeout(() => flushPendingLeave(null), 0) };
    };
  }, [subjectId, begin, save]);

  /** 'Stop & Save': stores a session (if > 0 s) and clears the stored timer. */
  const stop = useCallback(async () => {
    const r = run.current;
    if (!r) return;
    run.current = null;
    const t = snapshot(r);
    clearTimer();
    setRunning(false);
    setSeconds(0);
    if (t.seconds > 0) await save(t);
  }, [save]);

  /** Start a new timer after a stop. */
  const start = useCallback(() => {
    if (subjectId && !run.current) begin(subjectId);
  }, [subjectId, begin]);

  return { seconds, running, stop, start };
}
