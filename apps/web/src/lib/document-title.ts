// Document titles (issue 11: every route its own title, "Stats · Zan"). The route table names each route
// in its handle (`{ title }`, read by useRouteTitle in the root layout); a screen that knows better (a
// module's name, Access Denied, 404) calls useDocumentTitle, which outranks the route's title.
import { useEffect, useId } from 'react';
import { useMatches } from 'react-router';

const APP_NAME = 'Zan';
/** The browser tab's text for a screen title ('Stats' → 'Stats · Zan'); no title → the app's own. */
export const documentTitle = (title: string | null | undefined): string =>
  title ? `${title} · ${APP_NAME}` : `${APP_NAME} — study companion for medical students`;

type TitleHandle = { title?: string };

type Claim = { title: string | null; rank: number; at: number };
const claims = new Map<string, Claim>();
let counter = 0;

function apply(): void {
  let best: Claim | null = null;
  for (const c of claims.values())
    if (!best || c.rank > best.rank || (c.rank === best.rank && c.at > best.at)) best = c;
  document.title = documentTitle(best?.title);
}

function useTitleClaim(title: string | null | undefined, rank: number): void {
  const id = useId();
  useEffect(() => {
    if (title === undefined) return;
    claims.set(id, { title, rank, at: ++counter });
    apply();
    return () => {
      claims.delete(id);
      apply();
    };
  }, [id, title, rank]);
}

/** A screen's own title (a module's or subject's name, Access Denied, 404): wins over the route's. */
export function useDocumentTitle(title: string | null | undefined): void {
  useTitleClaim(title, 1);
}

/** In the root layout: the deepest matched route's `handle.title` (none → the app's own title). */
export function useRouteTitle(): void {
  const matches = useMatches();
  let title: string | null = null;
  for (let i = matches.length - 1; i >= 0 && title === null; i--)
    title = (matches[i]?.handle as TitleHandle | undefined)?.title ?? null;
  useTitleClaim(title, 0);
}
