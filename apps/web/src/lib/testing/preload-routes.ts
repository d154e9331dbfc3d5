// Loads every lazy route module of a route tree once, before the tests that render it. Otherwise the
// first test to reach a route pays for vitest transforming that module graph inside its `waitFor` /
// `findBy*` window — seconds on a busy machine, where the 1 s default then times out.
import type { RouteObject } from 'react-router';

export async function preloadRoutes(routes: RouteObject[]): Promise<void> {
  const loads: Promise<unknown>[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (typeof route.lazy === 'function') loads.push(route.lazy());
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  await Promise.all(loads);
}
