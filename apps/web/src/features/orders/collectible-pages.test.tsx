import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { defined } from '../../lib/test-defined.ts';
import { OrderDetailsPage } from './order-details-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import {
  collectibleOrder,
  listRow,
  mockApi,
  order,
  orderToken,
  renderRoutes,
  storeTestSession,
} from './test-support.tsx';
import { ThankYouPage } from './thank-you-page.tsx';

/* Issue 18: the pages after the checkout say that a collectible was bought, not subscribed. */

const placed = collectibleOrder({
  number: '000124',
  checkoutState: 'completed',
  paymentState: 'awaiting_payment',
  listStatus: 'awaiting_payment',
  checkoutCompletedAt: '2026-11-27T21:00:00.000Z',
  paymentDueAt: '2026-12-11T22:59:59.000Z',
  digitalContentConsent: {
    givenAt: '2026-11-27T21:00:00.000Z',
    version: '2026-11-27',
    locale: 'de',
    text: 'Ich stimme ausdrücklich zu, dass mit der Bereitstellung begonnen wird. Mir ist bekannt, dass ich mein Widerrufsrecht verliere.',
  },
});
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

function setup(path: string, element: React.ReactNode, route: string) {
  const bond = order(2000, {
    tokenValue: 'tok-bond',
    number: '000100',
    checkoutState: 'completed',
    paymentState: 'paid',
    listStatus: 'paid',
  });
  mockApi(({ url }) => {
    if (url.startsWith(`/api/v2/shop/orders/${orderToken}/payments/`))
      return new Response(null, { status: 404 });
    if (url.startsWith(`/api/v2/shop/orders/${orderToken}`)) return Response.json(placed);
    if (url.startsWith('/api/v2/shop/orders?')) {
      return Response.json({ 'hydra:member': [listRow(placed), listRow(bond)], 'hydra:totalItems': 2 });
    }
    return undefined;
  });
  renderRoutes([{ path, element }], route);
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('orders');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('after buying a collectible (issue 18)', () => {
  it('thanks for the purchase, not a subscription', async () => {
    setup(
      '/thank-you-for-offline-payment',
      <ThankYouPage />,
      `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihren Kauf' })).toBeTruthy();
    expect(screen.getByText(/wird Ihnen die Edition übertragen/)).toBeTruthy();
    expect(screen.queryByText(/Zeichnung|Token/)).toBeNull();
  });

  it('shows editions, the 19% Mwst. contained and the consent on the order details', async () => {
    setup('/order-details/:uuid', <OrderDetailsPage />, `/order-details/${orderToken}`);
    await screen.findByText('Kiefernwald im Abendlicht');
    expect(screen.getByText(/1 Edition\(en\) zu je 450/)).toBeTruthy();
    expect(text(screen.getByTestId('vat-line'))).toBe('19% Mwst.71,85 € (im Preis enthalten)');
    const consent = defined(
      screen.getByRole('heading', { name: /§ 356 Abs. 5 BGB/ }).closest('section'),
      'the consent card',
    );
    expect(within(consent).getByText(/mein Widerrufsrecht verliere/)).toBeTruthy();
    expect(within(consent).getByText(/Zustimmung erteilt am 27\.11\.2026/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Erklärungen' })).toBeNull();
  });

  it('says in the order list what each order is', async () => {
    setup('/account/orders', <OrdersPage />, '/account/orders');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByTestId('order-row')).toHaveLength(2));
    expect(
      within(table)
        .getAllByTestId('order-kind')
        .map((k) => k.textContent),
    ).toEqual(['Sammlerstück', 'Wertpapier']);
  });
});
