// 'Previous Tests' (issue 19): every block on this device, newest first — date, mode, questions, score —
// to resume (not ended) or review (ended).
import { Link } from 'react-router';
import { Badge, EmptyState } from '../../../ui/index.ts';
import type { BlockRow } from '../summaries.ts';

const NO_TESTS = 'No tests yet';
const LINK =
  'inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

const dateText = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PreviousTests({ rows }: { rows: BlockRow[] }) {
  if (!rows.length)
    return <EmptyState title={NO_TESTS} description="Tests you create appear here, to resume or review." />;
  return (
    <ul className="flex flex-col gap-3" aria-label="Previous tests">
      {rows.map((r) => (
        <li
          key={r.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface p-4 shadow-sm"
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-fg">{dateText(r.startedAt)}</p>
            <p className="text-sm text-muted">
              {`${r.mode === 'tutor' ? 'Tutor' : 'Timed'} · ${r.questions} ${r.questions === 1 ? 'question' : 'questions'}`}
            </p>
          </div>
          {r.ended ? (
            <p className="text-sm text-fg">
              <span className="text-lg font-bold">{`${r.score.percent}%`}</span>
              <span className="text-muted">{` (${r.score.correct} of ${r.score.total})`}</span>
            </p>
          ) : (
            <Badge tone="warning">In progress</Badge>
          )}
          {r.ended ? (
            <Link
              to={`/qbank/review/${r.id}`}
              className={`${LINK} border border-line bg-surface text-fg hover:bg-surface-2`}
            >
              Review
            </Link>
          ) : (
            <Link
              to={`/qbank/block/${r.id}`}
              className={`${LINK} bg-primary text-primary-fg hover:brightness-110`}
            >
              Resume
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
