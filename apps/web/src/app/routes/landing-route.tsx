// `/` for signed-out visitors: the landing page, whose Sign In / Sign Up / Get Started open the auth modal.
// The modal (forms, validation, the college list's query client) is its own chunk, fetched when first opened.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { AuthMode, AuthModalProps } from '../../features/auth/index.ts';
import { LandingPage } from '../../features/landing/index.ts';
import { useAuth } from '../../lib/session/index.ts';

const AuthModal = lazy(() =>
  Promise.all([import('../../features/auth/index.ts'), import('../../lib/query-client.tsx')]).then(
    ([auth, query]) => ({
      default: (props: AuthModalProps) => (
        <query.QueryProvider>
          <auth.AuthModal {...props} />
        </query.QueryProvider>
      ),
    }),
  ),
);

export function LandingRoute() {
  const location = useLocation();
  // A page may send the visitor here asking for the sign-in form (e.g. after a password reset).
  const asked = (location.state as { auth?: AuthMode } | null)?.auth ?? null;
  const [mode, setMode] = useState<AuthMode | null>(asked);
  // Mounted from the first opening on, so closing keeps the dialog's own close behaviour.
  const [opened, setOpened] = useState(asked !== null);
  const open = (m: AuthMode) => {
    setOpened(true);
    setMode(m);
  };
  // A 'Signed Out' notice (e.g. a first sign-in attempted offline) replaces the auth modal: one modal
  // at a time, never one stacked over the other.
  const { notice } = useAuth();
  if (notice !== null && mode !== null) setMode(null);
  return (
    <>
      <LandingPage onSignIn={() => open('login')} onSignUp={() => open('signup')} />
      {opened && (
        <Suspense fallback={null}>
          <AuthModal
            open={mode !== null}
            mode={mode ?? 'login'}
            onModeChange={setMode}
            onClose={() => setMode(null)}
          />
        </Suspense>
      )}
    </>
  );
}
