// Skeleton: a pulsing placeholder shown while content loads (hidden from screen readers; pair it with
// a status text or aria-busy on the region).
import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cx('h-4 animate-pulse rounded-md bg-surface-2 motion-reduce:animate-none', className)}
      {...rest}
    />
  );
}
