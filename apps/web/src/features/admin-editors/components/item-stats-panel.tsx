// The open question's item statistics in the quiz editor (issue 19, admins and superadmins who may edit
// the quiz): answers, % correct, how the answers spread over the options, the discrimination index, and a
// 'Possibly mis-keyed' warning when a wrong option drew more students than the key. Students' first
// answers only, counted by the server (lib/resources/item-stats.ts); nothing identifies a student.
import { difficultyOf, questionPlainText, truncateText, type ItemStatsDto } from '@zan/core';
import { Alert, Button, Skeleton, cx } from '../../../ui/index.ts';
import { letterOf } from '../../../ui/study/mcq-options.tsx';

type Props = {
  /** The question's figures; undefined while loading or when it has none. */
  stats: ItemStatsDto | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The saved question's options (numbers 1–5 with their text) and key. */
  options: { n: number; text: string }[];
  correctOption: number;
  computedAt: number | undefined;
};

const pct = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);

export function ItemStatsPanel({
  stats,
  loading,
  failed,
  onRetry,
  options,
  correctOption,
  computedAt,
}: Props) {
  const body = () => {
    if (loading) return <Skeleton className="h-24 w-full" />;
    if (failed)
      return (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>The item statistics could not be loaded.</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        </Alert>
      );
    if (!stats || stats.answers === 0)
      return <p className="text-sm text-muted">No answers yet: figures appear once students answer it.</p>;
    const wrong = stats.optionCounts
      .map((c, i) => ({ c, n: i + 1 }))
      .filter((o) => o.n !== correctOption && o.c > stats.optionCounts[correctOption - 1]!)
      .sort((a, b) => b.c - a.c)[0];
    return (
      <div className="flex flex-col gap-3">
        {stats.possiblyMiskeyed && (
          <div
            role="note"
            className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-semibold text-danger"
          >
            {`Possibly mis-keyed: option ${letterOf((wrong?.n ?? 1) - 1)} drew more students than the key (${letterOf(correctOption - 1)}).`}
          </div>
        )}
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ['Answers', String(stats.answers)],
            ['Correct', `${stats.percentCorrect}%`],
            ['Difficulty', difficultyOf(stats.percentCorrect)],
          ].map(([k, v]) => (
            <div key={k} className="rounded-lg bg-surface-2 px-2 py-2">
              <dt className="text-xs text-muted">{k}</dt>
              <dd className="text-lg font-bold tabular-nums text-fg">{v}</dd>
            </div>
          ))}
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">Answers per option</caption>
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="pb-1 font-semibold">
                Option
              </th>
              <th scope="col" className="pb-1 font-semibold">
                Students
              </th>
            </tr>
          </thead>
          <tbody>
            {options.map((o) => {
              const count = stats.optionCounts[o.n - 1] ?? 0;
              const key = o.n === correctOption;
              const share = pct(count, stats.answers);
              return (
                <tr key={o.n}>
                  <th scope="row" className="w-1/2 py-1 pr-2 text-left font-normal text-fg">
                    <span className="font-bold">{letterOf(o.n - 1)}</span>
                    {key && <span className="ml-1 text-xs font-semibold text-success">(key)</span>}
                    <span className="ml-1 text-muted">{truncateText(questionPlainText(o.text), 40)}</span>
                  </th>
                  <td className="py-1">
                    <div className="flex items-center gap-2">
                      <div
                        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
                        aria-hidden="true"
                      >
                        <div
                          className={cx('h-full rounded-full', key ? 'bg-success' : 'bg-primary')}
                          style={{ width: `${share}%` }}
                        />
                      </div>
                      <span className="w-20 text-right tabular-nums text-fg">{`${count} · ${share}%`}</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="text-sm text-fg">
          <span className="font-semibold">Discrimination: </span>
          {stats.discrimination === null
            ? 'not enough answers yet (10 needed)'
            : stats.discrimination.toFixed(2)}
        </p>
        <p className="text-xs text-muted">
          How much more often students who did well on the rest of the quiz got this right than those who did
          not (−1 to 1; 0.3 or more separates them well, below 0 suggests a problem).
        </p>
        {computedAt !== undefined && (
          <p className="text-xs text-muted">{`Computed ${new Date(computedAt).toLocaleString()}`}</p>
        )}
      </div>
    );
  };
  return (
    <section
      aria-labelledby="item-stats-title"
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-sm"
    >
      <h2 id="item-stats-title" className="text-sm font-bold tracking-wide text-fg">
        Item statistics
      </h2>
      {body()}
    </section>
  );
}
