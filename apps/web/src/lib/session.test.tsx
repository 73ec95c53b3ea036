import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../app/header.tsx';
import { i18n, loadNamespace } from './i18n.ts';
import { clearNotifications, useNotifications } from './notifications.ts';
import { SessionProvider, useSession } from './session.tsx';
import { resetSessionStoreForTests, sessionStorageKey } from './session-store.ts';
import { defined } from './test-defined.ts';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

function storeSession() {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-1',
      uuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + 10 * 60_000,
      customerId: `/api/v2/shop/customers/${uuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

const record = {
  uuid,
  email: 'erika@example.com',
  firstName: 'Erika',
  lastName: 'Mustermann',
  fullName: 'Erika Mustermann',
  defaultWallet: null,
  status: 'unchecked',
  cryptoRegistrarStatus: null,
  customerRolesAsString: [] as string[],
};

function Probe() {
  const s = useSession();
  const notes = useNotifications();
  return (
    <p data-testid="probe">
      {JSON.stringify({ loggedIn: s.isLoggedIn, customer: s.customer, notes: notes.map((n) => n.message) })}
    </p>
  );
}

function setup(fetchImpl: (url: string) => Response) {
  const fetch = vi.fn(async (url: string) => fetchImpl(url));
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Header />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: ['/imprint'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const probe = () => JSON.parse(defined(screen.getByTestId('probe').textContent, 'the probe'));
  return { fetch, queryClient, probe };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await loadNamespace('banners');
});
beforeEach(() => {
  localStorage.clear();
  resetSessionStoreForTests();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('reads an operator from the role `admin` of the record: the header links to /admin', async () => {
    storeSession();
    const { probe } = setup((url) =>
      url.includes('/customers/')
        ? Response.json({ ...record, customerRolesAsString: ['admin'] })
        : Response.json([]),
    );
    const links = await screen.findAllByRole('link', { name: 'Administration' });
    expect(defined(links[0], 'a link').getAttribute('href')).toBe('/admin');
    expect(probe().customer).toMatchObject({ isOperator: true });
  });

  it('loads the customer record and the header greets the customer by name', async () => {
    storeSession();
    const { fetch, probe } = setup((url) =>
      url.includes('/customers/') ? Response.json(record) : Response.json([]),
    );
    expect(probe().loggedIn).toBe(true);
    const nav = defined((await screen.findAllByTestId('greeting'))[0], 'a greeting');
    expect(nav.textContent).toBe('Hello, Erika');
    // the buy rules' fields: no wallet yet
    expect(probe().customer).toMatchObject({
      uuid,
      firstName: 'Erika',
      hasWallet: false,
      status: 'unchecked',
      isOperator: false,
    });
    expect(screen.queryAllByRole('link', { name: 'Administration' })).toEqual([]);
    const call = defined(
      fetch.mock.calls.find(([url]) => url.includes('/customers/')),
      'a call for the record',
    );
    expect(call[0]).toBe(`/api/v2/shop/customers/${uuid}`);
  });

  it('a 401 logs out, forgets the cached record and says the session has expired', async () => {
    storeSession();
    let ok = true;
    const { queryClient, probe } = setup((url) => {
      if (!url.includes('/customers/')) return Response.json([]);
      return ok
        ? Response.json(record)
        : new Response(JSON.stringify({ status: 401, code: 'unauthorized' }), { status: 401 });
    });
    await screen.findAllByTestId('greeting');
    ok = false;
    await act(() => queryClient.refetchQueries({ queryKey: ['account'] }));
    await waitFor(() => expect(probe().loggedIn).toBe(false));
    expect(probe().customer).toBeNull();
    expect(queryClient.getQueryData(['account', 'customer', uuid])).toBeUndefined();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    // one notice from the session (worded once the error catalogue has loaded), not a second error
    // from the failed query: it came, and nothing followed it
    await waitFor(() => expect(probe().notes).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probe().notes).toHaveLength(1);
  });
});
