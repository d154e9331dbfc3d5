// Badge: a small label for a status, role or count (STUDENT, ADMIN, Due, Free …).
import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export type BadgeTone = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-line bg-surface-2 text-muted',
  primary: 'border-primary/30 bg-primary/10 text-primary',
  accent: 'border-accent/30 bg-accent/10 text-accent',
  success: 'border-success/30 bg-success/10 text-success',
  warning: 'border-warning/30 bg-warning/10 text-warning',
  danger: 'border-danger/30 bg-danger/10 text-danger',
};

export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold tracking-wide',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
