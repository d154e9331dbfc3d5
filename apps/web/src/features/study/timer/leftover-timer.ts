// The study timer's session saves (SPEC §4, issue 9 case 13): the timer's time is ONE study session,
// written again with the time so far on every save (leaving or hiding the page, 'Stop & Save', and at
// start-up for a timer left by a page that died), idempotent by its id, so no second counts twice.
import type { StudySessionRow } from '../../../local/db.ts';
import { saveStudySession } from '../../../local/study-sessions.ts';
import { readTimer, sessionSeconds, type StoredTimer } from './timer-storage.ts';

/** Saves the timer's session with its time so far (nothing when 0 s or already saved that long). */
export function saveTimerSession(userId: string, t: StoredTimer): Promise<StudySessionRow | null> {
  return saveStudySession({
    userId,
    subjectId: t.subjectId,
    seconds: sessionSeconds(t),
    startedAt: t.startedAt,
    uuid: t.sessionId,
  });
}

/** True while a study page of this tab runs the timer (it saves its own time then). */
let runningHere = false;
export const setTimerRunningHere = (running: boolean): void => {
  runningHere = running;
};

/** Start-up: the stored timer's time, if a page that died did not save all of it, reaches its session. */
export async function saveLeftoverTimer(userId: string): Promise<void> {
  const stored = readTimer();
  if (!stored || runningHere) return;
  try {
    await saveTimerSession(userId, stored);
  } catch (e) {
    console.error('Zan: saving the study timer failed', e);
  }
}
