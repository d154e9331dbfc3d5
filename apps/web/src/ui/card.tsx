// Card: a bordered surface for grouping content.
import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx('rounded-2xl border border-line bg-surface p-5 shadow-sm', className)} {...rest} />
  );
}
