// The providers around the router: theme, toasts and the session. Nothing here loads the local store,
// the sync engine or query code: the signed-in shell (shell/app-shell.tsx) brings those, so a
// signed-out visitor's landing page stays small (ARCHITECTURE §9).
import type { ReactNode } from 'react';
import { ThemeProvider } from '../ui/theme-provider.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { AuthProvider } from '../lib/session/auth-provider.tsx';

/** Signing out drops every cached server answer of the previous user (when query code was loaded). */
const clearServerState = () => void import('../lib/query-client.tsx').then((m) => m.queryClient.clear());

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <ToastProvider>
        <AuthProvider onSignedOut={clearServerState}>{children}</AuthProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
