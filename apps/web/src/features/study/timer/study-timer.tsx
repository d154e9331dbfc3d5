// The study timer's display: mm:ss (h:mm:ss past an hour), 'Stop & Save', and start after a stop; when
// it stands still (no input for 5 minutes, page hidden) it says so (issue 18).
import { MSG } from '@zan/core';
import { Button, cx } from '../../../ui/index.ts';
import { formatClock } from './timer-storage.ts';
import type { TimerPause } from './use-study-timer.ts';

type Props = {
  seconds: number;
  running: boolean;
  paused?: TimerPause | null;
  onStop: () => void;
  onStart: () => void;
  compact?: boolean;
};

export function StudyTimer({ seconds, running, paused = null, onStop, onStart, compact }: Props) {
  const pauseText =
    paused === 'idle' ? MSG.timerPausedIdle : paused === 'hidden' ? MSG.timerPausedHidden : '';
  return (
    <div className="flex items-center gap-2">
      <span aria-live="polite" data-testid="timer-pause" className="text-xs text-muted">
        {pauseText && (
          <>
            <span aria-hidden="true" className="sm:hidden">
              Paused
            </span>
            <span className="sr-only sm:not-sr-only">{pauseText}</span>
          </>
        )}
      </span>
      <span
        role="timer"
        aria-label="Study timer"
        className={cx(
          'inline-flex items-center gap-1.5 rounded-lg border border-line bg-surface-2 px-2.5 font-mono text-sm font-semibold tabular-nums text-fg',
          compact ? 'h-8' : 'h-9',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'size-2 rounded-full',
            running && !paused ? 'animate-pulse bg-success motion-reduce:animate-none' : 'bg-muted',
          )}
        />
        {formatClock(seconds)}
      </span>
      {running ? (
        <Button variant="secondary" size="sm" onClick={onStop}>
          Stop &amp; Save
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={onStart}>
          Start Timer
        </Button>
      )}
    </div>
  );
}
