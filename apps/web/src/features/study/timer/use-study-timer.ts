// The study timer (SPEC §4): starts when the study page opens for a subject, ticks every
// STUDY_TIMER_TICK_MS, is stored continuously and restored if the same subject reopens. Its time is one
// study session (if > 0 s), saved with the time so far on 'Stop & Save', on leaving the study page, on
// hiding or unloading the page, and — when the page died — from the stored timer at the next start:
// always the same session id, so however often it is saved it is one record and one queued change.
// Seconds come from the wall clock. It pauses while the page is hidden and after IDLE_PAUSE_MS without
// input (issue 18), and says so; input or the page shown again resumes it.
import { STUDY_TIMER_TICK_MS } from '@zan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveTimerSession, setTimerRunningHere } from './leftover-timer.ts';
import { clearTimer, readTimer, writeTimer, type StoredTimer } from './timer-storage.ts';

type Running = {
  subjectId: string;
  sessionId: string;
  base: number;
  resumedAt: number;
  startedAt: number;
  saved: number;
  /** Why the clock stands still, if it does. */
  paused: TimerPause | null;
};
/** idle: no input for IDLE_PAUSE_MS; hidden: the page is not visible. */
export type TimerPause = 'idle' | 'hidden';
export const IDLE_PAUSE_MS = 5 * 60_000;
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'] as const;
type Options = {
  userId: string;
  subjectId: string | null;
  onSaved?: (seconds: number) => void;
  onError?: (e: unknown) => void;
};

const elapsed = (r: Running, now = Date.now()) =>
  r.paused ? r.base : r.base + Math.floor(Math.max(0, now - r.resumedAt) / 1000);
const snapshot = (r: Running): StoredTimer => ({
  subjectId: r.subjectId,
  seconds: elapsed(r),
  startedAt: r.startedAt,
  sessionId: r.sessionId,
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
  const [paused, setPaused] = useState<TimerPause | null>(null);
  const run = useRef<Running | null>(null);
  const lastInput = useRef(Date.now());
  const callbacks = useRef({ onSaved, onError });
  useEffect(() => {
    callbacks.current = { onSaved, onError };
  });

  /** Saves the timer's session with its time so far (nothing when that is 0 s). */
  const save = useCallback(
    (t: StoredTimer) =>
      saveTimerSession(userId, t).then(
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
        const { subjectId: _s, seconds: base, ...rest } = stored;
        run.current = { ...rest, subjectId: id, base, resumedAt: now, paused: null };
      } else {
        // A timer of another subject whose time may not be all saved (its page died): save it now.
        if (stored) void save(stored);
        run.current = {
          subjectId: id,
          sessionId: crypto.randomUUID(),
          base: 0,
          resumedAt: now,
          startedAt: now,
          saved: 0,
          paused: null,
        };
      }
      writeTimer(snapshot(run.current));
      setTimerRunningHere(true);
      setSeconds(run.current.base);
      setRunning(true);
      setPaused(null);
      lastInput.current = now;
    },
    [save],
  );

  useEffect(() => {
    if (!subjectId) return;
    begin(subjectId);
    const pause = (why: TimerPause, at = Date.now()) => {
      const r = run.current;
      if (!r || r.paused) return;
      r.base = elapsed(r, at);
      r.paused = why;
      setPaused(why);
    };
    const resume = (why: TimerPause) => {
      const r = run.current;
      lastInput.current = Date.now();
      if (!r || r.paused !== why) return;
      r.paused = null;
      r.resumedAt = Date.now();
      setPaused(null);
    };
    const onInput = () => {
      lastInput.current = Date.now();
      if (run.current?.paused === 'idle') resume('idle');
    };
    const tick = setInterval(() => {
      const r = run.current;
      if (!r) return;
      if (!r.paused && Date.now() - lastInput.current >= IDLE_PAUSE_MS) pause('idle');
      const t = snapshot(r);
      writeTimer(t);
      setSeconds(t.seconds);
    }, STUDY_TIMER_TICK_MS);
    // Page unload or a hidden tab: the timer is stored and its session saved with the time so far
    // (quietly: nobody is looking at the page).
    const onHide = () => {
      const r = run.current;
      if (!r) return;
      const t = snapshot(r);
      writeTimer(t);
      saveTimerSession(userId, t).catch((e: unknown) =>
        console.error('Zan: saving the study timer failed', e),
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        onHide();
        pause('hidden');
      } else resume('hidden');
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    for (const e of INPUT_EVENTS) window.addEventListener(e, onInput, { capture: true, passive: true });
    return () => {
      clearInterval(tick);
      for (const e of INPUT_EVENTS) window.removeEventListener(e, onInput, { capture: true });
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      const r = run.current;
      run.current = null;
      setTimerRunningHere(false);
      if (!r) return;
      const t = snapshot(r);
      writeTimer(t);
      // The timer stays stored for a reopen of this subject (which continues the same session).
      const finish = () => void save(t);
      pendingLeave = {
        subjectId: r.subjectId,
        run: finish,
        handle: setTimeout(() => flushPendingLeave(null), 0),
      };
    };
  }, [subjectId, begin, save, userId]);

  /** 'Stop & Save': saves the session (if > 0 s) and clears the stored timer. */
  const stop = useCallback(async () => {
    const r = run.current;
    if (!r) return;
    run.current = null;
    setTimerRunningHere(false);
    const t = snapshot(r);
    clearTimer();
    setRunning(false);
    setPaused(null);
    setSeconds(0);
    await save(t);
  }, [save]);

  /** Start a new timer after a stop. */
  const start = useCallback(() => {
    if (subjectId && !run.current) begin(subjectId);
  }, [subjectId, begin]);

  return { seconds, running, paused, stop, start };
}
