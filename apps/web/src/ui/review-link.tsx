// 'Review all due' (issue 18): the link that opens one review session over every deck of a scope —
// everything (dashboard), a module (module page) or a subject (study page).
import { MSG } from '@zan/core';
import { Link } from 'react-router';
import { cx } from './cx.ts';

export type ReviewScope = { moduleId?: string; subjectId?: string };

/** The review route of a scope: `/review`, `/review?module=…` or `/review?subject=…`. */
function reviewPath({ moduleId, subjectId }: ReviewScope = {}): string {
  const q = new URLSearchParams();
  if (subjectId) q.set('subject', subjectId);
  else if (moduleId) q.set('module', moduleId);
  const s = q.toString();
  return s ? `/review?${s}` : '/review';
}

export function ReviewAllDueLink({
  scope,
  size = 'md',
  className,
  label,
}: {
  scope?: ReviewScope;
  size?: 'sm' | 'md';
  className?: string;
  /** The accessible name when the visible text needs its scope (e.g. 'Review all due in Anatomy'). */
  label?: string;
}) {
  return (
    <Link
      to={reviewPath(scope)}
      aria-label={label}
      className={cx(
        'inline-flex items-center justify-center gap-2 rounded-lg bg-primary font-medium text-primary-fg shadow-sm transition hover:brightness-110',
        size === 'sm' ? 'h-8 px-3 text-sm' : 'h-10 px-4 text-sm',
        className,
      )}
    >
      {MSG.reviewAllDue}
    </Link>
  );
}
