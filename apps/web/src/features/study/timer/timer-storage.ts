// The running study timer, kept in localStorage (SPEC §4, §9 LOCAL_KEYS.activeTimer) on every tick and
// on page unload, so it is restored when the same subject reopens and saved if the page died.
import { LOCAL_KEYS } from '@zan/core';

/**
 * `saved`: how many of `seconds` are already stored as study sessions (saved on leaving or hiding the
 * page). `pending`: a part counted in `saved` whose session write may not have finished (saved again,
 * idempotently by its id, at the next start).
 */
export type StoredTimer = {
  subjectId: string;
  seconds: number;
  startedAt: number;
  saved: number;
  pending?: { id: string; seconds: number; startedAt: number };
};

export function readTimer(): StoredTimer | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.activeTimer);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredTimer>;
    if (typeof v.subjectId !== 'string' || typeof v.seconds !== 'number' || typeof v.startedAt !== 'number')
      return null;
    const seconds = Math.max(0, Math.floor(v.seconds));
    const saved = typeof v.saved === 'number' ? Math.min(seconds, Math.max(0, Math.floor(v.saved))) : 0;
    const p = v.pending;
    const pending =
      p && typeof p.id === 'string' && typeof p.seconds === 'number' && typeof p.startedAt === 'number'
        ? { pending: { id: p.id, seconds: p.seconds, startedAt: p.startedAt } }
        : {};
    return { subjectId: v.subjectId, seconds, startedAt: v.startedAt, saved, ...pending };
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
