// The root of every route: access by sign-in state (guards.ts), scroll to top on navigation, the crash
// boundary, and the 'Signed Out' notice.
import { Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { LoadingProfile } from '../features/errors/index.ts';
import { useRouteTitle } from '../lib/document-title.ts';
import { useAuth } from '../lib/session/index.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { guardRedirect } from './guards.ts';
import { isNotFoundMatch } from './not-found-route.ts';
import { SignedOutNotice } from './signed-out-notice.tsx';

export function RootLayout() {
  const { status } = useAuth();
  const location = useLocation();
  useRouteTitle();

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  const unknownPath = useMatches().some(isNotFoundMatch);
  const redirect = guardRedirect(status, location.pathname, unknownPath);
  return (
    <>
      {status === 'loading' ? (
        <LoadingProfile />
      ) : redirect ? (
        <Navigate to={redirect} replace />
      ) : (
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<LoadingProfile />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      )}
      <SignedOutNotice />
    </>
  );
}
