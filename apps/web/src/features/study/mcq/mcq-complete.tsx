// 'Quiz Complete' (SPEC §2): the score as 'correct / total' and a percentage, and 'Restart Quiz'.
import { Button } from '../../../ui/index.ts';

export function McqComplete({
  correct,
  total,
  onRestart,
}: {
  correct: number;
  total: number;
  onRestart: () => void;
}) {
  const pct = total ? Math.round((correct / total) * 100) : 0;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-sm">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-success/15 text-success"
      >
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.2">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 className="text-2xl font-bold text-fg">Quiz Complete</h2>
      <p aria-label="Score" className="flex items-baseline gap-3">
        <span className="text-4xl font-bold tabular-nums text-fg">{`${correct} / ${total}`}</span>
        <span className="text-lg font-semibold tabular-nums text-muted">{`${pct}%`}</span>
      </p>
      <p className="max-w-sm text-sm text-muted">
        {pct >= 80
          ? 'Excellent work.'
          : pct >= 50
            ? 'Good effort — restart to go through the questions again.'
            : 'Keep practising — restart for a new order.'}
      </p>
      <Button onClick={onRestart} className="mt-2">
        Restart Quiz
      </Button>
    </div>
  );
}
