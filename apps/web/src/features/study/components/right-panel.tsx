// The right sidebar (SPEC §2): 'On This Page' for a lecture, the Suspended list for an open deck or quiz
// (text cut to 50 characters, with Unsuspend) — for a deck below the current card's details (issue 18) —
// and Details otherwise.
import { plainTextLabel, questionPlainText, SUSPENDED_TEXT_MAX, truncateText } from '@zan/core';
import { useId } from 'react';
import { Button } from '../../../ui/index.ts';
import type { LectureHeading } from '../content/lecture-outline.ts';
import type { DetailRow } from '../flashcards/card-details.ts';
import { jumpToHeading } from '../lecture/jump.ts';
import type { StudyCard, StudyQuestion, StudyTopic, TopicResources } from '../study-types.ts';
import { studentFaces } from '../../../ui/study/card-faces.ts';

export type RightPanelView =
  | {
      kind: 'suspended';
      cards: StudyCard[];
      onUnsuspend: (card: StudyCard) => void;
      /** The card on screen: its reviews, due date and (FSRS) memory; null between cards. */
      current: readonly DetailRow[] | null;
    }
  | { kind: 'suspendedQuestions'; questions: StudyQuestion[]; onUnsuspend: (question: StudyQuestion) => void }
  | { kind: 'outline'; headings: LectureHeading[]; onJump?: () => void }
  | { kind: 'details'; topic: StudyTopic | null; resources: TopicResources | undefined };

export const rightPanelTitle = (view: RightPanelView): string =>
  view.kind === 'suspended' || view.kind === 'suspendedQuestions'
    ? 'Suspended'
    : view.kind === 'outline'
      ? 'On This Page'
      : 'Details';

const Heading = ({ children }: { children: string }) => (
  <h2 className="pb-3 text-xs font-bold tracking-widest text-muted">{children.toUpperCase()}</h2>
);

export function RightPanel({ view }: { view: RightPanelView }) {
  return (
    <section aria-label={rightPanelTitle(view)} className="p-4">
      <Heading>{rightPanelTitle(view)}</Heading>
      {view.kind === 'suspended' ? (
        <Suspended {...view} />
      ) : view.kind === 'suspendedQuestions' ? (
        <SuspendedQuestions {...view} />
      ) : view.kind === 'outline' ? (
        <Outline {...view} />
      ) : (
        <Details {...view} />
      )}
    </section>
  );
}

function Suspended({
  cards,
  onUnsuspend,
  current,
}: {
  cards: StudyCard[];
  onUnsuspend: (card: StudyCard) => void;
  current: readonly DetailRow[] | null;
}) {
  const headingId = useId();
  return (
    <>
      {current && (
        <section aria-labelledby={headingId} className="mb-4">
          <h3 id={headingId} className="pb-2 text-sm font-semibold text-fg">
            This card
          </h3>
          <Rows rows={current} />
        </section>
      )}
      <SuspendedCards cards={cards} onUnsuspend={onUnsuspend} />
    </>
  );
}

function SuspendedCards({
  cards,
  onUnsuspend,
}: {
  cards: StudyCard[];
  onUnsuspend: (card: StudyCard) => void;
}) {
  if (cards.length === 0) return <p className="text-sm text-muted">No suspended cards in this deck.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Suspended cards">
      {cards.map((c) => (
        <li key={c.id} className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2">
          <span className="min-w-0 flex-1 text-sm text-fg">
            {plainTextLabel(studentFaces(c).front, SUSPENDED_TEXT_MAX)}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onUnsuspend(c)} className="shrink-0 text-primary">
            Unsuspend
          </Button>
        </li>
      ))}
    </ul>
  );
}

function SuspendedQuestions({
  questions,
  onUnsuspend,
}: {
  questions: StudyQuestion[];
  onUnsuspend: (q: StudyQuestion) => void;
}) {
  if (questions.length === 0)
    return <p className="text-sm text-muted">No suspended questions in this quiz.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Suspended questions">
      {questions.map((q) => (
        <li key={q.id} className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2">
          <span className="min-w-0 flex-1 text-sm text-fg" title={questionPlainText(q.question)}>
            {truncateText(questionPlainText(q.question), SUSPENDED_TEXT_MAX)}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onUnsuspend(q)} className="shrink-0 text-primary">
            Unsuspend
          </Button>
        </li>
      ))}
    </ul>
  );
}

const INDENT: Record<number, string> = { 2: 'pl-3', 3: 'pl-6', 4: 'pl-9' };

function Outline({ headings, onJump }: { headings: LectureHeading[]; onJump?: () => void }) {
  if (headings.length === 0) return <p className="text-sm text-muted">This page has no headings.</p>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label="Headings">
      {headings.map((h) => (
        <li key={h.id} className={INDENT[h.level] ?? ''}>
          <a
            href={`#${h.id}`}
            onClick={(e) => {
              e.preventDefault();
              if (!onJump) return void jumpToHeading(h.id);
              onJump();
              // After the mobile panel has closed (it locks the page's scroll while open).
              requestAnimationFrame(() => jumpToHeading(h.id));
            }}
            className="block rounded-md px-2 py-1 text-muted hover:bg-surface-2 hover:text-fg"
          >
            {h.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Details({ topic, resources }: { topic: StudyTopic | null; resources: TopicResources | undefined }) {
  if (!topic) return <p className="text-sm text-muted">Choose a topic to see its details.</p>;
  const decks = resources?.decks ?? [];
  const cards = decks.reduce((n, d) => n + d.cardCount, 0);
  const rows: Array<[string, string]> = [
    ['Topic', topic.name],
    ['Lectures', String(resources?.lectures.length ?? 0)],
    ['Flashcard decks', String(decks.length)],
    ['Cards', String(cards)],
    ['Quizzes', String(resources?.quizzes.length ?? 0)],
    ['Last synced', topic.lastSynced ? new Date(topic.lastSynced).toLocaleString() : 'Not downloaded yet'],
  ];
  return <Rows rows={rows} />;
}

function Rows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="flex items-start justify-between gap-3 px-3 py-2.5">
          <dt className="shrink-0 text-muted">{k}</dt>
          <dd className="min-w-0 text-right font-medium text-fg">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
