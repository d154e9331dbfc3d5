// The flashcard player (SPEC §2): 'Show Answer', then Again / Hard / Good / Easy (SRS) or 'Next Card'
// (Free); Suspend; 'Undo' (Ctrl/Cmd+Z) takes back the last answer (issue 18); the mode toggle and counts;
// 'Complete!' with 'Free Study' when the queue empties. Free mode says so above the card with 'Back to
// SRS'; 'Complete!' says when the next card is due.
import { MSG } from '@zan/core';
import { Button, Skeleton } from '../../../ui/index.ts';
import { CardView } from '../../../ui/study/card-view.tsx';
import { UndoButton, UndoNote } from '../undo/undo-button.tsx';
import { useUndoNote } from '../undo/use-undo-note.ts';
import { nextDueText } from './next-due-text.ts';
import { Counts, ModeToggle } from './player-bar.tsx';
import { RatingButtons } from './rating-buttons.tsx';
import { usePlayerKeys } from './use-player-keys.ts';
import type { FlashcardSession } from './use-flashcard-session.ts';
import { CheckIcon, PauseIcon } from '../../../ui/icons.tsx';

export function FlashcardPlayer({ deckName, session }: { deckName: string; session: FlashcardSession }) {
  const s = session;
  const { note: undoNote, undo } = useUndoNote(s.undo);
  usePlayerKeys({
    enabled: !!s.current,
    undo,
    flipped: s.flipped,
    mode: s.mode,
    flip: s.flip,
    next: s.next,
    rate: s.rate,
  });

  return (
    <section aria-label={`Flashcards: ${deckName}`} className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 truncate text-lg font-bold text-fg">{deckName}</h1>
        <ModeToggle mode={s.mode} onChange={s.setMode} />
      </div>
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-3">
        <Counts session={s} />
        <UndoNote note={undoNote} />
        {s.canUndo && <UndoButton onUndo={undo} />}
        {s.current && (
          <Button variant="ghost" size="sm" onClick={s.suspend} className="text-muted">
            <PauseIcon className="size-4" />
            Suspend
          </Button>
        )}
      </div>

      {s.mode === 'free' && !s.loading && !s.empty && (
        <div
          role="note"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-2.5 text-sm text-fg"
        >
          <span className="font-medium">{MSG.freeModeBanner}</span>
          <Button variant="secondary" size="sm" onClick={() => s.setMode('srs')}>
            {MSG.backToSrs}
          </Button>
        </div>
      )}
      {s.loading ? (
        <div aria-busy="true" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-8">
          <span className="sr-only">Loading cards…</span>
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-6 w-1/2" />
        </div>
      ) : s.empty ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface/60 p-10 text-center text-muted">
          This deck has no cards yet.
        </div>
      ) : s.complete || !s.current ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-14 text-center shadow-sm">
          <span
            aria-hidden="true"
            className="grid size-14 place-items-center rounded-full bg-success/15 text-success"
          >
            <CheckIcon className="size-7" />
          </span>
          <h2 className="text-2xl font-bold text-fg">Complete!</h2>
          <p className="max-w-sm text-sm text-muted">
            {s.mode === 'srs'
              ? 'No more new or due cards in this deck for now. Review everything again in free mode.'
              : 'You have gone through every card in this deck.'}
          </p>
          <p className="max-w-sm text-sm font-medium text-fg" data-testid="next-due">
            {nextDueText(s.nextDue, new Date())}
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Button onClick={s.freeStudy}>Free Study</Button>
            {s.mode === 'free' && (
              <Button variant="secondary" onClick={() => s.setMode('srs')}>
                {MSG.backToSrs}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <>
          <CardView key={s.current.id} {...s.current} flipped={s.flipped} />
          <div className="sticky bottom-0 -mx-1 bg-bg/90 px-1 pb-1 pt-1 backdrop-blur supports-[backdrop-filter]:bg-bg/70">
            {!s.flipped ? (
              <Button size="lg" className="w-full" onClick={s.flip} aria-keyshortcuts="Space">
                Show Answer
              </Button>
            ) : s.mode === 'srs' ? (
              <RatingButtons
                progress={s.currentProgress}
                cardId={s.current.id}
                scheduler={s.scheduler}
                onRate={s.rate}
              />
            ) : (
              <Button size="lg" className="w-full" onClick={s.next} aria-keyshortcuts="Space Enter">
                Next Card
              </Button>
            )}
            <p className="mt-2 hidden text-center text-xs text-muted sm:block">
              {!s.flipped
                ? 'Space to show the answer'
                : s.mode === 'srs'
                  ? 'Keys 1–4 to rate'
                  : 'Space for the next card'}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
