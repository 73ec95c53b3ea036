import { act, cleanup, screen, within } from '@testing-library/react';
import { orderListStatus } from '@token/domain/orders';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { defined } from '../../lib/test-defined.ts';
import { OrdersPage } from './orders-page.tsx';
import { listRow, mockApi, order, renderRoutes, storeTestSession } from './test-support.tsx';

/** One completed order per list status of spec 4. */
function rows() {
  const completed = { checkoutState: 'completed' as const, checkoutCompletedAt: '2026-11-20T10:00:00.000Z' };
  const states = [
    ['awaiting', 'awaiting_payment', 'ready'],
    ['paid', 'paid', 'ready'],
    ['refunded', 'refunded', 'ready'],
    ['cancelled', 'cancelled', 'cancelled'],
    ['minted', 'paid', 'shipped'],
  ] as const;
  return states.map(([name, paymentState, shippingState], i) => {
    const o = order(1000 * (i + 1), {
      ...completed,
      id: 100 + i,
      tokenValue: `tok-${name}`,
      number: `00010${i}`,
      paymentState,
      shippingState,
      paid: paymentState === 'paid',
    });
    return listRow({ ...o, listStatus: orderListStatus(o).status });
  });
}

function setup(items: ReturnType<typeof rows>) {
  mockApi(({ url }) => {
    if (url === '/api/v2/shop/orders?page=1&itemsPerPage=50') {
      return Response.json({ 'hydra:member': items, 'hydra:totalItems': items.length });
    }
    return undefined;
  });
  renderRoutes([{ path: '/account/orders', element: <OrdersPage /> }], '/account/orders');
}

/** The status labels of the table rows (desktop layout), in list order. */
async function statusesShown() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByTestId('order-row')
    .map((row) => row.querySelector('[data-status]')?.textContent);
}

beforeAll(async () => {
  await loadNamespace('orders');
});
beforeEach(() => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('OrdersPage (/account/orders)', () => {
  it("asks again when the reader switches language: the API names the products in the reader's language", async () => {
    await i18n.changeLanguage('de');
    const [row] = rows();
    const calls = mockApi(({ url }, { language }) => {
      if (url !== '/api/v2/shop/orders?page=1&itemsPerPage=50') return undefined;
      const productName = language === 'en' ? 'Biogas Bavaria 2030' : 'Biogas Bayern 2030';
      const item = { ...defined(defined(row, 'the listed order').items[0], 'its item'), productName };
      return Response.json({ 'hydra:member': [{ ...row, items: [item] }], 'hydra:totalItems': 1 });
    });
    renderRoutes([{ path: '/account/orders', element: <OrdersPage /> }], '/account/orders');
    expect(await within(await screen.findByRole('table')).findByText('Biogas Bayern 2030')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await within(screen.getByRole('table')).findByText('Biogas Bavaria 2030')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/v2/shop/orders?'))).toHaveLength(2);
  });

  it('shows the spec 4 statuses in German, minted as Abgerechnet, with details only for awaiting payment', async () => {
    await i18n.changeLanguage('de');
    setup(rows());
    expect(await statusesShown()).toEqual([
      'Zahlung ausstehend',
      'Bezahlt',
      'Erstattet',
      'Storniert',
      'Abgerechnet',
    ]);
    const table = screen.getByRole('table');
    const details = within(table).getAllByRole('link', { name: 'Details' });
    expect(details.map((a) => a.getAttribute('href'))).toEqual(['/order-details/tok-awaiting']);
    // spec 3 columns
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Wertpapier',
      'Anzahl',
      'Datum',
      'Preis',
      'Status',
      'Bestellnummer',
      'Rechnung',
    ]);
    const first = defined(within(table).getAllByTestId('order-row')[0]);
    expect(first.textContent?.replace(/\u00a0/g, ' ')).toContain('1.000,00 €');
    expect(first.textContent).toContain('20.11.2026');
  });

  it('shows the same statuses in English, minted as Minted', async () => {
    await i18n.changeLanguage('en');
    setup(rows());
    expect(await statusesShown()).toEqual(['Awaiting payment', 'Paid', 'Refunded', 'Cancelled', 'Minted']);
    expect(within(screen.getByRole('table')).getAllByRole('link', { name: 'Details' })).toHaveLength(1);
  });

  it('says so when there are no orders yet', async () => {
    await i18n.changeLanguage('de');
    setup([]);
    expect(await screen.findByText('Noch keine Bestellungen')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
