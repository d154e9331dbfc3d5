// The app: providers around the router, inside a last-resort crash boundary.
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export { createAppRouter };

/** `router`: one created before the first render (main.tsx lets its lazy routes load first). */
export function App({ router: given }: { router?: ReturnType<typeof createAppRouter> }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <ErrorBoundary onRetry={() => window.location.reload()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
