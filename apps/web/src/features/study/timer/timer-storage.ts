// The running study timer, kept in localStorage (SPEC §4, §9 LOCAL_KEYS.activeTimer) on every tick and
// on page unload, so it is restored when the same subject reopens and saved if the page died.
import { LOCAL_KEYS } from '@zan/core';

/**
 * `sessionId`: the study session this timer's time is saved as; every save (leaving or hiding the
 * page, a start-up after the page died, 'Stop & Save') writes the same session with the time so far,
 * so it is one record however often it is saved. `saved`: seconds counted before that session (only
 * in a timer stored by an older version, whose saves were separate sessions); new timers have 0.
 */
export type StoredTimer = {
  subjectId: string;
  seconds: number;
  startedAt: number;
  sessionId: string;
  saved: number;
};

/** The seconds the timer's session holds. */
export const sessionSeconds = (t: StoredTimer): number => t.seconds - t.saved;

export function readTimer(): StoredTimer | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.activeTimer);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredTimer>;
    if (typeof v.subjectId !== 'string' || typeof v.seconds !== 'number' || typeof v.startedAt !== 'number')
      return null;
    const seconds = Math.max(0, Math.floor(v.seconds));
    const saved = typeof v.saved === 'number' ? Math.min(seconds, Math.max(0, Math.floor(v.saved))) : 0;
    const timer = { subjectId: v.subjectId, seconds, startedAt: v.startedAt, saved };
    if (typeof v.sessionId === 'string' && v.sessionId) return { ...timer, sessionId: v.sessionId };
    // Stored without a session id (an older version): it gets one now, kept for every later save.
    const named = { ...timer, sessionId: crypto.randomUUID() };
    writeTimer(named);
    return named;
  } catch {
    return null;
  }
}

export function writeTimer(timer: StoredTimer): void {
  try {
    localStorage.setItem(LOCAL_KEYS.activeTimer, JSON.stringify(timer));
  } catch {
    /* storage unavailable: the timer still saves on stop */
  }
}

export function clearTimer(): void {
  try {
    localStorage.removeItem(LOCAL_KEYS.activeTimer);
  } catch {
    /* nothing stored */
  }
}

/** mm:ss, or h:mm:ss past an hour. */
export function formatClock(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
