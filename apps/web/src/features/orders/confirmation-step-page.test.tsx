import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { defined } from '../../lib/test-defined.ts';
import { currentOrderToken, setCurrentOrderToken } from './api/current-order.ts';
import { writeDeclarations } from './components/declarations-store.ts';
import { ConfirmationStepPage } from './confirmation-step-page.tsx';
import {
  collectibleOrder,
  customer,
  mockApi,
  order,
  orderToken,
  product,
  renderRoutes,
  storeTestSession,
  testUuid,
  writesOf,
} from './test-support.tsx';

const orderUrl = `/api/v2/shop/orders/${orderToken}`;

function setup(kind: 'security' | 'collectible' = 'security') {
  const bondReady = order(2000, {
    checkoutState: 'payment_selected',
    legalDocsConfirmAt: '2026-11-24T09:10:00.000Z',
    payments: [
      {
        ...defined(order(2000).payments[0], 'a payment'),
        method: '/api/v2/shop/payment-methods/offline',
        methodCode: 'offline',
      },
    ],
  });
  const ready = kind === 'collectible' ? collectibleOrder() : bondReady;
  const calls = mockApi(({ method, url }) => {
    if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(customer());
    if (url === '/api/v2/shop/products/SOLAR-2031') return Response.json(product());
    if (url === '/api/v2/shop/products/NFT_KIEFERNWALD_ABENDLICHT') {
      return Response.json(
        product({
          code: 'NFT_KIEFERNWALD_ABENDLICHT',
          name: 'Kiefernwald im Abendlicht',
          legalDocuments: [],
          taxCategory: { code: 'standard', rateBasisPoints: 1900 },
        }),
      );
    }
    if (url.startsWith('/api/v2/shop/addresses')) return Response.json([]);
    if (url === orderUrl && method === 'GET') return Response.json(ready);
    if (url === `${orderUrl}/complete` && method === 'PATCH') {
      return Response.json({
        ...ready,
        number: '000123',
        checkoutState: 'completed',
        paymentState: 'awaiting_payment',
        listStatus: 'awaiting_payment',
      });
    }
    return undefined;
  });
  renderRoutes(
    [{ path: '/order-process/confirmation', element: <ConfirmationStepPage /> }],
    '/order-process/confirmation',
  );
  return calls;
}

const completeButton = () =>
  screen.getByRole('button', { name: /Zahlungspflichtig zeichnen/ }) as HTMLButtonElement;
const tick = (name: RegExp) => fireEvent.click(screen.getByRole('checkbox', { name }));

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

describe('ConfirmationStepPage (/order-process/confirmation)', () => {
  it('completes only with the US/CA statement, one risk and two final statements (spec 5)', async () => {
    writeDeclarations(orderToken, { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null });
    const calls = setup();
    await screen.findByText('Bestellung prüfen und abschließen');
    expect(completeButton().disabled).toBe(true);

    tick(/nicht in den USA oder in Kanada steuerpflichtig/);
    tick(/Totalverlust/);
    tick(/wahrheitsgemäß/);
    // one final statement is not enough
    await waitFor(() => expect(completeButton().disabled).toBe(true));
    tick(/eigenen Namen/);
    await waitFor(() => expect(completeButton().disabled).toBe(false));

    // without the tax statement it is refused again
    tick(/nicht in den USA oder in Kanada steuerpflichtig/);
    await waitFor(() => expect(completeButton().disabled).toBe(true));
    tick(/nicht in den USA oder in Kanada steuerpflichtig/);
    // and without any risk statement
    tick(/Totalverlust/);
    await waitFor(() => expect(completeButton().disabled).toBe(true));
    tick(/nur schwer veräußert/);
    await waitFor(() => expect(completeButton().disabled).toBe(false));

    fireEvent.click(completeButton());
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
      ),
    );
    expect(writesOf(calls)).toEqual([
      {
        method: 'PATCH',
        url: `${orderUrl}/complete`,
        body: {
          statements: {
            notUsOrCanadaTaxpayer: true,
            totalLossRisk: false,
            illiquidityRisk: true,
            informationTruthful: true,
            actingOnOwnAccount: true,
            documentsReceived: false,
          },
          declarations: { freeAssetsAtLeast100k: true, averageMonthlyNetIncomeCents: null },
          notes: null,
        },
      },
    ]);
    // the process is over: its order is no longer the one in preparation
    expect(currentOrderToken()).toBeNull();
    // many clicks and re-validations: room for a busy machine
  }, 20_000);

  it('a bond asks for its documents and statements, and no consent to digital content', async () => {
    setup();
    await screen.findByText('Bestellung prüfen und abschließen');
    expect(screen.getByText('Wertpapier')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Erklärungen' })).toBeTruthy();
    expect(screen.queryByText(/Widerrufsrecht/)).toBeNull();
    expect(screen.queryByText('19% Mwst.')).toBeNull();
  });
});

describe('ConfirmationStepPage with the keyboard (issue 22)', () => {
  it('keeps the focus on the documents checkbox once ticked, while it is saved and after', async () => {
    const user = userEvent.setup();
    const unconfirmed = order(2000, { checkoutState: 'payment_selected' });
    let answer = null as (() => void) | null;
    const calls = mockApi(({ method, url }) => {
      if (url === '/api/v2/shop/products/SOLAR-2031') return Response.json(product());
      if (url.startsWith('/api/v2/shop/addresses')) return Response.json([]);
      if (url === orderUrl && method === 'GET') return Response.json(unconfirmed);
      if (url === `${orderUrl}/legal-documents-confirm` && method === 'PATCH') {
        return new Promise<Response>((resolve) => {
          answer = () =>
            resolve(Response.json({ ...unconfirmed, legalDocsConfirmAt: '2026-11-24T09:10:00.000Z' }));
        });
      }
      return undefined;
    });
    renderRoutes(
      [{ path: '/order-process/confirmation', element: <ConfirmationStepPage /> }],
      '/order-process/confirmation',
    );
    const box = () =>
      screen.getByRole('checkbox', {
        name: /Dokumente der Anleihe .* erhalten und gelesen/,
      }) as HTMLInputElement;
    // a browser drops the focus of a control that turns disabled or leaves; jsdom keeps activeElement
    const holdsFocus = (el: HTMLElement) =>
      el.isConnected && document.activeElement === el && !el.matches(':disabled');

    await user.click(await waitFor(box));
    await waitFor(() => expect(answer).not.toBeNull());
    expect(box().checked).toBe(true);
    expect(holdsFocus(box())).toBe(true);
    answer?.();
    await waitFor(() => expect(screen.getByText(/^Bestätigt am/)).toBeTruthy());
    expect(box().checked).toBe(true);
    expect(holdsFocus(box())).toBe(true);

    // the confirmation cannot be taken back: another press (Space) leaves the box ticked, sends nothing
    await user.keyboard(' ');
    expect(box().checked).toBe(true);
    expect(box().getAttribute('aria-disabled')).toBe('true');
    expect(holdsFocus(box())).toBe(true);
    expect(writesOf(calls)).toEqual([
      { method: 'PATCH', url: `${orderUrl}/legal-documents-confirm`, body: {} },
    ]);
  });
});

describe('ConfirmationStepPage of a collectible (issue 18)', () => {
  it('is bought with the consent (§ 356 Abs. 5 BGB), without documents, statements or limits', async () => {
    const calls = setup('collectible');
    await screen.findByText(
      'Bitte prüfen Sie Ihre Bestellung und stimmen Sie der sofortigen Bereitstellung zu.',
    );
    // what is bought and its price, with the VAT as spec 3/9 name it
    expect(screen.getByText('Artikel')).toBeTruthy();
    expect(screen.getByText('Edition(en)')).toBeTruthy();
    expect(screen.getByText('Preis')).toBeTruthy();
    expect(screen.getByText('19% Mwst.')).toBeTruthy();
    expect(screen.getByText('71,85 € (im Preis enthalten)')).toBeTruthy();
    // none of a bond's texts
    expect(screen.queryByText('Wertpapier')).toBeNull();
    expect(screen.queryByText('Steuer')).toBeNull();
    expect(screen.queryByText('Rechtliche Dokumente')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Erklärungen' })).toBeNull();
    expect(screen.queryByText(/zeichnen/)).toBeNull();

    const buy = () =>
      screen.getByRole('button', { name: /Zahlungspflichtig kaufen \(450,00\s€\)/ }) as HTMLButtonElement;
    expect(buy().disabled).toBe(true);
    tick(/vor Ablauf der Widerrufsfrist begonnen wird/);
    // the acknowledgement of the lost withdrawal right is needed too
    await waitFor(() => expect(buy().disabled).toBe(true));
    tick(/mein Widerrufsrecht verliere/);
    await waitFor(() => expect(buy().disabled).toBe(false));
    fireEvent.click(buy());
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/thank-you-for-offline-payment?tokenValue=${orderToken}`,
      ),
    );
    expect(writesOf(calls)).toEqual([
      {
        method: 'PATCH',
        url: `${orderUrl}/complete`,
        body: {
          notes: null,
          digitalContentConsent: { immediateDelivery: true, withdrawalLossAcknowledged: true },
        },
      },
    ]);
    expect(currentOrderToken()).toBeNull();
  }, 20_000);
});
