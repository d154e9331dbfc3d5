// `/` for signed-out visitors: the landing page, whose Sign In / Sign Up / Get Started open the auth modal.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AuthModal, type AuthMode } from '../../features/auth/index.ts';
import { LandingPage } from '../../features/landing/index.ts';
import { useAuth } from '../../lib/session/index.ts';

export function LandingRoute() {
  const location = useLocation();
  // A page may send the visitor here asking for the sign-in form (e.g. after a password reset).
  const asked = (location.state as { auth?: AuthMode } | null)?.auth ?? null;
  const [mode, setMode] = useState<AuthMode | null>(asked);
  // A 'Signed Out' notice (e.g. a first sign-in attempted offline) replaces the auth modal: one modal
  // at a time, never one stacked over the other.
  const { notice } = useAuth();
  if (notice !== null && mode !== null) setMode(null);
  return (
    <>
      <LandingPage onSignIn={() => setMode('login')} onSignUp={() => setMode('signup')} />
      <AuthModal open={mode !== null} mode={mode ?? 'login'} onModeChange={setMode} onClose={() => setMode(null)} />
    </>
  );
}
