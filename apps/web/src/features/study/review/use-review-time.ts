// Study time in 'Review all due' (issue 18): the deck player's subject timer cannot follow a queue that
// moves between subjects, so each answer's time (card shown → rated, at most IDLE_PAUSE_MS, as the
// timer pauses after that long without input) goes to its card's subject: one study session per subject
// per review, saved again as it grows (the same id: one record and one waiting op, SPEC §4).
import { useCallback, useRef } from 'react';
import { saveStudySession } from '../../../local/study-sessions.ts';
import { IDLE_PAUSE_MS } from '../timer/use-study-timer.ts';

type Running = { uuid: string; startedAt: number; ms: number };

/** Returns `add(subjectId, ms, now)`: counts one answer's time for its subject and saves that session. */
export function useReviewTime(userId: string, onError: (e: unknown) => void) {
  const sessions = useRef(new Map<string, Running>());
  return useCallback(
    (subjectId: string, ms: number, now: Date) => {
      if (!userId || !subjectId || !(ms > 0)) return;
      const counted = Math.min(ms, IDLE_PAUSE_MS);
      let s = sessions.current.get(subjectId);
      if (!s) {
        s = { uuid: crypto.randomUUID(), startedAt: now.getTime() - counted, ms: 0 };
        sessions.current.set(subjectId, s);
      }
      s.ms += counted;
      const seconds = Math.floor(s.ms / 1000);
      if (seconds < 1) return;
      saveStudySession({ userId, subjectId, seconds, startedAt: s.startedAt, uuid: s.uuid }).catch(onError);
    },
    [userId, onError],
  );
}
