// EmptyState: what a list or page shows when there is nothing in it yet (icon, title, hint, action).
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { InboxIcon } from './icons.tsx';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-12 text-center',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-2xl bg-surface-2 text-muted"
      >
        {icon ?? <InboxIcon className="size-6" />}
      </span>
      <div className="max-w-sm">
        <p className="font-semibold text-fg">{title}</p>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
