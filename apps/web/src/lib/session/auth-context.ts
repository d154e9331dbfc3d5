// The authentication state of SPEC §4 and the actions on it; read with useAuth().
import type { SignUpBody, UserProfile } from '@zan/core';
import { createContext, useContext } from 'react';

/**
 * loading → signedOut | unverified | signedIn. `connection` tells a session validated with the
 * server in this run (signed in online) from one running from the local copy of the user (offline).
 */
export type AuthStatus = 'loading' | 'signedOut' | 'unverified' | 'signedIn';
/** checking: not yet validated in this run; online: validated; offline: running from the local copy. */
export type Connection = 'checking' | 'online' | 'offline';

export type AuthState = {
  status: AuthStatus;
  profile: UserProfile | null;
  sessionId: string | null;
  connection: Connection;
  /** A 'Signed Out' modal message (SPEC §8 session notices), until dismissed. */
  notice: string | null;
  /** True right after sign-up, for the verify screen's 'Account created successfully!…'. */
  justSignedUp: boolean;
};

export type Auth = AuthState & {
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (body: SignUpBody) => Promise<void>;
  signOut: () => Promise<void>;
  /** Re-validate the session with GET /api/session/me (no-op result when offline). */
  refresh: () => Promise<void>;
  resendVerification: () => Promise<void>;
  forgotPassword: (email: string) => Promise<void>;
  dismissNotice: () => void;
};

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() outside <AuthProvider>');
  return auth;
}
