import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { notifyFailure } from './error-text.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silentErrors`: the page shows the failure itself (e.g. a product that does not exist). */
    queryMeta: { silentErrors?: boolean };
    mutationMeta: { silentErrors?: boolean };
  }
}

const sessionEndingCodes = new Set(['unauthorized', 'refresh_token_invalid']);

function report(error: unknown) {
  // A call that found the session gone has ended it; the session says so once (lib/session.tsx).
  if (error instanceof ApiError && error.status === 401 && sessionEndingCodes.has(error.code)) return;
  notifyFailure(error);
}

/** spec 7: failed responses are shown in the notification bar, unless the caller shows them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentErrors) report(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silentErrors) report(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; a dropped connection might.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
