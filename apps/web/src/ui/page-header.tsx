// PageHeader: the title block at the top of a page (optional eyebrow/breadcrumb, description, actions).
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Small text or a breadcrumb above the title. */
  eyebrow?: ReactNode;
  /** Buttons on the right (they wrap below the title on narrow screens). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3', className)}>
      <div className="min-w-0">
        {eyebrow && <div className="mb-1 text-sm font-medium text-muted">{eyebrow}</div>}
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {description && <p className="mt-1.5 max-w-2xl text-sm text-muted sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
