// The 'Review all due' session (issue 18): one queue over every deck of a scope (core reviewQueue: due
// cards first, then new ones, within what today's limits leave), built once; each answer is scheduled
// at once and written in the background with its own deck and subject, as a deck's player does; 'Undo'
// takes back the last answer as the deck's player does (undo/answer-undo.ts). Each answer's time is
// study time of its card's subject (use-review-time.ts). Today's limits count the answers of every
// device of the student (daily-tally.ts, other-devices-tally.ts).
import {
  newCardState,
  nextDue,
  retrievability,
  reviewQueue,
  scheduleReview,
  studyDayStart,
  type DailyLimits,
  type Rating,
} from '@zan/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSchedulerSettings } from '../../../lib/use-scheduler-settings.ts';
import { recordReview, setSuspended } from '../../../local/progress.ts';
import { loadCardFaces, loadReviewScope, type ReviewScopeQuery } from '../local/review-queries.ts';
import type { CardProgress, ReviewCard, ReviewScopeData } from '../study-types.ts';
import { takeBackAnswer, useUndoStack } from '../undo/answer-undo.ts';
import { noteAnswer, readDayTally } from './daily-tally.ts';
import { refreshOtherDevicesTally } from './other-devices-tally.ts';
import { useReviewTime } from './use-review-time.ts';

type Built = {
  scope: ReviewScopeData;
  queue: ReviewCard[];
  /** Due and new cards today's limits left out. */
  heldBack: { due: number; fresh: number };
};
/** Where the session stood before an answer (what 'Undo' puts back). */
type Place = { pos: number; extra: ReviewCard[] };
type Load =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'missing' }
  | ({ status: 'ready' } & Built);

export type ReviewSession = ReturnType<typeof useReviewSession>;

export function useReviewSession({
  userId,
  scope,
  limits,
  onError,
}: {
  userId: string;
  scope: ReviewScopeQuery;
  limits: DailyLimits;
  onError: (e: unknown) => void;
}) {
  const { moduleId = null, subjectId = null } = scope;
  // The limits by value: a settings object made anew on each render must not rebuild the session.
  const { newPerDay, reviewsPerDay, rolloverHour } = limits;
  // The active scheduler schedules each answer; with FSRS the due cards come least likely recalled first.
  const { scheduler, settings, loaded: settingsLoaded } = useSchedulerSettings(userId || null);
  const latest = useRef({ scheduler, settings });
  latest.current = { scheduler, settings };
  const orderKey = scheduler.scheduler === 'fsrs' ? JSON.stringify(settings.parameters) : 'sm2';
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    if (!settingsLoaded) return;
    let live = true;
    setLoad({ status: 'loading' });
    (async (): Promise<Load> => {
      const data = await loadReviewScope(userId, { moduleId, subjectId });
      if (!data) return { status: 'missing' };
      const now = new Date();
      const dayStart = studyDayStart(now, rolloverHour);
      // What the other devices answered today counts against the limits too (kept figures offline).
      await refreshOtherDevicesTally(userId, dayStart);
      const done = readDayTally(userId, dayStart);
      const { scheduler: sched, settings: s } = latest.current;
      const q = reviewQueue({
        cards: data.cards,
        progress: data.progress,
        now,
        limits: { newPerDay, reviewsPerDay },
        done,
        dueOrder: sched.scheduler === 'fsrs' ? (p) => retrievability(p, now, s.parameters) ?? 0 : undefined,
      });
      const faces = new Map(
        (
          await loadCardFaces(
            userId,
            q.cards.map((c) => c.id),
          )
        ).map((f) => [f.id, f]),
      );
      const queue = q.cards.flatMap((c) => {
        const f = faces.get(c.id);
        return f ? [{ ...c, ...f }] : [];
      });
      return { status: 'ready', scope: data, queue, heldBack: { due: q.dueLeft, fresh: q.newLeft } };
    })().then(
      (l) => live && setLoad(l),
      (error: unknown) => live && setLoad({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [
    userId,
    moduleId,
    subjectId,
    newPerDay,
    reviewsPerDay,
    rolloverHour,
    attempt,
    settingsLoaded,
    orderKey,
  ]);

  const [pos, setPos] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [extra, setExtra] = useState<ReviewCard[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [own, setOwn] = useState<ReadonlyMap<string, CardProgress>>(new Map());
  // A new load starts a new session (and a new list of answers to take back).
  const [loaded, setLoaded] = useState<Load>(load);
  const [session, setSession] = useState(0);
  const answers = useUndoStack<Place>(String(session));
  const { push: pushAnswer, pop: popAnswer } = answers;
  if (loaded !== load) {
    setLoaded(load);
    setSession((n) => n + 1);
    setPos(0);
    setFlipped(false);
    setExtra([]);
    setRemoved(new Set());
    setOwn(new Map());
  }

  const ready = load.status === 'ready' ? load : null;
  const queue = useMemo(
    () => (ready ? [...ready.queue, ...extra].filter((c, i) => i < pos || !removed.has(c.id)) : []),
    [ready, extra, removed, pos],
  );
  const current = queue[pos] ?? null;
  const progressOf = useCallback(
    (id: string): CardProgress | undefined => own.get(id) ?? ready?.scope.progress.get(id),
    [own, ready],
  );

  // When the current card was shown: the answer time recorded with the review. It starts over only when
  // another card (or the same one at another place, an Again) is shown: a session built again (settings
  // synced from another device while the card is on screen) passes through loading and shows the same
  // card, and its time must go on — an answer 40 s after the card came counted 0 s. Taken as the card is
  // put on the page (a layout effect), not at some later passive-effect flush.
  const shownAt = useRef(0);
  const shownKey = useRef('');
  const currentId = current?.id;
  useLayoutEffect(() => {
    if (!currentId) return;
    const key = `${currentId}@${pos}`;
    if (shownKey.current === key) return;
    shownKey.current = key;
    shownAt.current = Date.now();
  }, [currentId, pos]);

  const flip = useCallback(() => setFlipped(true), []);
  const addStudyTime = useReviewTime(userId, onError);

  const rate = useCallback(
    (rating: Rating) => {
      if (!current || !flipped) return;
      const now = new Date();
      const prior = progressOf(current.id);
      const next = scheduleReview(scheduler, prior ?? newCardState(), rating, now, current.id);
      setOwn((m) => new Map(m).set(current.id, { ...next, isSuspended: false }));
      noteAnswer(userId, current.id, !prior, now);
      // Again: the card comes back later in this session (it is not counted against the limits again).
      if (rating === 'again') setExtra((e) => [...e, current]);
      setPos((p) => p + 1);
      setFlipped(false);
      const durationMs = shownAt.current ? now.getTime() - shownAt.current : null;
      const recorded = recordReview({
        userId,
        card: current,
        deckId: current.deckId,
        subjectId: current.subjectId,
        rating,
        now,
        scheduler,
        durationMs,
      });
      recorded.catch(onError);
      pushAnswer({ before: { pos, extra }, cardId: current.id, prior, at: now, recorded });
      if (durationMs !== null) addStudyTime(current.subjectId, durationMs, now);
    },
    [current, flipped, progressOf, userId, onError, scheduler, pos, extra, pushAnswer, addStudyTime],
  );

  /** Takes back the last answer: the card is shown again with its earlier state (here and on every device). */
  const undo = useCallback((): boolean => {
    const last = popAnswer();
    if (!last) return false;
    setPos(last.before.pos);
    setExtra(last.before.extra);
    setFlipped(false);
    setOwn((m) => {
      const next = new Map(m);
      if (last.prior) next.set(last.cardId, last.prior);
      else next.delete(last.cardId);
      return next;
    });
    takeBackAnswer(userId, last, onError);
    return true;
  }, [popAnswer, userId, onError]);

  const suspend = useCallback(() => {
    if (!current) return;
    const prior = progressOf(current.id);
    setOwn((m) => new Map(m).set(current.id, { ...(prior ?? newCardState()), isSuspended: true }));
    setRemoved((r) => new Set(r).add(current.id));
    setFlipped(false);
    setSuspended({
      userId,
      cardId: current.id,
      deckId: current.deckId,
      subjectId: current.subjectId,
      suspended: true,
      now: new Date(),
    }).catch(onError);
  }, [current, progressOf, userId, onError]);

  const remaining = useMemo(() => {
    const ids = new Set(queue.slice(pos).map((c) => c.id));
    let fresh = 0;
    for (const id of ids) if (!progressOf(id)) fresh++;
    return { due: ids.size - fresh, fresh };
  }, [queue, pos, progressOf]);

  const complete = !!ready && current === null;
  const next = useMemo(() => {
    if (!complete || !ready) return null;
    const now = new Date();
    const states = ready.scope.cards.flatMap((c) => {
      const p = progressOf(c.id);
      return p ? [p] : [];
    });
    return nextDue(states, now);
  }, [complete, ready, progressOf]);

  return {
    status: load.status,
    error: load.status === 'error' ? load.error : null,
    retry: () => setAttempt((a) => a + 1),
    title: ready?.scope.title ?? null,
    notDownloaded: ready?.scope.notDownloaded ?? 0,
    heldBack: ready?.heldBack ?? { due: 0, fresh: 0 },
    /** The session had nothing to show from the start. */
    nothing: !!ready && ready.queue.length === 0,
    complete,
    current,
    currentProgress: current ? (progressOf(current.id) ?? null) : null,
    /** What schedules an answer now (the rating buttons preview with it). */
    scheduler,
    flipped,
    remaining,
    answered: Math.min(pos, queue.length),
    total: queue.length,
    nextDue: next,
    flip,
    rate,
    /** 'Undo': true when an answer of this session can be taken back. */
    canUndo: answers.canUndo,
    undo,
    suspend,
  };
}
