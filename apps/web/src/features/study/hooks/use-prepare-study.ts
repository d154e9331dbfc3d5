// Preparing a study session (SPEC §4 Sync, on the study page): fetch the content of the subject's topics
// that are not on this device yet, then the per-topic freshness check with a resync of stale topics —
// only when online. A failure reads 'Failed to prepare study session: {reason}'.
import { MSG } from '@zan/core';
import { useEffect, useRef, useState } from 'react';

/** What the study page needs from the sync engine (useSync()). */
type StudySync = {
  ensureSubjectTopics: (subjectId: string) => Promise<unknown>;
  refreshStaleTopics: (topicIds: string[]) => Promise<unknown>;
};

type Options = { sync: StudySync; subjectId: string; topicIds: string[] | null; online: boolean };
export type PrepareState = { preparing: boolean; error: string | null };

/** A sync result ('saved' | 'offline' | 'failed' | 'save-failed' | 'gone') as a failure reason, or null. */
function failureReason(result: unknown): string | null {
  if (result === 'save-failed') return MSG.topicSaveFailed;
  if (result === 'failed') return 'the server could not send the topic content.';
  return null;
}

export function usePrepareStudy({ sync, subjectId, topicIds, online }: Options): PrepareState {
  const [state, setState] = useState<PrepareState & { key: string }>({
    key: '',
    preparing: false,
    error: null,
  });
  const ids = useRef(topicIds);
  const syncRef = useRef(sync);
  useEffect(() => {
    ids.current = topicIds;
    syncRef.current = sync;
  });
  const known = topicIds !== null;

  useEffect(() => {
    if (!known || !online) return;
    let live = true;
    const key = subjectId;
    setState({ key, preparing: true, error: null });
    (async () => {
      const first = failureReason(await syncRef.current.ensureSubjectTopics(subjectId));
      if (first) throw new Error(first);
      const second = failureReason(await syncRef.current.refreshStaleTopics(ids.current ?? []));
      if (second) throw new Error(second);
    })().then(
      () => live && setState({ key, preparing: false, error: null }),
      (e: unknown) => {
        const reason = e instanceof Error && e.message ? e.message : String(e);
        if (live) setState({ key, preparing: false, error: MSG.prepareStudyFailed(reason) });
      },
    );
    return () => {
      live = false;
    };
  }, [subjectId, known, online]);

  return state.key === subjectId
    ? { preparing: state.preparing, error: state.error }
    : { preparing: false, error: null };
}
