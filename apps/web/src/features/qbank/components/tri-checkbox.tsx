// A checkbox that can be ticked, unticked or partly ticked (some of the topics under it), as the
// builder's tree shows modules and subjects (issue 19).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Tick } from '../bank.ts';

type Props = { tick: Tick; onToggle: () => void; label: ReactNode; count: number; strong?: boolean };

export function TriCheckbox({ tick, onToggle, label, count, strong }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = tick === 'some';
  }, [tick]);
  return (
    <div className="flex min-h-9 items-center gap-2.5">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={tick === 'all'}
        aria-checked={tick === 'some' ? 'mixed' : tick === 'all'}
        onChange={onToggle}
        className="size-4 shrink-0 accent-primary"
      />
      <label
        htmlFor={id}
        className={`min-w-0 flex-1 truncate text-sm ${strong ? 'font-semibold' : ''} text-fg`}
      >
        {label}
      </label>
      <span className="shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
        {count}
        <span className="sr-only"> questions available</span>
      </span>
    </div>
  );
}
