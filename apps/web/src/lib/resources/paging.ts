// Query strings and cursor paging shared by the admin resources (every list pages with `nextCursor`).
export type Page = { nextCursor: string | null };

export function qs(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
};

export const enc = encodeURIComponent;
