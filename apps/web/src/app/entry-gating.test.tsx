import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { customerRecord, onboardingStatus, storeTestSession } from '../features/onboarding/test-support.tsx';
import type { OnboardingCustomer } from '../features/onboarding/types.ts';
import { i18n } from '../lib/i18n.ts';
import { SessionProvider } from '../lib/session.tsx';
import { channelList } from '../lib/test-api.tsx';
import { defined } from '../lib/test-defined.ts';
import { NavigationGuard } from './navigation-guard.tsx';
import { RouteGuard } from './route-guard.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

function setup(
  initial: string,
  record: () => OnboardingCustomer | Promise<never>,
  onFollowUpSeen?: () => OnboardingCustomer,
) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/api/v2/shop/channels')) return Response.json(channelList);
    if (url.endsWith('/follow-up-seen') && init.method === 'PUT' && onFollowUpSeen) {
      return Response.json(onFollowUpSeen());
    }
    if (url.startsWith('/api/v2/shop/customers/')) return Response.json(await record());
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationGuard />
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          </>
        ),
        children: [
          { index: true, element: <h1>dashboard</h1> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, fetch };
}

const where = async () => (await screen.findByTestId('where')).textContent;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  localStorage.clear();
  storeTestSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('entry gating in the router (spec 2)', () => {
  it("sends the dashboard to the server's next self-disclosure step", async () => {
    setup('/', () => customerRecord({ onboarding: onboardingStatus('/self-disclosure/pep', 'pep') }));
    expect(await where()).toBe('/self-disclosure/pep');
  });

  it('lets the account pages through while steps are open', async () => {
    setup('/account/edit', () => customerRecord());
    expect(await where()).toBe('/account/edit');
  });

  it('shows the dashboard when nothing is left', async () => {
    setup('/', () => customerRecord({ onboarding: onboardingStatus(null, null) }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
  });

  it('leads to the contact page once for a follow-up (recorded on the server), then to the step that is due', async () => {
    const followUpMessage = 'Please send the current commercial register extract.';
    let record = customerRecord({ followUpMessage, onboarding: onboardingStatus('/contact', 'custody') });
    const { router, fetch } = setup(
      '/account/orders',
      () => record,
      () => {
        record = { ...record, onboarding: onboardingStatus('/self-disclosure/custody', 'custody') };
        return record;
      },
    );
    expect(await where()).toBe('/contact');
    // arriving there records the visit, once
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/follow-up-seen'))).toHaveLength(1),
    );
    const [, init] = defined(fetch.mock.calls.find(([url]) => String(url).endsWith('/follow-up-seen')));
    expect(init?.method).toBe('PUT');
    await act(() => router.navigate('/account/orders'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/self-disclosure/custody'));
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/follow-up-seen'))).toHaveLength(1);
  });

  it('records nothing at the contact page without an open follow-up', async () => {
    const { fetch } = setup('/contact', () => customerRecord());
    expect(await where()).toBe('/contact');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/v2/shop/customers/'))).toBe(true),
    );
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/follow-up-seen'))).toBe(false);
  });

  it('sends a banned customer from a self-disclosure page to /banned without asking about leaving', async () => {
    setup('/self-disclosure/personal', () =>
      customerRecord({ onboarding: onboardingStatus('/banned', 'personal') }),
    );
    expect(await where()).toBe('/banned');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('holds a gated page while the record loads instead of flashing it', async () => {
    setup('/account/wallet', () => new Promise<never>(() => {}));
    expect(await screen.findByTestId('route-pending')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('gates nothing while the API sends no onboarding yet', async () => {
    const { onboarding: _omit, ...older } = customerRecord();
    setup('/account/orders', () => older as OnboardingCustomer);
    expect(await where()).toBe('/account/orders');
  });
});
