import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { AddressesStepPage } from './addresses-step-page.tsx';
import { setCurrentOrderToken } from './api/current-order.ts';
import { InvoicesPage } from './invoices-page.tsx';
import { PaymentStepPage } from './payment-step-page.tsx';
import { mockApi, order, orderToken, renderRoutes, storeTestSession, writesOf } from './test-support.tsx';

const orderUrl = `/api/v2/shop/orders/${orderToken}`;
const address = {
  id: 5,
  kind: 'personal',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: null,
  countryCode: 'DE',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postcode: '10115',
  phoneNumber: null,
};

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('orders');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeTestSession();
  clearNotifications();
  setCurrentOrderToken(orderToken);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order process steps', () => {
  it('shows the default address as billing address and saves a correction with PUT addresses/{id}', async () => {
    const calls = mockApi(({ method, url, body }) => {
      if (url === orderUrl) return Response.json(order(1000));
      if (url === '/api/v2/shop/addresses?itemsPerPage=1') return Response.json([address]);
      if (url.startsWith('/api/v2/shop/countries')) {
        return Response.json([{ id: 1, code: 'DE', name: 'Deutschland', enabled: true }]);
      }
      if (method === 'PUT' && url === '/api/v2/shop/addresses/5')
        return Response.json({ ...address, ...(body as object) });
      return undefined;
    });
    renderRoutes(
      [{ path: '/order-process/addresses', element: <AddressesStepPage /> }],
      '/order-process/addresses',
    );
    const street = (await screen.findByLabelText(/Straße und Hausnummer/)) as HTMLInputElement;
    expect(street.value).toBe('Hauptstraße 1');
    fireEvent.input(street, { target: { value: 'Nebenstraße 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/order-process/payment-methods'),
    );
    expect(writesOf(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v2/shop/addresses/5',
        body: expect.objectContaining({ street: 'Nebenstraße 2', postcode: '10115', kind: 'personal' }),
      },
    ]);
  });

  it('offers the methods the bond accepts for this amount and chooses one by its IRI', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === orderUrl && method === 'GET') return Response.json(order(5000));
      if (url === '/api/v2/shop/product-payment-configurations?product.code=SOLAR-2031') {
        return Response.json([
          {
            id: 1,
            product: '/p',
            paymentMethod: { code: 'offline', name: 'Überweisung' },
            enabled: true,
            maximumAmount: null,
          },
          // below this order's 5,000 EUR: not offered
          {
            id: 2,
            product: '/p',
            paymentMethod: { code: 'card', name: 'Kartenzahlung' },
            enabled: true,
            maximumAmount: 100_000,
          },
        ]);
      }
      if (method === 'PATCH' && url === `${orderUrl}/payments/31`) return Response.json(order(5000));
      return undefined;
    });
    renderRoutes(
      [{ path: '/order-process/payment-methods', element: <PaymentStepPage /> }],
      '/order-process/payment-methods',
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Überweisung' }));
    expect(screen.queryByRole('radio', { name: 'Kartenzahlung' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order-process/confirmation'));
    expect(writesOf(calls)).toEqual([
      {
        method: 'PATCH',
        url: `${orderUrl}/payments/31`,
        body: { paymentMethod: '/api/v2/shop/payment-methods/offline' },
      },
    ]);
  });

  it('lists an order’s invoices and downloads the PDF with the bearer token', async () => {
    const calls = mockApi(({ url }) => {
      if (url === `${orderUrl}/invoices`) {
        return Response.json([
          {
            id: 9,
            number: '2026-000042',
            year: 2026,
            order: orderUrl,
            orderTokenValue: orderToken,
            issuedAt: '2026-11-24T10:00:00.000Z',
            total: 200_000,
            currencyCode: 'EUR',
            localeCode: 'de',
          },
        ]);
      }
      if (url === '/api/v2/shop/invoice/9/pdf') {
        return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
      }
      return undefined;
    });
    // jsdom has no object URLs and no downloads: watch what the page hands the browser
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let downloaded = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = `${this.download} ${this.href}`;
    });
    renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], `/invoices?tokenValue=${orderToken}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Rechnung 2026-000042 als PDF herunterladen' }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const fetchMock = vi.mocked(fetch);
    const pdfCall = fetchMock.mock.calls.find(([u]) => String(u) === '/api/v2/shop/invoice/9/pdf');
    expect((pdfCall?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer a.b.c');
    expect(calls.map((c) => c.url)).toContain(`${orderUrl}/invoices`);
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
    expect(downloaded).toBe('2026-000042.pdf blob:invoice');
    click.mockRestore();
  });
});
