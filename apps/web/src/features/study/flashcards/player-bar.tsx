// The player's top bar: mode toggle SRS / Free and the counts (NEW / DUE / SUSPENDED in SRS mode,
// 'PROGRESS x / y' in free mode).
import type { StudyMode } from '@zan/core';
import { cx } from '../../../ui/index.ts';
import type { FlashcardSession } from './use-flashcard-session.ts';

export function ModeToggle({ mode, onChange }: { mode: StudyMode; onChange: (m: StudyMode) => void }) {
  return (
    <div
      role="group"
      aria-label="Study mode"
      className="inline-flex rounded-lg border border-line bg-surface-2 p-0.5"
    >
      {(['srs', 'free'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className={cx(
            'h-8 rounded-md px-3 text-xs font-bold tracking-wider transition',
            mode === m ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          {m === 'srs' ? 'SRS' : 'Free'}
        </button>
      ))}
    </div>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <span className="flex items-baseline gap-1.5">
      <span className="text-[0.65rem] font-bold tracking-widest text-muted">{label}</span>
      <span className={cx('text-sm font-bold tabular-nums', tone)}>{value}</span>
    </span>
  );
}

export function Counts({ session }: { session: FlashcardSession }) {
  if (session.mode === 'free') {
    const { position, total } = session.freeProgress;
    return (
      <p aria-label="Progress" className="text-xs font-bold tracking-widest text-muted">
        PROGRESS <span className="tabular-nums text-fg">{`${position} / ${total}`}</span>
      </p>
    );
  }
  const { newCount, dueCount, suspendedCount } = session.counts;
  return (
    <p aria-label="Card counts" className="flex items-center gap-4">
      <Count label="NEW" value={newCount} tone="text-primary" />
      <Count label="DUE" value={dueCount} tone="text-success" />
      <Count label="SUSPENDED" value={suspendedCount} tone="text-warning" />
    </p>
  );
}
