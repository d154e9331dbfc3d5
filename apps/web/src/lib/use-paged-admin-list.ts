// The one paging / search / loading-empty-error logic of every admin list: a debounced search term,
// the rows of the pages loaded so far, and the props its ListHeader search box and Table take.
import {
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { MSG, TOPIC_SEARCH_DEBOUNCE_MS } from '@zan/core';
import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A resource's list query options (lib/resources): cursor-paged. */
type PagedQuery<TPage, TKey extends QueryKey> = UseInfiniteQueryOptions<
  TPage,
  Error,
  InfiniteData<TPage>,
  TKey,
  string | undefined
>;

type Options<TPage, TKey extends QueryKey, TRow extends { id: string }> = {
  /** The resource's list query for the debounced, trimmed search term. */
  query: (term: string) => PagedQuery<TPage, TKey>;
  /** The rows of one page. */
  rows: (page: TPage) => readonly TRow[];
  /** The plural noun of 'Failed to load more …'. */
  noun: string;
  /** The plural noun of 'No … match “term”.' (default: `noun`). */
  matchNoun?: string;
  /** Shown when the list is empty and nothing is searched. */
  empty: ReactNode;
  /** Shown when the first page fails with nothing searched (default: MSG.loadModuleDataFailed). */
  loadError?: string;
};

export function usePagedAdminList<TPage, TKey extends QueryKey, TRow extends { id: string }>(
  o: Options<TPage, TKey, TRow>,
) {
  const [value, setValue] = useState('');
  const term = useDebouncedValue(value.trim(), TOPIC_SEARCH_DEBOUNCE_MS);
  const q = useInfiniteQuery({ ...o.query(term), placeholderData: keepPreviousData, retry: 1 });
  const rows = q.data?.pages.flatMap(o.rows) ?? [];
  const failed = q.isError && !q.isFetchNextPageError;
  return {
    term,
    /** Spread into ListHeader's `search` (with its label and placeholder). */
    search: { value, onChange: setValue, error: failed && term ? MSG.searchFailed : null },
    /** Spread into Table (with its label, columns and row activation). */
    table: {
      rows,
      rowKey: (row: TRow) => row.id,
      loading: q.isPending,
      error: failed && !term ? (o.loadError ?? MSG.loadModuleDataFailed) : undefined,
      onRetry: () => void q.refetch(),
      busy: q.isFetching,
      empty: term ? `No ${o.matchNoun ?? o.noun} match “${term}”.` : o.empty,
      hasMore: q.hasNextPage,
      onLoadMore: () => void q.fetchNextPage(),
      loadingMore: q.isFetchingNextPage,
      loadMoreError: q.isFetchNextPageError ? MSG.loadMoreFailed(o.noun) : undefined,
    },
  };
}
