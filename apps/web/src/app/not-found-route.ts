// Marks the catch-all route, so the guards can tell "a path that is no route" from an app path.
import type { UIMatch } from 'react-router';

export const NOT_FOUND_ROUTE = { notFound: true } as const;

export const isNotFoundMatch = (match: UIMatch): boolean =>
  (match.handle as { notFound?: boolean } | undefined)?.notFound === true;
