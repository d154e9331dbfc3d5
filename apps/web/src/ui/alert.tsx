// Alert: an inline message (error, success, info) announced to screen readers.
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

type Tone = 'error' | 'success' | 'info';
const tones: Record<Tone, string> = {
  error: 'border-danger/40 bg-danger/10 text-danger',
  success: 'border-success/40 bg-success/10 text-success',
  info: 'border-line bg-surface-2 text-fg',
};

export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-lg border px-3 py-2 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
