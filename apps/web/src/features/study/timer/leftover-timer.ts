// The study timer's saves outside the study page's own stop / leave (SPEC §4, issue 9 case 13): on
// page hide or unload the unsaved seconds become a session, and at start-up a timer left by a page
// that died is turned into one. Each part gets its session id before it is written, so a save that
// is retried (the page died mid-write) never counts twice.
import { saveStudySession } from '../../../local/study-sessions.ts';
import { readTimer, writeTimer, type StoredTimer } from './timer-storage.ts';

/**
 * Marks the unsaved part of `t` as saved (with the id of its session) in the stored timer, then saves
 * that session. Returns the timer as stored.
 */
export function saveTimerPart(userId: string, t: StoredTimer): { stored: StoredTimer; done: Promise<void> } {
  const seconds = t.seconds - t.saved;
  if (seconds <= 0) return { stored: t, done: Promise.resolve() };
  const pending = {
    id: crypto.randomUUID(),
    seconds,
    startedAt: t.saved > 0 ? Date.now() - seconds * 1000 : t.startedAt,
  };
  const marked: StoredTimer = { ...t, saved: t.seconds, pending };
  writeTimer(marked);
  return { stored: marked, done: savePending(userId, marked) };
}

/** Writes the pending part's session (idempotent by its id), then drops it from the stored timer. */
export async function savePending(userId: string, t: StoredTimer): Promise<void> {
  const p = t.pending;
  if (!p) return;
  try {
    await saveStudySession({
      userId,
      subjectId: t.subjectId,
      seconds: p.seconds,
      startedAt: p.startedAt,
      uuid: p.id,
    });
    const now = readTimer();
    if (now?.pending?.id === p.id) {
      const { pending: _done, ...rest } = now;
      writeTimer(rest);
    }
  } catch (e) {
    console.error('Zan: saving the study timer failed', e);
  }
}

/** True while a study page of this tab runs the timer (it saves its own time then). */
let runningHere = false;
export const setTimerRunningHere = (running: boolean): void => {
  runningHere = running;
};

/** Start-up: a stored timer's unsaved seconds (and a part whose save did not finish) become sessions. */
export async function saveLeftoverTimer(userId: string): Promise<void> {
  const stored = readTimer();
  if (!stored || runningHere) return;
  if (stored.pending) await savePending(userId, stored);
  const after = readTimer();
  if (after && after.seconds > after.saved) await saveTimerPart(userId, after).done;
}
