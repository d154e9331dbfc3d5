// The study page's main column: the open deck's player, the open quiz, the open lecture, or the chosen topic's
// resources — with the states of content that is still on its way to this device.
import { MSG } from '@zan/core';
import { Alert, EmptyState, Spinner } from '../../../ui/index.ts';
import { FlashcardPlayer } from '../flashcards/flashcard-player.tsx';
import type { FlashcardSession } from '../flashcards/use-flashcard-session.ts';
import type { DeckData, QuizData, StudyTopic, TopicResources } from '../study-types.ts';
import { LectureView } from '../../../ui/study/lecture/lecture-view.tsx';
import { McqPlayer } from '../mcq/mcq-player.tsx';
import type { McqSession } from '../mcq/use-mcq-session.ts';
import { ResourceList, ResourceStrip, type OpenResource } from './resource-nav.tsx';

const NO_TOPICS = 'No topics in this subject yet.';
const TOPIC_EMPTY = 'No lectures, flashcard decks or quizzes in this topic yet.';
const QUIZ_NOT_FOUND = 'Quiz not found.';
const TOPIC_NOT_DOWNLOADED = 'This topic is not on this device yet. Connect to the internet to download it.';

type Props = {
  subjectId: string;
  topic: StudyTopic | null;
  resources: TopicResources | undefined;
  open: OpenResource;
  deck: DeckData | undefined;
  session: FlashcardSession;
  quiz: QuizData | undefined;
  mcq: McqSession;
  lecture: { title: string; html: string } | null | undefined;
  preparing: boolean;
  error: string | null;
  online: boolean;
};

function Waiting({ label }: { label: string }) {
  return (
    <div className="grid min-h-48 place-items-center text-muted">
      <Spinner label={label} />
    </div>
  );
}

export function StudyMain(p: Props) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col">
      {p.error && (
        <Alert tone="error" className="mb-4">
          {p.error}
        </Alert>
      )}
      <Body {...p} />
    </div>
  );
}

function Body({
  subjectId,
  topic,
  resources,
  open,
  deck,
  session,
  quiz,
  mcq,
  lecture,
  preparing,
  online,
}: Props) {
  const strip = resources && <ResourceStrip subjectId={subjectId} resources={resources} open={open} />;
  if (open?.kind === 'deck') {
    if (!deck || deck.deckId !== open.id) return <Waiting label="Loading deck…" />;
    if (!deck.deck)
      return (
        <EmptyState
          title={MSG.deckNotFound}
          description="It may have been removed, or this topic is still downloading."
        />
      );
    return (
      <>
        {strip}
        <FlashcardPlayer deckName={deck.deck.name} session={session} />
      </>
    );
  }
  if (open?.kind === 'quiz') {
    if (!quiz || quiz.quizId !== open.id) return <Waiting label="Loading quiz…" />;
    if (!quiz.quiz)
      return (
        <EmptyState
          title={QUIZ_NOT_FOUND}
          description="It may have been removed, or this topic is still downloading."
        />
      );
    return (
      <>
        {strip}
        <McqPlayer quizName={quiz.quiz.name} session={mcq} />
      </>
    );
  }
  if (open?.kind === 'lecture') {
    if (lecture === undefined) return <Waiting label="Loading page…" />;
    if (lecture === null) return <EmptyState title={MSG.contentNotFound} />;
    return (
      <>
        {strip}
        <LectureView title={lecture.title} html={lecture.html} />
      </>
    );
  }
  if (!topic)
    return preparing ? <Waiting label="Preparing study session…" /> : <EmptyState title={NO_TOPICS} />;
  return (
    <section aria-labelledby="topic-title">
      <h1 id="topic-title" className="mb-5 text-2xl font-bold tracking-tight text-fg">
        {topic.name}
      </h1>
      {topic.lastSynced === null ? (
        preparing ? (
          <Waiting label="Downloading this topic…" />
        ) : (
          <EmptyState
            title="Not downloaded yet"
            description={online ? 'Press SYNC at the top of the page to try again.' : TOPIC_NOT_DOWNLOADED}
          />
        )
      ) : !resources ? (
        <Waiting label="Loading…" />
      ) : resources.decks.length + resources.lectures.length + resources.quizzes.length === 0 ? (
        <EmptyState title={TOPIC_EMPTY} />
      ) : (
        <ResourceList subjectId={subjectId} resources={resources} />
      )}
    </section>
  );
}
