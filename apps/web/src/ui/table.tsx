// Table: the one list of every admin screen — columns, loading / empty / error states, keyboard row
// activation (Enter on a focused row), 'Load More', and stacked rows on a phone.
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { cx } from './cx.ts';
import { Skeleton } from './skeleton.tsx';

export type TableColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for the header and the cells (width, alignment) on wide screens. */
  className?: string;
  /** Hide the column's label above the value in the phone layout (the row's title, the actions). */
  hideMobileLabel?: boolean;
  /** A short value: two such cells share a line in the phone layout. */
  mobileHalf?: boolean;
};

export type TableProps<T> = {
  /** The table's accessible name (visually hidden caption). */
  label: string;
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** First page still loading. */
  loading?: boolean;
  /** The first load failed: the message (spec text) and a retry. */
  error?: ReactNode;
  onRetry?: () => void;
  /** Shown when loaded and there are no rows. */
  empty: ReactNode;
  /** Click or Enter on a row (not on a control inside it). */
  onRowActivate?: (row: T) => void;
  /** How a screen reader names a row's activation, e.g. `Open ${name}`. */
  rowActionLabel?: (row: T) => string;
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** 'Failed to load more …' */
  loadMoreError?: ReactNode;
  /** A refetch is running (keeps the rows, marks the region busy). */
  busy?: boolean;
  className?: string;
};

const INTERACTIVE =
  'a,button,input,select,textarea,label,[role="button"],[role="dialog"],[data-no-row-activate]';
const cellCls = 'block min-w-0 md:table-cell md:border-t md:border-line md:px-4 md:py-3 md:align-middle';
const labelCls = 'mb-0.5 block text-xs font-medium uppercase tracking-wide text-muted md:hidden';

export function Table<T>(props: TableProps<T>) {
  const { label, columns, rows, rowKey, loading, error, onRetry, empty, onRowActivate, rowActionLabel } =
    props;
  const { hasMore, onLoadMore, loadingMore, loadMoreError, busy, className } = props;

  if (loading) {
    return (
      <div
        role="status"
        aria-label={`Loading ${label}`}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/5" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        ))}
      </div>
    );
  }
  if (error && rows.length === 0) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{error}</span>
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </Alert>
    );
  }
  if (rows.length === 0) {
    return typeof empty === 'string' ? (
      <p className="rounded-2xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
        {empty}
      </p>
    ) : (
      <>{empty}</>
    );
  }

  const activate = (row: T, e: MouseEvent | KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target !== e.currentTarget && target.closest(INTERACTIVE)) return;
    onRowActivate?.(row);
  };

  return (
    <div className={cx('flex flex-col gap-3', className)} aria-busy={busy || undefined}>
      <div className="md:overflow-x-auto md:rounded-2xl md:border md:border-line md:bg-surface md:shadow-sm">
        <table role="table" className="block w-full text-left text-sm md:table md:border-collapse">
          <caption className="sr-only">{label}</caption>
          <thead role="rowgroup" className="hidden md:table-header-group">
            <tr role="row" className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
              {columns.map((c) => (
                <th
                  key={c.id}
                  role="columnheader"
                  scope="col"
                  className={cx('px-4 py-2.5 font-semibold', c.className)}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="flex flex-col gap-3 md:table-row-group">
            {rows.map((row) => (
              <tr
                role="row"
                key={rowKey(row)}
                tabIndex={onRowActivate ? 0 : undefined}
                aria-label={onRowActivate && rowActionLabel ? rowActionLabel(row) : undefined}
                onClick={onRowActivate ? (e) => activate(row, e) : undefined}
                onKeyDown={
                  onRowActivate
                    ? (e) => {
                        if (e.key === 'Enter' && e.target === e.currentTarget) {
                          e.preventDefault();
                          onRowActivate(row);
                        }
                      }
                    : undefined
                }
                className={cx(
                  'grid grid-cols-2 gap-x-4 gap-y-2.5 rounded-2xl border border-line bg-surface p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:shadow-none',
                  onRowActivate &&
                    'cursor-pointer transition hover:bg-surface-2/70 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary',
                )}
              >
                {columns.map((c) => (
                  <td
                    key={c.id}
                    role="cell"
                    className={cx(cellCls, !c.mobileHalf && 'col-span-2', c.className)}
                  >
                    {!c.hideMobileLabel && <span className={labelCls}>{c.header}</span>}
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loadMoreError && <Alert tone="error">{loadMoreError}</Alert>}
      {hasMore && onLoadMore && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            busy={loadingMore}
            onClick={onLoadMore}
            aria-label={`Load More ${label}`}
          >
            Load More
          </Button>
        </div>
      )}
    </div>
  );
}
