// Test helpers for signed-in screens: a fake auth context and a memory router with toasts.
import type { UserProfile } from '@zan/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AuthContext, type Auth } from '../session/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import { profile as makeProfile } from './fakes.ts';

export function fakeAuth(p: UserProfile = makeProfile()): Auth {
  const noop = async () => undefined;
  return {
    status: 'signedIn',
    profile: p,
    sessionId: 'sess',
    connection: 'online',
    notice: null,
    justSignedUp: false,
    signIn: noop,
    signUp: noop,
    signOut: noop,
    refresh: noop,
    resendVerification: noop,
    forgotPassword: noop,
    dismissNotice: () => undefined,
  };
}

export function renderRoutes(routes: RouteObject[], path: string, auth: Auth) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ToastProvider>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </ToastProvider>
  );
  render(<RouterProvider router={router} />, { wrapper: Wrapper });
  return router;
}
