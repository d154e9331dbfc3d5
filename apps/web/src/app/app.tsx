// The app: providers around the router, inside a last-resort crash boundary.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary onRetry={() => window.location.reload()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
