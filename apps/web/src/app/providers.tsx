// The providers around the router: server state (admin screens), theme, toasts, the session, and the
// sync engine of the signed-in user.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider, ToastProvider } from '../ui/index.ts';
import { AuthProvider } from '../lib/session/index.ts';
import { SyncProvider } from '../sync/index.ts';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ToastProvider>
          {/* Signing out drops every cached server answer of the previous user. */}
          <AuthProvider onSignedOut={() => client.clear()}>
            <SyncProvider>{children}</SyncProvider>
          </AuthProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
