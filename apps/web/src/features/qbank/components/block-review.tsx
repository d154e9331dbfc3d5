// /qbank/review/:blockId (issue 19): the score and time used, then each question with the student's
// answer, the correct one, the explanation, flag, time spent and how everyone answered; filters 'All',
// 'Incorrect', 'Flagged', 'Omitted' (core reviewIndexes).
import {
  outcomeOf,
  QBANK_FILTERS,
  reviewIndexes,
  scoreBlock,
  type QbankBlock,
  type QbankFilter,
} from '@zan/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../../lib/session/index.ts';
import { Badge, Card, EmptyState } from '../../../ui/index.ts';
import { QuestionView } from '../../../ui/study/question-view.tsx';
import { useBlockContent, type BlockContent } from '../hooks/use-block-content.ts';
import { useStoredBlock } from '../hooks/use-stored-block.ts';
import { formatDuration } from '../summaries.ts';
import { Loading, NoBlock } from './block-page.tsx';
import { FlagIcon } from '../../../ui/icons.tsx';
import { MISSING_QUESTION, shownOptions } from './block-player.tsx';
import { figuresOf, PeerFigures } from './peer-figures.tsx';

const FILTER_LABELS: Record<QbankFilter, string> = {
  all: 'All',
  incorrect: 'Incorrect',
  flagged: 'Flagged',
  omitted: 'Omitted',
};
const OUTCOME = { correct: 'Correct', incorrect: 'Incorrect', omitted: 'Omitted' } as const;
const TONE = { correct: 'success', incorrect: 'danger', omitted: 'neutral' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

function Review({ block, content }: { block: QbankBlock; content: BlockContent }) {
  const [filter, setFilter] = useState<QbankFilter>('all');
  const keyOf = useMemo(() => (id: string) => content.questions.get(id)?.correctOption, [content]);
  const score = useMemo(() => scoreBlock(block, keyOf), [block, keyOf]);
  const shown = useMemo(() => reviewIndexes(block, filter, keyOf), [block, filter, keyOf]);
  const counts = useMemo(
    () => new Map(QBANK_FILTERS.map((f) => [f, reviewIndexes(block, f, keyOf).length] as const)),
    [block, keyOf],
  );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted">
            <Link to="/qbank?tab=previous" className="underline hover:text-fg">
              Previous Tests
            </Link>
          </p>
          <h1 className="text-2xl font-bold text-fg">Test review</h1>
          <p className="text-sm text-muted">
            {`${block.mode === 'tutor' ? 'Tutor' : 'Timed'} · ${new Date(block.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`}
          </p>
        </div>
        <Link
          to="/qbank"
          className="inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-fg shadow-sm hover:brightness-110"
        >
          Create Test
        </Link>
      </div>
      <Card>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label="Score" value={`${score.percent}%`} />
          <Figure label="Correct" value={`${score.correct} of ${score.total}`} />
          <Figure label="Omitted" value={String(score.omitted)} />
          <Figure label="Time used" value={formatDuration(score.timeMs)} />
        </dl>
      </Card>
      <div role="group" aria-label="Show questions" className="flex flex-wrap gap-2">
        {QBANK_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className="h-9 rounded-full border border-line bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-fg"
          >
            {`${FILTER_LABELS[f]} (${counts.get(f) ?? 0})`}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState title={`No ${FILTER_LABELS[filter].toLowerCase()} questions in this test`} />
      ) : (
        <ol className="flex flex-col gap-6" aria-label="Questions">
          {shown.map((i) => {
            const q = block.questions[i]!;
            const data = content.questions.get(q.questionId);
            const outcome = outcomeOf(q, data?.correctOption);
            const peer = figuresOf(content.stats.get(q.questionId));
            return (
              <li key={q.questionId} className="flex flex-col gap-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base font-bold text-fg">{`Question ${i + 1}`}</h2>
                  <Badge tone={TONE[outcome]}>{OUTCOME[outcome]}</Badge>
                  {q.flagged && (
                    <Badge tone="warning" className="inline-flex items-center gap-1">
                      <FlagIcon className="size-3" />
                      Flagged
                    </Badge>
                  )}
                  <span className="text-sm text-muted">{`Time ${formatDuration(q.timeMs)}`}</span>
                  <span className="text-sm text-muted">
                    {[content.names.get(q.subjectId), content.names.get(q.topicId)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                {data ? (
                  <QuestionView
                    question={data.question}
                    options={shownOptions(q, data.options)}
                    correctOption={data.correctOption}
                    explanation={data.explanation}
                    chosen={q.answer}
                    checked
                    onChoose={() => undefined}
                    struck={q.struck}
                    peerPercents={peer.percents}
                  />
                ) : (
                  <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
                    {MISSING_QUESTION}
                  </p>
                )}
                <PeerFigures figures={peer.figures} />
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

export function BlockReviewPage() {
  const { blockId = '' } = useParams();
  const { profile } = useAuth();
  const userId = profile?.uid ?? '';
  const block = useStoredBlock(userId, blockId);
  const ids = useMemo(() => block?.questions.map((q) => q.questionId), [block]);
  const content = useBlockContent(userId, ids);
  if (block === null) return <NoBlock />;
  if (block === undefined || !content) return <Loading label="Opening the review…" />;
  if (block.endedAt === null)
    return (
      <EmptyState
        title="This test is still in progress"
        description="End it to review it."
        action={
          <Link to={`/qbank/block/${block.id}`} className="text-sm font-semibold text-primary underline">
            Resume
          </Link>
        }
      />
    );
  return <Review block={block} content={content} />;
}
