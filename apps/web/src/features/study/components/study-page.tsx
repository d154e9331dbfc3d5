// /study/subject/:subjectId[/deck/:deckId | ?lecture= | ?quiz=] (SPEC §2 Study page): breadcrumb, Topics sidebar, the main
// player (a search hit adds what to show first: ?card=, &question=, &heading=; issue 22),
// player, the right sidebar (Suspended / On This Page / Details) and the study timer. Reads the local
// store only; on open it asks the sync engine for missing or stale topic content (when online).
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState, SidePanel, Skeleton, useToast } from '../../../ui/index.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { useSync } from '../../../sync/index.ts';
import { outlineLecture } from '../content/lecture-outline.ts';
import { useFlashcardSession } from '../flashcards/use-flashcard-session.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { usePrepareStudy } from '../hooks/use-prepare-study.ts';
import { useSidebars } from '../hooks/use-sidebars.ts';
import { useDeck, useLecture, useQuiz, useStudySubject, useTopicResources } from '../hooks/use-study-data.ts';
import { useMcqSession } from '../mcq/use-mcq-session.ts';
import { StudyTimer } from '../timer/study-timer.tsx';
import { formatClock } from '../timer/timer-storage.ts';
import { useStudyTimer } from '../timer/use-study-timer.ts';
import { cardDetailRows } from '../flashcards/card-details.ts';
import { RightPanel, rightPanelTitle, type RightPanelView } from './right-panel.tsx';
import type { OpenResource } from './resource-nav.tsx';
import { StudyHeader } from './study-header.tsx';
import { StudyMain } from './study-main.tsx';
import { useDueCounts } from '../../../lib/use-due-counts.ts';
import { TopicsPanel } from './topics-panel.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useJumpToHeading } from '../lecture/use-jump-to-heading.ts';
import { CloseIcon } from '../../../ui/icons.tsx';

const SUBJECT_NOT_FOUND = 'Subject not found.';

const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

export function StudyPage() {
  const { subjectId = '', deckId } = useParams();
  const [search] = useSearchParams();
  const lectureId = deckId ? null : search.get('lecture');
  const quizId = deckId || lectureId ? null : search.get('quiz');
  const focusCardId = deckId ? search.get('card') : null;
  const focusQuestionId = quizId ? search.get('question') : null;
  const heading = lectureId ? search.get('heading') : null;
  const open: OpenResource = deckId
    ? { kind: 'deck', id: deckId }
    : lectureId
      ? { kind: 'lecture', id: lectureId }
      : quizId
        ? { kind: 'quiz', id: quizId }
        : null;
  const { profile } = useAuth();
  const userId = profile?.uid ?? '';
  const toast = useToast();
  const sync = useSync();
  const online = useOnline();
  const navigate = useNavigate();
  const sidebars = useSidebars();

  const data = useStudySubject(userId, subjectId);
  const due = useDueCounts(userId);
  useDocumentTitle(
    data === undefined ? undefined : (data?.subject.name ?? SUBJECT_NOT_FOUND.replace(/\.$/, '')),
  );
  const deck = useDeck(userId, deckId ?? null);
  const quiz = useQuiz(userId, quizId);
  const lectureRow = useLecture(userId, lectureId);
  const lecture = useMemo(
    () => (lectureRow ? { ...lectureRow, ...outlineLecture(lectureRow.htmlBody) } : lectureRow),
    [lectureRow],
  );

  const onWriteError = useCallback(
    (e: unknown) => toast.error(`Could not save your progress on this device: ${reasonOf(e)}`),
    [toast],
  );
  const session = useFlashcardSession({
    userId,
    subjectId,
    deckId: deckId ?? null,
    data: deck,
    onError: onWriteError,
    focusCardId,
  });
  const mcq = useMcqSession({
    userId,
    subjectId,
    quizId,
    data: quiz,
    onError: onWriteError,
    focusQuestionId,
  });
  useJumpToHeading(lecture ? heading : null);
  const timer = useStudyTimer({
    userId,
    subjectId: data ? subjectId : null,
    onSaved: (seconds) => toast.success(`Study session saved (${formatClock(seconds)}).`),
    onError: (e) => toast.error(`Could not save the study session: ${reasonOf(e)}`),
  });
  const { preparing, error } = usePrepareStudy({
    sync,
    subjectId,
    topicIds: data ? data.topics.map((t) => t.id) : null,
    online,
  });

  // The topic shown: the open resource's, else the one chosen in the sidebar, else the first.
  const [chosen, setChosen] = useState<{ subjectId: string; topicId: string } | null>(null);
  const openTopicId = deckId
    ? deck?.deckId === deckId
      ? deck.deck?.topicId
      : undefined
    : lectureId
      ? lecture?.topicId
      : quizId && quiz?.quizId === quizId
        ? quiz.quiz?.topicId
        : undefined;
  // Follow the open resource's topic once per resource opened: a topic chosen in the sidebar while it
  // is still open (the click that also closes it) must not be taken back before the navigation lands.
  const openKey = open && openTopicId ? `${open.kind}:${open.id}` : null;
  const [followed, setFollowed] = useState<string | null>(null);
  if (openKey !== followed) {
    setFollowed(openKey);
    if (openTopicId && (chosen?.subjectId !== subjectId || chosen.topicId !== openTopicId)) {
      setChosen({ subjectId, topicId: openTopicId });
    }
  }
  const topics = data?.topics ?? [];
  const chosenId = chosen?.subjectId === subjectId ? chosen.topicId : null;
  const topicId =
    (openKey !== null && openKey === followed ? chosenId : null) ??
    openTopicId ??
    chosenId ??
    topics[0]?.id ??
    null;
  const topic = topics.find((t) => t.id === topicId) ?? null;
  const resources = useTopicResources(userId, topicId);

  if (data === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4 p-6">
        <span className="sr-only">Loading study page…</span>
        <Skeleton className="h-6 w-80" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (data === null) {
    return (
      <div className="p-6">
        <EmptyState
          title={SUBJECT_NOT_FOUND}
          description="It may not be synced to this device yet, or it is no longer available to you."
          action={
            <Link
              to="/dashboard"
              className="inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2"
            >
              Back to Dashboard
            </Link>
          }
        />
      </div>
    );
  }

  const selectTopic = (id: string) => {
    setChosen({ subjectId, topicId: id });
    sidebars.closeMobile();
    if (open) navigate(`/study/subject/${encodeURIComponent(subjectId)}`);
  };
  const view: RightPanelView =
    open?.kind === 'deck'
      ? {
          kind: 'suspended',
          cards: session.suspendedCards,
          onUnsuspend: session.unsuspend,
          current: session.current
            ? cardDetailRows(session.currentProgress, session.scheduler, new Date())
            : null,
        }
      : open?.kind === 'quiz'
        ? { kind: 'suspendedQuestions', questions: mcq.suspendedQuestions, onUnsuspend: mcq.unsuspend }
        : open?.kind === 'lecture' && lecture
          ? {
              kind: 'outline',
              headings: lecture.headings,
              onJump: sidebars.wide ? undefined : sidebars.closeMobile,
            }
          : { kind: 'details', topic, resources };
  const topicsPanel = (
    <TopicsPanel
      topics={topics}
      selectedId={topicId}
      onSelect={selectTopic}
      subjectId={subjectId}
      due={due}
    />
  );
  const rightPanel = <RightPanel view={view} />;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <StudyHeader
        crumbs={{ module: data.module, subject: data.subject, topic: topic?.name ?? null }}
        left={{
          label: 'Topics',
          expanded: sidebars.isOpen('topics'),
          controls: 'study-topics',
          onClick: () => sidebars.toggle('topics'),
        }}
        right={{
          label: rightPanelTitle(view),
          expanded: sidebars.isOpen('details'),
          controls: 'study-details',
          onClick: () => sidebars.toggle('details'),
        }}
        timer={
          <StudyTimer
            seconds={timer.seconds}
            running={timer.running}
            paused={timer.paused}
            onStop={() => void timer.stop()}
            onStart={timer.start}
          />
        }
      />
      <div className="flex min-h-0 flex-1">
        {sidebars.wide && sidebars.isOpen('topics') && (
          // Not an <aside>: the Topics <nav> inside is the landmark (two unnamed complementary landmarks
          // were one too many).
          <div id="study-topics" className="w-72 shrink-0 overflow-y-auto border-r border-line bg-surface/60">
            {topicsPanel}
          </div>
        )}
        <div className="min-w-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6 sm:py-6">
          <StudyMain
            subjectId={subjectId}
            topic={topic}
            resources={resources}
            open={open}
            deck={deck}
            session={session}
            quiz={quiz}
            mcq={mcq}
            lecture={lecture}
            preparing={preparing}
            error={error}
            online={online}
          />
        </div>
        {sidebars.wide && sidebars.isOpen('details') && (
          <aside
            id="study-details"
            aria-label={rightPanelTitle(view)}
            className="w-80 shrink-0 overflow-y-auto border-l border-line bg-surface/60"
          >
            {rightPanel}
          </aside>
        )}
      </div>
      {!sidebars.wide && (
        <>
          <SidePanel
            id="study-topics"
            label="Topics"
            side="left"
            open={sidebars.mobile === 'topics'}
            onClose={sidebars.closeMobile}
          >
            <PanelClose onClose={sidebars.closeMobile} />
            {topicsPanel}
          </SidePanel>
          <SidePanel
            id="study-details"
            label={rightPanelTitle(view)}
            open={sidebars.mobile === 'details'}
            onClose={sidebars.closeMobile}
          >
            <PanelClose onClose={sidebars.closeMobile} />
            {rightPanel}
          </SidePanel>
        </>
      )}
    </div>
  );
}

function PanelClose({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex justify-end border-b border-line p-2">
      <button
        type="button"
        onClick={onClose}
        aria-label="Close panel"
        className="grid size-9 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
