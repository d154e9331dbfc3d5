// Web entry. A signed-out visitor at `/` gets the landing page straight away (app/landing-boot.tsx);
// everyone else, and the visitor once they act, gets the full app (router, providers, shells in app/).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthMode } from './features/auth/index.ts';
import { LandingBoot, loadApp } from './app/landing-boot.tsx';
import { preloadSignedIn } from './app/preload.ts';
import { initPwa } from './app/pwa.ts';
import { getStoredSession } from './lib/session/storage.ts';
import './ui/styles.css';

// Install-prompt tracking and the service worker start as early as possible.
initPwa();

const el = document.getElementById('root');
if (!el) throw new Error('#root missing');
const root = createRoot(el);

/** Resolves when the router has loaded the lazy routes of the first URL (or after `ms`). */
const routerReady = (
  router: { state: { initialized: boolean }; subscribe: (fn: () => void) => () => void },
  ms: number,
) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe(() => {
      if (router.state.initialized) done();
    });
    const timer = setTimeout(() => done(), ms);
    function done() {
      stop();
      clearTimeout(timer);
      resolve();
    }
  });

let started = false;
function startApp(auth: AuthMode | null, preload: Promise<void> = Promise.resolve()): void {
  if (started) return;
  started = true;
  void Promise.all([loadApp(), preload]).then(async ([{ App, createAppRouter }]) => {
    // The landing route opens the auth form asked for (React Router keeps location state in `usr`).
    if (auth) history.replaceState({ usr: { auth }, key: 'default', idx: 0 }, '');
    const router = createAppRouter();
    await routerReady(router, 300);
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

const stored = getStoredSession();
if (stored) startApp(null, preloadSignedIn(stored.userId, location.pathname));
else if (location.pathname === '/') {
  root.render(
    <StrictMode>
      <LandingBoot onStart={startApp} />
    </StrictMode>,
  );
} else startApp(null);
