import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { CustomerResource } from '@token/domain/accounts';
import type { ProductView } from '@token/domain/catalog-views';
import { type OrderListRowView, type OrderView, orderListRowViewSchema } from '@token/domain/orders';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ConfirmProvider } from '../../components/ui/confirm-dialog.tsx';
import { NotificationBar } from '../../components/ui/notification-bar.tsx';
import { SessionProvider } from '../../lib/session.tsx';
import { resetSessionStoreForTests, sessionStorageKey } from '../../lib/session-store.ts';

/* Tests only: a mocked shop API (fetch) recording the calls, the orders' fixtures, the pages in a memory router. */

export const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
export const orderToken = 'tok-4711';

/** A valid session in storage (the token is not read by the mocked API). */
export function storeTestSession(): void {
  const now = Date.now();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      id: 'sess-1',
      uuid: testUuid,
      token: 'a.b.c',
      refreshToken: 'refresh-0',
      expiration: now + 10 * 60_000,
      customerId: `/api/v2/shop/customers/${testUuid}`,
      startedAt: now,
      lastUsedAt: now,
    }),
  );
  resetSessionStoreForTests();
}

/** The parts of GET customers/{uuid} the order pages read; an approved investor with a wallet. */
export function customer(overrides: Partial<CustomerResource> = {}): CustomerResource {
  return {
    id: 7,
    uuid: testUuid,
    email: 'erika@example.com',
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    accountType: 'personal',
    companyType: null,
    customerRolesAsString: [],
    status: 'approved',
    cryptoRegistrarStatus: 'approved',
    kycPassed: true,
    defaultWallet: '0x52908400098527886E0F7030069857D2E4169EE7',
    ...overrides,
  } as CustomerResource;
}

/** A bond of 1 EUR per token, ordered in steps of 1,000 tokens, 50,000 left. */
export function product(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: 1,
    code: 'SOLAR-2031',
    name: 'Solarpark Anleihe 2031',
    slug: 'solarpark',
    description: null,
    shortDescription: null,
    translations: {},
    allowToBuy: true,
    royalties: 0,
    blockchainName: null,
    tokenId: null,
    whitelisting: false,
    metadata: [],
    mainTaxon: null,
    taxons: [],
    attributes: [],
    creator: null,
    mediaFiles: [],
    legalDocuments: [
      {
        id: 'doc-1',
        type: 'information_sheet',
        title: 'Wertpapier-Informationsblatt',
        locale: 'de',
        path: '/wib.pdf',
      },
    ],
    defaultVariant: {
      id: 1,
      code: 'SOLAR-2031-V',
      name: 'Solarpark',
      totalSupply: 100_000,
      onHand: 100_000,
      onHold: 50_000,
      availableQuantity: 50_000,
      inStock: true,
      tracked: true,
      channelPricings: {
        token: { channelCode: 'token', price: 100, originalPrice: null, buyBackPrice: null },
      },
    },
    variants: [],
    investorRestrictions: {
      professionalOnly: false,
      investorLimit: null,
      minimumSubscription: null,
      maximumOrderNonProfessional: null,
      quantityStep: 1000,
    },
    taxCategory: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An order in the cart with `quantity` tokens of the bond at 1 EUR. */
export function order(quantity = 1000, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: 11,
    tokenValue: orderToken,
    number: null,
    checkoutState: 'cart',
    paymentState: 'new',
    shippingState: 'ready',
    paid: false,
    listStatus: 'new',
    currencyCode: 'EUR',
    localeCode: 'de',
    legalDocsConfirmAt: null,
    legalDocsConfirmed: [],
    legalDocsSentAt: null,
    items: [
      {
        id: 21,
        productName: 'Solarpark Anleihe 2031',
        productCode: 'SOLAR-2031',
        variantName: 'Solarpark',
        variant: '/api/v2/shop/product-variants/SOLAR-2031-V',
        variantCode: 'SOLAR-2031-V',
        quantity,
        unitPrice: 100,
        originalUnitPrice: 100,
        subtotal: quantity * 100,
        taxTotal: 0,
        total: quantity * 100,
      },
    ],
    itemsTotal: quantity * 100,
    discountCode: null,
    discountTotal: 0,
    taxTotal: 0,
    total: quantity * 100,
    payments: [
      {
        id: 31,
        method: null,
        methodCode: null,
        state: 'new',
        amount: quantity * 100,
        currencyCode: 'EUR',
        paymentReference: null,
        createdAt: '2026-11-24T09:00:00.000Z',
        updatedAt: '2026-11-24T09:00:00.000Z',
      },
    ],
    notes: null,
    statements: null,
    declarations: null,
    checkoutCompletedAt: null,
    paymentDueAt: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

/** A row of GET orders (the list view keeps the row's fields). */
export function listRow(o: OrderView): OrderListRowView {
  return orderListRowViewSchema.parse(o);
}

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
      return problemAnswer(404, 'not_found');
    }),
  );
  return calls;
}

/** The calls that change something. */
export const writesOf = (calls: readonly ApiCall[]) => calls.filter((c) => c.method !== 'GET');

/** Shows the path the router is at. */
export function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/** Renders `routes` (plus a catch-all `Where`) at `initial` with a fresh query cache, session and notifications. */
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
