// The study timer's display: mm:ss (h:mm:ss past an hour), 'Stop & Save', and start after a stop.
import { Button, cx } from '../../../ui/index.ts';
import { formatClock } from './timer-storage.ts';

type Props = {
  seconds: number;
  running: boolean;
  onStop: () => void;
  onStart: () => void;
  compact?: boolean;
};

export function StudyTimer({ seconds, running, onStop, onStart, compact }: Props) {
  return (
    <div className="flex items-center gap-2">
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
            running ? 'animate-pulse bg-success motion-reduce:animate-none' : 'bg-muted',
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
