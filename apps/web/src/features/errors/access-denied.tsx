// The panel non-admins see on admin areas (SPEC §2): 'Access Denied' and why. Rendered inside a shell.
import { MSG } from '@zan/core';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { cx } from '../../ui/index.ts';
import { LockIcon } from '../../ui/icons.tsx';

export function AccessDenied({ className }: { className?: string }) {
  useDocumentTitle(MSG.accessDeniedTitle);
  return (
    <section
      aria-labelledby="access-denied-title"
      className={cx(
        'mx-auto my-10 flex max-w-lg flex-col items-center rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-sm',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-2xl bg-danger/12 text-danger"
      >
        <LockIcon className="size-7" />
      </span>
      <h1 id="access-denied-title" className="mt-5 text-xl font-bold tracking-tight text-fg sm:text-2xl">
        {MSG.accessDeniedTitle}
      </h1>
      <p className="mt-2 text-muted">{MSG.accessDeniedBody}</p>
    </section>
  );
}
