// usePagedAdminList: the rows of the loaded pages, 'No … match “term”.' for an empty search, the
// list's load message for a failed first page and the search message for a failed search.
import { QueryClient, QueryClientProvider, infiniteQueryOptions } from '@tanstack/react-query';
import { MSG, TOPIC_SEARCH_DEBOUNCE_MS } from '@zan/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePagedAdminList } from './use-paged-admin-list.ts';

type Page = { things: { id: string; name: string }[]; nextCursor: string | null };

function setup(fetchPage: (term: string, cursor: string | undefined) => Promise<Page>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      usePagedAdminList({
        query: (term) =>
          infiniteQueryOptions({
            queryKey: ['things', term],
            queryFn: ({ pageParam }) => fetchPage(term, pageParam),
            initialPageParam: undefined as string | undefined,
            getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
          }),
        rows: (p) => p.things,
        noun: 'things',
        empty: 'Nothing yet',
        loadError: 'Could not load things.',
      }),
    { wrapper },
  );
}

describe('usePagedAdminList', () => {
  it('lists the loaded pages, loads more, and names the search when it matches nothing', async () => {
    const { result } = setup(async (term, cursor) =>
      term
        ? { things: [], nextCursor: null }
        : cursor
          ? { things: [{ id: 'b', name: 'B' }], nextCursor: null }
          : { things: [{ id: 'a', name: 'A' }], nextCursor: 'c1' },
    );
    await waitFor(() => expect(result.current.table.loading).toBe(false));
    expect(result.current.table.rows.map(result.current.table.rowKey)).toEqual(['a']);
    expect(result.current.table.empty).toBe('Nothing yet');
    expect(result.current.table.hasMore).toBe(true);
    act(() => result.current.table.onLoadMore());
    await waitFor(() => expect(result.current.table.rows).toHaveLength(2));
    act(() => result.current.search.onChange('  zz '));
    await waitFor(() => expect(result.current.term).toBe('zz'), { timeout: TOPIC_SEARCH_DEBOUNCE_MS + 1000 });
    await waitFor(() => expect(result.current.table.rows).toHaveLength(0));
    expect(result.current.table.empty).toBe('No things match “zz”.');
  });

  it('shows the load message for a failed first page and the search message for a failed search', async () => {
    const { result } = setup(() => Promise.reject(new Error('down')));
    await waitFor(() => expect(result.current.table.error).toBe('Could not load things.'), { timeout: 3000 });
    expect(result.current.search.error).toBeNull();
    act(() => result.current.search.onChange('x'));
    await waitFor(() => expect(result.current.search.error).toBe(MSG.searchFailed), { timeout: 3000 });
    expect(result.current.table.error).toBeUndefined();
  });
});
