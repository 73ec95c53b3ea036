import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from './route-guard.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function setup(initial: string, homeRequiresLogin: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json([
        {
          code: 'token',
          name: 'Tokenwerk',
          contactEmail: 'kontakt@tokenwerk.example',
          company: { name: 'T', street: 's', postcode: '1', city: 'c', countryCode: 'DE' },
          homeRequiresLogin,
        },
      ]),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          { index: true, element: <h1>home page</h1> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RouteGuard (spec 2)', () => {
  it('sends a logged-out visitor of a protected route to the login with the wanted path', async () => {
    setup('/account/orders?page=2', false);
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/login?redirectPath=%2Faccount%2Forders%3Fpage%3D2',
    );
  });

  it('shows home to visitors in the marketplace reading', async () => {
    setup('/', false);
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('sends visitors of home to the login in the investment reading', async () => {
    setup('/', true);
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirectPath=%2F');
  });

  it('redirects /?token_value=X to the invoices of that order', async () => {
    setup('/?token_value=abc123', true);
    expect((await screen.findByTestId('where')).textContent).toBe('/invoices?tokenValue=abc123');
  });

  it('lets public pages through', async () => {
    setup('/imprint', true);
    expect((await screen.findByTestId('where')).textContent).toBe('/imprint');
  });
});
