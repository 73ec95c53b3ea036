import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, order, orderToken, renderRoutes, storeTestSession } from './test-support.tsx';
import { ThankYouPage } from './thank-you-page.tsx';

const epc = [
  'BCD',
  '002',
  '1',
  'SCT',
  'COBADEFFXXX',
  'Solarpark Emissions GmbH',
  'DE89370400440532013000',
  'EUR2000.00',
  '',
  'RF18539007547034',
  '',
  '',
].join('\n');

/** The bank transfer's payment configuration as the API answers it for order 000123. */
const transferConfiguration = {
  gateway: 'offline',
  amount: 200_000,
  currencyCode: 'EUR',
  paymentReference: 'RF18539007547034',
  bankAccount: {
    holder: 'Solarpark Emissions GmbH',
    iban: 'DE89370400440532013000',
    bic: null,
    bankName: null,
  },
  dueAt: '2026-12-08T23:59:59.000Z',
  epcQrPayload: epc,
};
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

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

describe('ThankYouPage (/thank-you-for-offline-payment)', () => {
  it('shows the issuer account, amount, reference, due date and the GiroCode as an SVG QR code', async () => {
    const placed = order(2000, {
      number: '000123',
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      listStatus: 'awaiting_payment',
    });
    mockApi(({ url }) => {
      if (url === `/api/v2/shop/orders/${orderToken}`) return Response.json(placed);
      if (url === `/api/v2/shop/orders/${orderToken}/payments/31/configuration`) {
        return Response.json({
          ...transferConfiguration,
          bankAccount: { ...transferConfiguration.bankAccount, bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
        });
      }
      return undefined;
    });
    renderRoutes(
      [{ path: '/thank-you-for-offline-payment', element: <ThankYouPage /> }],
      `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
    );
    expect(await screen.findByText('Vielen Dank für Ihre Zeichnung', { selector: 'h1' })).toBeTruthy();
    expect(textOf(await screen.findByTestId('bank-reference'))).toBe('RF18539007547034');
    expect(textOf(screen.getByTestId('bank-amount'))).toBe('2.000,00 €');
    expect(textOf(screen.getByTestId('bank-iban'))).toBe('DE89 3704 0044 0532 0130 00');
    expect(screen.getByText('09.12.2026')).toBeTruthy();
    expect(screen.getByText('Bestellnummer 000123')).toBeTruthy();
    expect(screen.getByText(/Banking-App/)).toBeTruthy();

    const qr = (await waitFor(() => screen.getByTestId('giro-code'))) as HTMLImageElement;
    expect(qr.getAttribute('alt')).toBe('GiroCode mit den Überweisungsdaten');
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });

  it('says the payment arrived, without bank data or GiroCode, once the order is paid', async () => {
    const paid = order(2000, {
      number: '000123',
      checkoutState: 'completed',
      paymentState: 'paid',
      paid: true,
      listStatus: 'paid',
    });
    const requested: string[] = [];
    mockApi(({ url }) => {
      requested.push(url);
      if (url === `/api/v2/shop/orders/${orderToken}`) return Response.json(paid);
      if (url === `/api/v2/shop/orders/${orderToken}/payments/31/configuration`) {
        return Response.json(transferConfiguration);
      }
      return undefined;
    });
    renderRoutes(
      [{ path: '/thank-you-for-offline-payment', element: <ThankYouPage /> }],
      `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
    );
    expect(textOf(await screen.findByTestId('payment-arrived'))).toBe(
      'Ihre Zahlung ist eingegangen. Vielen Dank!',
    );
    expect(screen.queryByText('Bitte überweisen Sie den Betrag')).toBeNull();
    expect(screen.queryByTestId('bank-reference')).toBeNull();
    expect(screen.queryByTestId('giro-code')).toBeNull();
    expect(screen.queryByText(/Sobald Ihre Überweisung/)).toBeNull();
    expect(requested.some((url) => url.endsWith('/configuration'))).toBe(false);
  });

  it('asks for the awaited order and shows and announces the payment arriving, without a reload (issue 22)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const awaiting = order(2000, {
        number: '000123',
        checkoutState: 'completed',
        paymentState: 'awaiting_payment',
        listStatus: 'awaiting_payment',
      });
      let current = awaiting;
      const calls = mockApi(({ url }) => {
        if (url === `/api/v2/shop/orders/${orderToken}`) return Response.json(current);
        if (url === `/api/v2/shop/orders/${orderToken}/payments/31/configuration`) {
          return Response.json(transferConfiguration);
        }
        return undefined;
      });
      const orderReads = () => calls.filter((c) => c.url === `/api/v2/shop/orders/${orderToken}`).length;
      renderRoutes(
        [{ path: '/thank-you-for-offline-payment', element: <ThankYouPage /> }],
        `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
      );
      expect(textOf(await screen.findByTestId('bank-reference'))).toBe('RF18539007547034');
      const liveRegions = screen.getAllByRole('status');
      expect(orderReads()).toBe(1);

      // a hidden tab does not ask
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      await vi.advanceTimersByTimeAsync(12_000);
      expect(orderReads()).toBe(1);
      visibility.mockRestore();

      // the bank books the transfer: the next question finds the order paid
      current = { ...awaiting, paymentState: 'paid', paid: true, listStatus: 'paid' };
      await vi.advanceTimersByTimeAsync(5_000);
      const arrived = await screen.findByTestId('payment-arrived');
      expect(textOf(arrived)).toBe('Ihre Zahlung ist eingegangen. Vielen Dank!');
      // said in a polite live region that was on the page before it changed
      const region = arrived.closest('[role="status"]') as HTMLElement;
      expect(liveRegions).toContain(region);
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(screen.queryByTestId('bank-reference')).toBeNull();
      expect(screen.queryByText(/Sobald Ihre Überweisung/)).toBeNull();

      // paid: no more questions
      const reads = orderReads();
      await vi.advanceTimersByTimeAsync(15_000);
      expect(orderReads()).toBe(reads);
    } finally {
      vi.useRealTimers();
    }
  });
});
