// Server state for the screens that use TanStack Query (admin screens, the account page, the sign-up
// form's college list). Loaded with those screens only: a signed-out visitor's landing page never
// downloads query code. One client for the page's life; cleared on sign-out.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });

export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
