// The signed-out visitor's first screen without the app around it (ARCHITECTURE §9: landing ≤ 450 ms,
// ≤ 100 KB gzip of JavaScript): just React and the landing page, no router, local store, sync engine or
// query code. The full app (app.tsx) loads on the first sign of intent (pointer or focus on the page's
// buttons) and takes over when Sign In / Sign Up / Get Started is pressed, opening the asked-for form.
import { useEffect } from 'react';
import { LandingPage } from '../features/landing/index.ts';
import type { AuthMode } from '../features/auth/index.ts';
import { getStoredSession } from '../lib/session/storage.ts';

export const loadApp = () => import('./app.tsx');

export function LandingBoot({ onStart }: { onStart: (auth: AuthMode | null) => void }) {
  // Another tab signed in: this one becomes the app too.
  useEffect(() => {
    const onStorage = () => {
      if (getStoredSession()) onStart(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [onStart]);
  const prefetch = () => void loadApp();
  return (
    <div onPointerOver={prefetch} onFocus={prefetch} onTouchStart={prefetch}>
      <LandingPage onSignIn={() => onStart('login')} onSignUp={() => onStart('signup')} />
    </div>
  );
}
