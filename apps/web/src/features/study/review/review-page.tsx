// /review[?module=…|?subject=…] (issue 18): 'Review all due' — one session over every deck of the
// student's modules, a module or a subject: due cards first, then new ones within today's limits. It
// reuses the deck player's card, rating buttons, keys and 'Undo' (Ctrl/Cmd+Z); a deck opened on its own
// is unchanged.
import { MSG } from '@zan/core';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { reasonOf } from '../../../lib/failure.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { useDailyLimits } from '../../../lib/use-daily-limits.ts';
import { KeepOfflineButton } from '../../../sync/index.ts';
import { Alert, Breadcrumb, Button, EmptyState, Skeleton, useToast } from '../../../ui/index.ts';
import { CardView } from '../../../ui/study/card-view.tsx';
import { nextDueText } from '../flashcards/next-due-text.ts';
import { RatingButtons } from '../flashcards/rating-buttons.tsx';
import { usePlayerKeys } from '../flashcards/use-player-keys.ts';
import { UndoButton, UndoNote } from '../undo/undo-button.tsx';
import { useUndoNote } from '../undo/use-undo-note.ts';
import { useReviewSession, type ReviewSession } from './use-review-session.ts';

const REVIEW_NOT_FOUND = 'Nothing to review here: this module or subject is not on this device.';

const linkClass =
  'inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2';

export function ReviewPage() {
  const [search] = useSearchParams();
  const subjectId = search.get('subject');
  const moduleId = subjectId ? null : search.get('module');
  const { profile } = useAuth();
  const toast = useToast();
  const limits = useDailyLimits(profile?.uid ?? null);
  const onError = useCallback(
    (e: unknown) => toast.error(`Could not save your progress on this device: ${reasonOf(e)}`),
    [toast],
  );
  const s = useReviewSession({ userId: profile?.uid ?? '', scope: { moduleId, subjectId }, limits, onError });
  useDocumentTitle(s.title ? `${MSG.reviewAllDue} · ${s.title}` : MSG.reviewAllDue);
  const { note: undoNote, undo } = useUndoNote(s.undo);
  usePlayerKeys({
    enabled: !!s.current,
    undo: s.status === 'ready' ? undo : undefined,
    flipped: s.flipped,
    mode: 'srs',
    flip: s.flip,
    next: () => undefined,
    rate: s.rate,
  });

  return (
    <section aria-labelledby="review-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Breadcrumb items={[{ label: 'Dashboard', to: '/dashboard' }, { label: MSG.reviewAllDue }]} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 id="review-title" className="text-2xl font-bold tracking-tight text-fg">
          {MSG.reviewAllDue}
        </h1>
        {s.title && <p className="min-w-0 truncate text-sm text-muted">{s.title}</p>}
        <UndoNote note={undoNote} />
      </div>
      <ReviewBody s={s} moduleId={moduleId} undo={undo} />
    </section>
  );
}

function ReviewBody({ s, moduleId, undo }: { s: ReviewSession; moduleId: string | null; undo: () => void }) {
  if (s.status === 'loading') {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-8">
        <span className="sr-only">Loading your review…</span>
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-6 w-1/2" />
      </div>
    );
  }
  if (s.status === 'error') {
    return (
      <Alert tone="error">
        <span className="flex flex-wrap items-center justify-between gap-3">
          <span>Could not read your cards on this device: {reasonOf(s.error)}</span>
          <Button variant="secondary" size="sm" onClick={s.retry}>
            Try again
          </Button>
        </span>
      </Alert>
    );
  }
  if (s.status === 'missing') {
    return (
      <EmptyState
        title={REVIEW_NOT_FOUND}
        action={
          <Link to="/dashboard" className={linkClass}>
            Back to Dashboard
          </Link>
        }
      />
    );
  }
  const notHere =
    s.notDownloaded > 0 ? (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3 text-sm text-muted">
        <span>{MSG.reviewNotDownloaded(s.notDownloaded)}</span>
        <KeepOfflineButton target={moduleId ? { kind: 'module', moduleId } : { kind: 'everything' }}>
          Download them
        </KeepOfflineButton>
      </div>
    ) : null;
  if (s.nothing || s.complete) {
    const held = s.heldBack.due + s.heldBack.fresh;
    return (
      <>
        {notHere}
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-14 text-center shadow-sm"
        >
          <h2 className="text-2xl font-bold text-fg">{s.nothing ? 'Nothing to review' : 'Complete!'}</h2>
          <p className="max-w-md text-sm text-muted">{s.nothing ? MSG.reviewNothing : MSG.reviewDone}</p>
          {held > 0 && (
            <p className="max-w-md text-sm text-muted">
              {MSG.reviewLimitLeft(s.heldBack.due, s.heldBack.fresh)}
            </p>
          )}
          <p className="max-w-md text-sm font-medium text-fg" data-testid="next-due">
            {nextDueText(s.nextDue, new Date())}
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
            {s.canUndo && <UndoButton onUndo={undo} />}
            <Link to="/dashboard" className={linkClass}>
              Back to Dashboard
            </Link>
          </div>
        </div>
      </>
    );
  }
  const card = s.current;
  if (!card) return null;
  return (
    <>
      {notHere}
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-3">
        <p aria-label="Cards left" className="flex items-center gap-4">
          <Count label="DUE" value={s.remaining.due} tone="text-success" />
          <Count label="NEW" value={s.remaining.fresh} tone="text-primary" />
        </p>
        <span className="flex items-center gap-1">
          {s.canUndo && <UndoButton onUndo={undo} />}
          <Button variant="ghost" size="sm" onClick={s.suspend} className="text-muted">
            Suspend
          </Button>
        </span>
      </div>
      <CardView key={`${card.id}:${s.answered}`} {...card} flipped={s.flipped} />
      <div className="sticky bottom-0 -mx-1 bg-bg/90 px-1 pb-1 pt-1 backdrop-blur supports-[backdrop-filter]:bg-bg/70">
        {!s.flipped ? (
          <Button size="lg" className="w-full" onClick={s.flip} aria-keyshortcuts="Space">
            Show Answer
          </Button>
        ) : (
          <RatingButtons
            progress={s.currentProgress}
            cardId={card.id}
            scheduler={s.scheduler}
            onRate={s.rate}
          />
        )}
        <p className="mt-2 hidden text-center text-xs text-muted sm:block">
          {!s.flipped ? 'Space to show the answer' : 'Keys 1–4 to rate'}
        </p>
      </div>
    </>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <span className="flex items-baseline gap-1.5">
      <span className="text-[0.65rem] font-bold tracking-widest text-muted">{label}</span>
      <span className={`text-sm font-bold tabular-nums ${tone}`}>{value}</span>
    </span>
  );
}
