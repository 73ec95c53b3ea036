import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { CustomerResource } from '@token/domain/accounts';
import type { IdentificationView, KycState } from '@token/domain/identification';
import { kycDisplayOf } from '@token/domain/identification';
import type { OnboardingView } from '@token/domain/onboarding';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { NotificationBar } from '../../components/ui/notification-bar.tsx';
import { SessionProvider } from '../../lib/session.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { UserBanners } from './user-banners.tsx';

/* Tests only: the banners and the notification checker against a mocked API. */

export const uuid = '4c2b6d1e-0f3a-4b8e-9a51-7d6e5f4c3b2a';

/** A session whose token stays valid for two hours (the polls run over many minutes of fake time). */
export function storeLongSession(id = 'sess-banners'): void {
  storeSessionForTests({ id, uuid, validMs: 2 * 60 * 60_000 });
}

export function onboarding(over: Partial<OnboardingView> = {}): OnboardingView {
  return {
    nextRoute: null,
    steps: [{ step: 'kyc', route: '/self-disclosure/kyc', state: 'done' }],
    mayBuy: false,
    banner: null,
    ...over,
  };
}

/** The parts of the customer record the banners read; the rest as a new account has it. */
export function record(over: Partial<CustomerResource> = {}): CustomerResource {
  return customerRecordForTests({
    id: 9,
    uuid,
    email: 'jonas@example.com',
    firstName: 'Jonas',
    lastName: 'Weber',
    fullName: 'Jonas Weber',
    onboarding: onboarding(),
    ...over,
  });
}

export function identification(state: KycState): IdentificationView {
  return {
    id: 1,
    state,
    stateAsString: state,
    display: kycDisplayOf(state),
    urlKycStart: 'http://localhost/sandbox/kyc/x',
    provider: 'sandbox',
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
  };
}

/** The API as the checker reads it; `state` can be changed between polls. */
export function mockCheckerApi(state: {
  record: CustomerResource;
  identification: IdentificationView | null;
}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(state.record);
      if (url === '/api/v2/shop/identification?page=1&itemsPerPage=1')
        return Response.json(state.identification ? [state.identification] : []);
      return Response.json([]);
    }),
  );
  return {
    calls,
    customerReads: () => calls.filter((u) => u === `/api/v2/shop/customers/${uuid}`).length,
    kycReads: () => calls.filter((u) => u.startsWith('/api/v2/shop/identification')).length,
  };
}

/** The banners (with the checker) under a router at `path`, and the notification bar. */
export function renderBanners(path = '/account') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <UserBanners />
            <NotificationBar />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
