// The layout both item editors share: breadcrumb back to the topic, the set's header with its count,
// a draft found on this device, the numbered item list (the first two lines of each; a search that
// keeps the numbers; select to edit, Delete with a confirmation) beside the form and the student-view
// preview; loading and '… not found.' / 'Failed to load editor data.' states.
import { MSG, type AdminTopic } from '@zan/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { Alert, Breadcrumb, Button, DraftNotice, SearchField, Skeleton, cx } from '../../../ui/index.ts';

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

type Item = { id: string; n: number; label: string };

type Props = {
  kind: 'DECK' | 'QUIZ';
  topic: AdminTopic | undefined;
  name: string | undefined;
  count: string | undefined;
  loading: boolean;
  error: unknown;
  notFoundText: string;
  onRetry: () => void;
  /** The items the search shows, each with its number in the whole set. */
  items: Item[];
  total: number;
  query: string;
  onQuery: (q: string) => void;
  draft: { offer: { savedAt: number } | null; restore: () => void; discard: () => void };
  selected: string | 'new';
  onSelect: (id: string | 'new') => void;
  onDelete: (id: string) => void;
  itemWord: string;
  editor: ReactNode;
  preview: ReactNode;
  /** Beside 'New …': the set's Export menu (issue 21). */
  actions?: ReactNode;
};

export function ItemEditorLayout(p: Props) {
  const word = p.itemWord.toLowerCase();
  const topicPath = p.topic ? `/admin/topic/${encodeURIComponent(p.topic.id)}` : undefined;
  return (
    <div className="flex flex-col">
      <Breadcrumb
        items={[
          { label: 'Topics', to: '/dashboard/topics' },
          { label: p.topic?.name ?? 'Topic', ...(topicPath ? { to: topicPath } : {}) },
          { label: p.name ?? (p.kind === 'DECK' ? 'Deck' : 'Quiz') },
        ]}
      />
      {p.loading && (
        <div role="status" aria-label="Loading editor" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      )}
      {!p.loading && !!p.error && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{isNotFound(p.error) ? p.notFoundText : MSG.editorLoadFailed}</span>
          {!isNotFound(p.error) && (
            <Button size="sm" variant="secondary" onClick={p.onRetry}>
              Try Again
            </Button>
          )}
        </Alert>
      )}
      {!p.loading && !p.error && (
        <>
          <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-bold tracking-[0.18em] text-primary">{p.kind}</p>
              <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-fg sm:text-3xl">
                {p.name}
              </h1>
              <p className="mt-1 text-sm text-muted">{p.count}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {p.actions}
              <Button onClick={() => p.onSelect('new')} aria-keyshortcuts="Control+Enter Meta+Enter">
                {`New ${p.itemWord}`}
              </Button>
            </div>
          </header>
          {p.draft.offer && (
            <DraftNotice
              savedAt={p.draft.offer.savedAt}
              what={p.kind === 'DECK' ? 'this deck' : 'this quiz'}
              onRestore={p.draft.restore}
              onDiscard={p.draft.discard}
            />
          )}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
            {/* Phones: the search and the list first (the list shorter), then the form. */}
            <nav aria-label={`${p.itemWord}s`} className="flex flex-col gap-2">
              {p.total > 0 && (
                <>
                  <SearchField label={`Find a ${word}`} value={p.query} onChange={p.onQuery} />
                  <p className="text-xs text-muted" aria-live="polite">
                    {p.query.trim() ? `${p.items.length} of ${p.total} ${word}s match` : ''}
                  </p>
                </>
              )}
              <ol className="flex max-h-[40vh] flex-col lg:max-h-[70vh] gap-1 overflow-y-auto rounded-2xl border border-line bg-surface p-2">
                {p.total === 0 && <li className="p-3 text-sm text-muted">{`No ${word}s yet.`}</li>}
                {p.total > 0 && p.items.length === 0 && (
                  <li className="p-3 text-sm text-muted">{`No ${word}s match “${p.query.trim()}”.`}</li>
                )}
                {p.items.map((it) => (
                  <li key={it.id} value={it.n} className="flex items-start gap-1">
                    <button
                      type="button"
                      onClick={() => p.onSelect(it.id)}
                      aria-current={p.selected === it.id ? 'true' : undefined}
                      className={cx(
                        'flex min-w-0 flex-1 gap-2 rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-primary',
                        p.selected === it.id
                          ? 'bg-primary/10 font-semibold text-fg'
                          : 'text-fg hover:bg-surface-2',
                      )}
                    >
                      <span className="shrink-0 tabular-nums text-muted">{`${it.n}.`}</span>
                      <span className="line-clamp-2 min-w-0 break-words">{it.label || '(empty)'}</span>
                    </button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="shrink-0 text-danger! hover:bg-danger/10"
                      onClick={() => p.onDelete(it.id)}
                      aria-label={`Delete ${word} ${it.n}`}
                    >
                      Delete
                    </Button>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
              <section
                aria-label={
                  p.selected === 'new'
                    ? `New ${p.itemWord.toLowerCase()}`
                    : `Edit ${p.itemWord.toLowerCase()}`
                }
                className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
              >
                {p.editor}
              </section>
              <section aria-label="Preview" className="flex flex-col gap-2">
                <h2 className="text-xs font-bold tracking-widest text-muted">PREVIEW · AS STUDENTS SEE IT</h2>
                {p.preview}
              </section>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** Ctrl/Cmd+Enter anywhere in the form: save, then open the next new item. */
export const isSaveAndNext = (e: { key: string; ctrlKey: boolean; metaKey: boolean }) =>
  e.key === 'Enter' && (e.ctrlKey || e.metaKey);
