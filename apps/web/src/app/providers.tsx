// App-wide providers: router, session and toasts (top-right, 5 s — spec §9). TanStack Query is
// provided to the signed-in pages only (app/query-provider.tsx).
import type { ReactNode } from 'react';
import { AppRouter } from '../lib/navigation';
import { SessionProvider } from '../lib/session';
import { Toasts } from './toasts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppRouter>
      <SessionProvider>
        {children}
        <Toasts />
      </SessionProvider>
    </AppRouter>
  );
}
