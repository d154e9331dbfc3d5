// Performance (issue 19): per subject and per topic, questions answered, % correct (the latest answer
// per question) and questions unused, weakest first; 'Create a test from my weakest topics'.
import { Button, EmptyState } from '../../../ui/index.ts';
import type { NamedRow } from '../summaries.ts';

const NO_PERFORMANCE = 'No answers yet';

function Rows({ title, rows }: { title: string; rows: NamedRow[] }) {
  return (
    // Scrolls sideways on a phone: a keyboard user can focus it to scroll.
    <div
      role="region"
      aria-label={title}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="px-4 pt-3 text-left text-base font-bold text-fg">{title}</caption>
        <thead>
          <tr className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="px-4 py-2 font-semibold">
              {title === 'By subject' ? 'Subject' : 'Topic'}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Answered
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              % correct
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Unused
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-line last:border-0">
              <th scope="row" className="px-4 py-2 font-medium text-fg">
                {r.name}
                {r.parent && <span className="block text-xs font-normal text-muted">{r.parent}</span>}
              </th>
              <td className="px-3 py-2 text-right tabular-nums text-fg">{`${r.answered} of ${r.questions}`}</td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums text-fg">
                {r.percent === null ? '—' : `${r.percent}%`}
              </td>
              <td className="px-4 py-2 text-right tabular-nums text-fg">{r.unused}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Props = { subjects: NamedRow[]; topics: NamedRow[]; weakest: string[]; onWeakest: () => void };

export function Performance({ subjects, topics, weakest, onWeakest }: Props) {
  if (!subjects.length)
    return (
      <EmptyState
        title="No questions yet"
        description="Open a subject while online to bring its questions to this device."
      />
    );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Weakest first: the latest answer to each question counts.</p>
        <Button onClick={onWeakest} disabled={!weakest.length}>
          Create a test from my weakest topics
        </Button>
      </div>
      {!weakest.length && (
        <EmptyState
          title={NO_PERFORMANCE}
          description="Answer questions in a test or a quiz and your weakest topics show here."
        />
      )}
      <Rows title="By subject" rows={subjects} />
      <Rows title="By topic" rows={topics} />
    </div>
  );
}
