// The flashcard session of one deck (SPEC §4 Flashcard state, §9 SRS): the queue (core buildQueue,
// shuffled), flip, rate, next, suspend/unsuspend and the mode. Each answer computes the next state
// synchronously and advances at once; the Dexie write (progress + outbox) runs in the background
// (ARCHITECTURE §9: the next card renders within a frame). Answers are scheduled by the student's
// scheduler (SM-2 or FSRS, issue 18) and 'Undo' takes back the last answer of the session.
import {
  buildQueue,
  deckCounts,
  isDue,
  newCardState,
  nextDue,
  retrievability,
  scheduleReview,
  type Rating,
  type StudyMode,
} from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSchedulerSettings } from '../../../lib/use-scheduler-settings.ts';
import { recordReview, setSuspended } from '../../../local/progress.ts';
import { loadCardProgress } from '../local/study-queries.ts';
import { noteAnswer } from '../review/daily-tally.ts';
import type { CardProgress, DeckData, StudyCard } from '../study-types.ts';
import { takeBackAnswer, useUndoStack } from '../undo/answer-undo.ts';
import { readStudyMode, writeStudyMode } from './study-mode.ts';

type Queue = { key: string; cards: StudyCard[]; pos: number };
type Scope = {
  userId: string;
  subjectId: string;
  deckId: string | null;
  data: DeckData | undefined;
  onError: (e: unknown) => void;
  /** A card to show first (opened from the search, issue 22), if it is in the deck and not suspended. */
  focusCardId?: string | null;
};

export type FlashcardSession = ReturnType<typeof useFlashcardSession>;

export function useFlashcardSession({ userId, subjectId, deckId, data, onError, focusCardId = null }: Scope) {
  // A live query keeps its last answer while a new one runs: use answers for this deck's cards only.
  const cards = data && data.deckId === deckId ? data.cards : undefined;
  const answer = useLiveQuery(
    async () => ({
      for: cards,
      map: await loadCardProgress(
        userId,
        (cards ?? []).map((c) => c.id),
      ),
    }),
    [userId, cards],
  );
  const live = answer && answer.for === cards ? answer.map : undefined;
  // This session's own changes (null = back to new), laid over the stored progress until it catches up.
  const [overrides, setOverrides] = useState<{
    deckId: string | null;
    map: Map<string, CardProgress | null>;
  }>({
    deckId,
    map: new Map(),
  });
  const own = overrides.deckId === deckId ? overrides.map : null;
  const progress = useMemo(() => {
    const map = new Map(live);
    for (const [id, p] of own ?? []) {
      if (p) map.set(id, p);
      else map.delete(id);
    }
    return map;
  }, [live, own]);

  const { scheduler, settings, loaded: settingsLoaded } = useSchedulerSettings(userId);
  const [mode, setModeState] = useState<StudyMode>(readStudyMode);
  const [round, setRound] = useState(0);
  const [flipped, setFlipped] = useState(false);
  // The queue is built once the scheduler is known: with FSRS the due cards come least likely recalled first.
  const ready = !!deckId && !!cards && live !== undefined && settingsLoaded;
  // The card asked for leads the first round only ('Restart' / 'Free Study' build the usual queue).
  const focus = round === 0 ? focusCardId : null;
  const key = `${deckId}|${mode}|${round}|${cards?.length ? 'cards' : 'none'}|${focus ?? ''}`;
  const [queue, setQueue] = useState<Queue>({ key: '', cards: [], pos: 0 });
  if (ready && queue.key !== key) {
    // A new deck, mode or round: build the queue once (later progress changes do not reshuffle it).
    const now = new Date();
    const params = settings.parameters;
    const dueOrder =
      scheduler.scheduler === 'fsrs' ? (p: CardProgress) => retrievability(p, now, params) ?? 0 : undefined;
    setQueue({
      key,
      cards: focusFirst(
        buildQueue(cards, progress, mode, now, Math.random, dueOrder),
        cards,
        progress,
        focus,
      ),
      pos: 0,
    });
    setFlipped(false);
  }
  const building = !ready || queue.key !== key;
  const current = building ? null : (queue.cards[queue.pos] ?? null);
  // The answers 'Undo' can take back (this deck, mode and round only).
  const answers = useUndoStack<Queue>(queue.key);
  const { push: pushAnswer, pop: popAnswer } = answers;
  // When the current card was shown: the answer time recorded with the review.
  const shownAt = useRef(0);
  const shownKey = `${queue.key}|${queue.pos}`;
  useEffect(() => {
    shownAt.current = Date.now();
  }, [shownKey]);
  const complete = !building && !!cards?.length && current === null;

  const override = useCallback(
    (id: string, p: CardProgress | null) =>
      setOverrides((o) => ({ deckId, map: new Map(o.deckId === deckId ? o.map : []).set(id, p) })),
    [deckId],
  );

  const flip = useCallback(() => setFlipped(true), []);

  const next = useCallback(() => {
    setQueue((q) => ({ ...q, pos: q.pos + 1 }));
    setFlipped(false);
  }, []);

  const rate = useCallback(
    (rating: Rating) => {
      if (!current || !flipped || mode !== 'srs' || !deckId) return;
      const now = new Date();
      const prior = progress.get(current.id);
      const scheduled = scheduleReview(scheduler, prior ?? newCardState(), rating, now, current.id);
      override(current.id, { ...scheduled, isSuspended: prior?.isSuspended ?? false });
      noteAnswer(userId, current.id, !prior, now);
      // Again: the card comes back later in this session, as Anki does.
      setQueue((q) => ({
        ...q,
        cards: rating === 'again' ? [...q.cards, current] : q.cards,
        pos: q.pos + 1,
      }));
      setFlipped(false);
      const durationMs = shownAt.current ? now.getTime() - shownAt.current : null;
      const recorded = recordReview({
        userId,
        card: current,
        deckId,
        subjectId,
        rating,
        now,
        scheduler,
        durationMs,
      });
      recorded.catch(onError);
      pushAnswer({ before: queue, cardId: current.id, prior, at: now, recorded });
    },
    [
      current,
      flipped,
      mode,
      deckId,
      progress,
      override,
      userId,
      subjectId,
      onError,
      scheduler,
      queue,
      pushAnswer,
    ],
  );

  /** Takes back the last answer of the session: the card is shown again and returns to its earlier state. */
  const undo = useCallback((): boolean => {
    const last = popAnswer();
    if (!last) return false;
    setQueue(last.before);
    setFlipped(false);
    override(last.cardId, last.prior ?? null);
    takeBackAnswer(userId, last, onError);
    return true;
  }, [popAnswer, override, userId, onError]);

  const suspend = useCallback(() => {
    if (!current || !deckId) return;
    const prior = progress.get(current.id);
    override(current.id, { ...(prior ?? newCardState()), isSuspended: true });
    setQueue((q) => ({
      ...q,
      cards: [...q.cards.slice(0, q.pos), ...q.cards.slice(q.pos).filter((c) => c.id !== current.id)],
    }));
    setFlipped(false);
    setSuspended({ userId, cardId: current.id, deckId, subjectId, suspended: true, now: new Date() }).catch(
      onError,
    );
  }, [current, deckId, progress, override, userId, subjectId, onError]);

  const unsuspend = useCallback(
    (card: StudyCard) => {
      if (!deckId) return;
      const now = new Date();
      const prior = progress.get(card.id);
      const restored = prior && prior.dueDate ? { ...prior, isSuspended: false } : null;
      override(card.id, restored);
      // Back in this session if the mode would show it (free: always; SRS: new or due).
      if (mode === 'free' || !restored || isDue(restored.dueDate, now)) {
        setQueue((q) =>
          q.cards.slice(q.pos).some((c) => c.id === card.id) ? q : { ...q, cards: [...q.cards, card] },
        );
      }
      setSuspended({ userId, cardId: card.id, deckId, subjectId, suspended: false, now }).catch(onError);
    },
    [deckId, progress, override, mode, userId, subjectId, onError],
  );

  const setMode = useCallback((m: StudyMode) => {
    writeStudyMode(m);
    setModeState(m);
  }, []);

  /** 'Free Study' on the Complete! screen: switch to free mode (or go round again if already free). */
  const freeStudy = useCallback(() => {
    if (mode === 'free') setRound((r) => r + 1);
    else setMode('free');
  }, [mode, setMode]);

  const restart = useCallback(() => setRound((r) => r + 1), []);

  const counts = useMemo(() => deckCounts(cards ?? [], progress, new Date()), [cards, progress]);
  const suspendedCards = useMemo(
    () => (cards ?? []).filter((c) => progress.get(c.id)?.isSuspended),
    [cards, progress],
  );
  /** When the deck's next card falls due (the Complete screen says it; issue 18). */
  const nextDueAt = useMemo(
    () => (complete ? nextDue(progress.values(), new Date()) : null),
    [complete, progress],
  );
  const total = building ? 0 : queue.cards.length;
  const position = Math.min(total, queue.pos + 1);

  return {
    loading: building,
    mode,
    setMode,
    current,
    flipped,
    complete,
    empty: !building && !cards?.length,
    counts,
    freeProgress: { position: complete ? total : position, total },
    suspendedCards,
    nextDue: nextDueAt,
    /** The current card's progress (for the interval preview on each rating button). */
    currentProgress: current ? (progress.get(current.id) ?? null) : null,
    /** What schedules an answer now (the rating buttons preview with it). */
    scheduler,
    flip,
    next,
    rate,
    /** 'Undo' (issue 18): true when an answer of this session can be taken back. */
    canUndo: answers.canUndo,
    undo,
    suspend,
    unsuspend,
    freeStudy,
    restart,
  };
}

/** The queue with the card asked for first (once; the rest keep their order). */
function focusFirst(
  queue: StudyCard[],
  cards: StudyCard[],
  progress: Map<string, CardProgress>,
  focusId: string | null,
): StudyCard[] {
  const card = focusId ? cards.find((c) => c.id === focusId) : undefined;
  if (!card || progress.get(card.id)?.isSuspended) return queue;
  return [card, ...queue.filter((c) => c.id !== card.id)];
}
