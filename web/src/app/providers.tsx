import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { useSessionSync } from '../features/auth/use-session-sync.ts';
import { LocaleProvider } from '../lib/i18n.tsx';

// Spec section 7: no refetch interval, no refetch on focus, data never stale, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
    mutations: { retry: false },
  },
});

function SessionSync() {
  useSessionSync();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <LocaleProvider>
      <QueryClientProvider client={queryClient}>
        <SessionSync />
        {children}
        <Toaster position="top-center" toastOptions={{ duration: 5000, style: { maxWidth: 420 } }} />
      </QueryClientProvider>
    </LocaleProvider>
  );
}
