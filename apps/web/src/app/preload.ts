// A returning user's start (ARCHITECTURE §9: offline reload to the dashboard ≤ 160 ms): while the app
// chunk loads, read the cached profile and (on the dashboard) the modules together from the local
// store, and fetch the chunks of the shell and of the route asked for, so the first render is the
// signed-in screen with its data instead of 'Loading user profile' and a second round of fetches.
import { setBootProfile } from '../lib/session/boot-profile.ts';

const isDashboard = (path: string) => path === '/dashboard' || path === '/dashboard/';
const bounded = <T>(p: Promise<T>, ms: number, fallback: T) =>
  Promise.race([
    p.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms)),
  ]);

/** Resolves once the profile is read and the route chunks are here, or after `maxWaitMs` anyway. */
export function preloadSignedIn(uid: string, pathname: string, maxWaitMs = 1_000): Promise<void> {
  const profile = import('../local/users.ts').then((m) => m.loadCachedProfile(uid));
  const work: Promise<unknown>[] = [
    profile.then(setBootProfile, () => setBootProfile(null)),
    import('./shell/app-shell.tsx'),
  ];
  if (isDashboard(pathname)) {
    work.push(import('./dashboard/dashboard-route.tsx'));
    work.push(import('../features/dashboard/index.ts').then((m) => m.primeDashboardModules(uid)));
  }
  return bounded(
    Promise.all(work).then(() => undefined),
    maxWaitMs,
    undefined,
  );
}
