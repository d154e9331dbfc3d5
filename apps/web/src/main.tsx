// Web entry. A signed-out visitor at `/` gets the landing page straight away (app/landing-boot.tsx);
// everyone else, and the visitor once they act, gets the full app (router, providers, shells in app/).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthMode } from './features/auth/index.ts';
import { LandingBoot, loadApp } from './app/landing-boot.tsx';
import { initPwa } from './app/pwa.ts';
import { getStoredSession } from './lib/session/storage.ts';
import './ui/styles.css';

// Install-prompt tracking and the service worker start as early as possible.
initPwa();

const el = document.getElementById('root');
if (!el) throw new Error('#root missing');
const root = createRoot(el);

let started = false;
function startApp(auth: AuthMode | null): void {
  if (started) return;
  started = true;
  void loadApp().then(({ App }) => {
    // The landing route opens the auth form asked for (React Router keeps location state in `usr`).
    if (auth) history.replaceState({ usr: { auth }, key: 'default', idx: 0 }, '');
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

if (!getStoredSession() && location.pathname === '/') {
  root.render(
    <StrictMode>
      <LandingBoot onStart={startApp} />
    </StrictMode>,
  );
} else startApp(null);
