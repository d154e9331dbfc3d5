// The student header's search (issue 22): a field-like button (an icon on phones) that opens the search
// dialog, and '/' anywhere outside a text field opens it too. The dialog and the index load on first
// use; the index itself starts building once the shell is idle (useSearchWarmup).
import { lazy, Suspense, useEffect, useState } from 'react';
import { cx } from '../../../ui/index.ts';
import { useSearchWarmup } from '../hooks/use-search-warmup.ts';
import { SearchIcon } from '../../../ui/icons.tsx';

const SearchDialog = lazy(() => import('./search-dialog.tsx'));

/** Is `target` somewhere the student types ('/' is then a character, not a shortcut)? */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    (target.tagName === 'INPUT' &&
      !['button', 'checkbox', 'radio', 'submit', 'reset', 'range'].includes(
        (target as HTMLInputElement).type,
      ))
  );
}

export function SearchLauncher({ userId, className }: { userId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted (closed), so reopening keeps the last query.
  const [loaded, setLoaded] = useState(false);
  useSearchWarmup(userId);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTypingTarget(e.target)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="/"
        aria-label="Search"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={cx(
          'flex h-10 shrink-0 items-center gap-2 rounded-lg text-muted hover:bg-surface-2 hover:text-fg',
          'w-10 justify-center md:h-9 md:w-56 md:justify-start md:border md:border-muted md:bg-surface md:px-3',
          className,
        )}
      >
        <SearchIcon className="size-5 md:size-4" />
        <span aria-hidden="true" className="hidden flex-1 text-left text-sm md:inline">
          Search
        </span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-line px-1.5 text-xs font-medium text-muted md:inline"
        >
          /
        </kbd>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog userId={userId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
