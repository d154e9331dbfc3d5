// One block being taken (issue 19): the block lives in React state and is stored whole after every
// change (local/qbank-writes storeBlock, saves kept in order), so a reload, a closed app or going offline
// finds it as left. On opening it is resumed (a timed block whose time ran out ends at its deadline); a
// hidden page banks the current question's time, and coming back starts the clock on it again.
import {
  checkAnswer,
  choose,
  endBlock,
  goTo,
  QBANK,
  remainingMs,
  resume,
  settle,
  toggleFlag,
  toggleStrike,
  type QbankBlock,
} from '@zan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getBlockById } from '../local/qbank-queries.ts';
import { storeBlock } from '../local/qbank-writes.ts';

type KeyOf = (questionId: string) => number | undefined;

/** The current question's time so far added to it, its clock restarted at `now` (the page is hidden). */
export function bankVisit(b: QbankBlock, now: number): QbankBlock {
  if (b.endedAt !== null || b.shownAt === null) return b;
  const spent = Math.max(0, Math.min(QBANK.visitCapMs, now - b.shownAt));
  return {
    ...b,
    questions: b.questions.map((q, i) => (i === b.current ? { ...q, timeMs: q.timeMs + spent } : q)),
    shownAt: now,
    updatedAt: Math.max(now, b.updatedAt),
  };
}

export type BlockPlayer = ReturnType<typeof useBlockPlayer>;

/** `keyOf` is null until the questions are read: the block opens only then (its answers need keys). */
export function useBlockPlayer(
  userId: string,
  blockId: string,
  keyOf: KeyOf | null,
  onError: (e: unknown) => void,
) {
  const [block, setBlock] = useState<QbankBlock | null | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const ref = useRef<QbankBlock | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const keys = useRef<KeyOf | null>(keyOf);
  keys.current = keyOf;
  // The caller's latest onError: a new function each render must not open the block again.
  const errors = useRef(onError);
  errors.current = onError;
  const reportError = useCallback((e: unknown) => errors.current(e), []);

  const commit = useCallback(
    (prev: QbankBlock | null, next: QbankBlock) => {
      ref.current = next;
      setBlock(next);
      const keyFn = keys.current;
      if (!keyFn) return;
      saving.current = saving.current.then(() => storeBlock(userId, prev, next, keyFn)).catch(reportError);
    },
    [userId, reportError],
  );

  const act = useCallback(
    (change: (b: QbankBlock, at: number) => QbankBlock) => {
      const prev = ref.current;
      if (!prev) return;
      const next = change(prev, Date.now());
      if (next !== prev) commit(prev, next);
    },
    [commit],
  );

  // Open: read once the keys are known; resume (or end, when its time ran out) and store that.
  const ready = keyOf !== null;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    getBlockById(userId, blockId).then(
      (stored) => {
        if (!live) return;
        if (!stored) return setBlock(null);
        const resumed = resume(stored, Date.now());
        ref.current = stored;
        if (resumed === stored) {
          setBlock(stored);
        } else commit(stored, resumed);
      },
      (e: unknown) => {
        reportError(e);
        if (live) setBlock(null);
      },
    );
    return () => {
      live = false;
    };
  }, [userId, blockId, ready, commit, reportError]);

  // The countdown: re-read the wall clock twice a second; at zero the block ends (settle).
  const timed = block?.mode === 'timed' && block.endedAt === null;
  useEffect(() => {
    if (!timed) return;
    const id = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      act((b) => settle(b, at));
    }, 500);
    return () => window.clearInterval(id);
  }, [timed, act]);

  // A hidden page (another tab, the phone locked, the app closed) banks the time on the question.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') act(bankVisit);
      else act(resume);
    };
    document.addEventListener('visibilitychange', onVisibility);
    const onPageHide = () => act(bankVisit);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [act]);

  const saved = useCallback(() => saving.current, []);
  return {
    /** undefined while opening; null when there is no such block on this device. */
    block,
    remainingMs: block ? remainingMs(block, now) : null,
    choose: (option: number) => act((b, at) => choose(b, option, at)),
    check: () => act(checkAnswer),
    flag: () => act(toggleFlag),
    strike: (option: number) => act((b, at) => toggleStrike(b, option, at)),
    goTo: (index: number) => act((b, at) => goTo(b, index, at)),
    end: () => act(endBlock),
    /** Resolves once every save so far has finished. */
    saved,
  };
}
