import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
// spec 4: a heart pressed while logged out is added after the login, whichever page the login starts on
import '../lib/pending-favourite.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';

/** Everything the pages rely on: server state, session, the confirmation popup (texts: lib/i18n.ts). */
export function AppProviders({
  children,
  client,
  dehydratedState,
}: {
  children: ReactNode;
  /** The server render's own client (decision 021); the browser makes one. */
  client?: QueryClient;
  /** The server render's answers, so the hydrating first render matches it and fetches nothing. */
  dehydratedState?: DehydratedState | undefined;
}) {
  const [queryClient] = useState(() => {
    if (client) return client;
    const created = createQueryClient();
    if (dehydratedState) {
      hydrate(created, dehydratedState);
      // a failure the server rendered (a product not found) stays on screen instead of loading again
      for (const q of dehydratedState.queries) {
        if (q.state.status === 'error') created.setQueryDefaults(q.queryKey, { retryOnMount: false });
      }
    }
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
