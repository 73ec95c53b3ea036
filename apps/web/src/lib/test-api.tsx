import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { NotificationBar } from '../components/ui/notification-bar.tsx';
import { SessionProvider } from './session.tsx';

/* Tests only: a mocked shop API (fetch) that records the calls, and the pages in a memory router. */

/** The shop's channel as GET channels answers it (the shell reads it on every page). */
export const channelList = [
  {
    code: 'token',
    name: 'Tokenwerk',
    contactEmail: 'kontakt@tokenwerk.example',
    company: { name: 'T', street: 's', postcode: '1', city: 'c', countryCode: 'DE' },
    homeRequiresLogin: true,
  },
];

export type ApiCall = { method: string; url: string; body: unknown };
/** Answers a call; `language` is the request's Accept-Language. */
export type ApiHandler = (
  call: ApiCall,
  request: { language: string | null },
) => Response | Promise<Response> | undefined;

/** A problem+json answer. */
export function problemAnswer(status: number, code: string, violations: unknown[] = []): Response {
  return new Response(JSON.stringify({ status, code, violations }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

/** Stubs fetch with `handler` (unanswered calls: 404 `not_found`); returns the calls made. */
export function mockApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, url: String(input), body };
      calls.push(call);
      const answer = await handler(call, { language: new Headers(init.headers).get('accept-language') });
      if (answer) return answer;
      if (call.url.startsWith('/api/v2/shop/channels')) return Response.json(channelList);
      return problemAnswer(404, 'not_found');
    }),
  );
  return calls;
}

/** The calls that change something. */
export const writesOf = (calls: readonly ApiCall[]) => calls.filter((c) => c.method !== 'GET');

/** Shows the path the router is at (the target of a redirect or a navigation). */
export function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/**
 * Renders `routes` (plus a catch-all `Where`) at `initial` with a fresh query cache, the session and
 * the notification bar (its messages are `role="alert"` for errors, `status` otherwise).
 */
export function renderRoutes(routes: RouteObject[], initial: string) {
  const router = createMemoryRouter([...routes, { path: '*', element: <Where /> }], {
    initialEntries: [initial],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>
          <NotificationBar />
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
