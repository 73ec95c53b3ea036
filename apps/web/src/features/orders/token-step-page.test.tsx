import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@token/domain/orders';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { currentOrderToken, setCurrentOrderToken } from './api/current-order.ts';
import { readDeclarations } from './components/declarations-store.ts';
import {
  type ApiCall,
  customer,
  mockApi,
  order,
  orderToken,
  problemAnswer,
  product,
  renderRoutes,
  storeTestSession,
  testUuid,
  writesOf,
} from './test-support.tsx';
import { TokenStepPage } from './token-step-page.tsx';

const orderUrl = `/api/v2/shop/orders/${orderToken}`;

/** The API of an investor with an order of 1,000 tokens; `onPatch` answers quantity changes. */
function setup(opts: { onPatch?: (call: ApiCall) => Response | Promise<Response>; start?: string } = {}) {
  let current: OrderView = order(1000);
  const calls = mockApi((call) => {
    const { method, url } = call;
    if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(customer());
    if (url === '/api/v2/shop/products/SOLAR-2031') return Response.json(product());
    if (url.startsWith('/api/v2/shop/orders?'))
      return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
    if (url === '/api/v2/shop/orders' && method === 'POST')
      return Response.json({ tokenValue: orderToken }, { status: 201 });
    if (url === `${orderUrl}/items` && method === 'POST') return Response.json(current, { status: 201 });
    if (url === orderUrl && method === 'GET') return Response.json(current);
    if (url === `${orderUrl}/items/21` && method === 'PATCH') {
      if (opts.onPatch) return opts.onPatch(call);
      current = order((call.body as { quantity: number }).quantity);
      return Response.json(current);
    }
    return undefined;
  });
  renderRoutes(
    [{ path: '/order-process/token', element: <TokenStepPage /> }],
    opts.start ?? '/order-process/token',
  );
  return calls;
}

/**
 * Whether `el` holds the keyboard focus. A browser moves the focus to the page when the focused
 * control turns disabled or leaves the page; jsdom keeps `activeElement` on a disabled one, so that
 * is asked too.
 */
function holdsFocus(el: HTMLElement): boolean {
  return el.isConnected && document.activeElement === el && !el.matches(':disabled');
}

/** An answer the test gives later: `answer()` resolves the request that is waiting for it. */
function deferred() {
  let answer: (() => void) | null = null;
  const later = (respond: () => Response) =>
    new Promise<Response>((resolve) => {
      answer = () => resolve(respond());
    });
  return { later, answer: () => answer?.(), isWaiting: () => answer !== null, reset: () => (answer = null) };
}

/** Text with the no-break spaces of Intl's formats as plain ones. */
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

const moreButton = () => screen.getByRole('button', { name: '1.000 Token mehr' });
const quantityInput = () => screen.getByLabelText('Anzahl Token') as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement;

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

describe('TokenStepPage (/order-process/token)', () => {
  it('starts the order from a buy-now link: POST orders, then the bond as its item', async () => {
    setCurrentOrderToken(null);
    const calls = setup({ start: '/order-process/token?product=SOLAR-2031' });
    expect(await screen.findByText('Wie viele Token möchten Sie zeichnen?')).toBeTruthy();
    expect(writesOf(calls)).toEqual([
      { method: 'POST', url: '/api/v2/shop/orders', body: { locale: 'de' } },
      {
        method: 'POST',
        url: `${orderUrl}/items`,
        body: { productVariant: '/api/v2/shop/product-variants/SOLAR-2031-V', quantity: 1000 },
      },
    ]);
    expect(currentOrderToken()).toBe(orderToken);
  });

  it('starts an order of one edition from the bid popup and goes on to the addresses step (spec 2)', async () => {
    setCurrentOrderToken(null);
    const calls = setup({ start: '/order-process/token?product=SOLAR-2031&start=bid' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order-process/addresses'));
    expect(writesOf(calls)).toEqual([
      { method: 'POST', url: '/api/v2/shop/orders', body: { locale: 'de' } },
      {
        method: 'POST',
        url: `${orderUrl}/items`,
        body: { productVariant: '/api/v2/shop/product-variants/SOLAR-2031-V', quantity: 1 },
      },
    ]);
    expect(currentOrderToken()).toBe(orderToken);
  });

  it('shows the § 6 limit, refuses an amount above it with the reason, and lifts it with the self-disclosure', async () => {
    setCurrentOrderToken(orderToken);
    const calls = setup();
    expect(await screen.findByTestId('investment-limit')).toBeTruthy();
    expect(textOf(screen.getByTestId('investment-limit'))).toContain('1.000 €');
    expect(textOf(screen.getByTestId('order-amount'))).toBe('1.000,00 €');
    expect(continueButton().disabled).toBe(false);

    fireEvent.click(moreButton());
    await waitFor(() => expect(textOf(screen.getByTestId('order-amount'))).toBe('2.000,00 €'));
    expect(writesOf(calls)).toEqual([
      {
        method: 'PATCH',
        url: `${orderUrl}/items/21`,
        body: { tokenValue: orderToken, quantity: 2000, orderItemId: 21 },
      },
    ]);
    // above 1,000 EUR without a declaration: refused, and why
    const refusals = await screen.findByTestId('refusals');
    expect(textOf(refusals)).toContain(
      'Der Betrag übersteigt Ihre Anlagegrenze für dieses Angebot nach § 6 WpPG.',
    );
    expect(textOf(refusals)).toContain(
      'Ihre Bestellungen dieser Anleihe ergäben 2.000 €, Ihre Grenze beträgt 1.000 €.',
    );
    expect(continueButton().disabled).toBe(true);

    // income of 800 EUR a month: twice that, 1,600 EUR, still too little
    fireEvent.input(screen.getByLabelText('Durchschnittliches monatliches Nettoeinkommen'), {
      target: { value: '800' },
    });
    expect(textOf(screen.getByTestId('investment-limit'))).toContain('1.600 €');
    expect(continueButton().disabled).toBe(true);

    // free assets of 100,000 EUR: up to 10,000 EUR
    fireEvent.click(screen.getByRole('checkbox', { name: /frei verfügbares Vermögen/ }));
    expect(textOf(screen.getByTestId('investment-limit'))).toContain('10.000 €');
    expect(screen.queryByTestId('refusals')).toBeNull();
    expect(continueButton().disabled).toBe(false);

    fireEvent.click(continueButton());
    expect(readDeclarations(orderToken)).toEqual({
      freeAssetsAtLeast100k: true,
      averageMonthlyNetIncomeCents: 80_000,
    });
  });

  it('shows the amount for the quantity being typed, and none while it is no quantity', async () => {
    setCurrentOrderToken(orderToken);
    setup();
    await screen.findByTestId('investment-limit');
    expect(textOf(screen.getByTestId('order-amount'))).toBe('1.000,00 €');
    fireEvent.input(quantityInput(), { target: { value: '1,500' } });
    expect(textOf(screen.getByTestId('order-amount'))).toBe('–');
    fireEvent.input(quantityInput(), { target: { value: '1.500' } });
    expect(textOf(screen.getByTestId('order-amount'))).toBe('1.500,00 €');
  });

  it('reverts to the previous quantity when the change fails, and says why', async () => {
    setCurrentOrderToken(orderToken);
    setup({ onPatch: () => problemAnswer(409, 'insufficient_stock') });
    await screen.findByTestId('investment-limit');
    fireEvent.click(moreButton());
    expect(
      await screen.findByText(
        'So viele Token sind nicht mehr verfügbar. Die maximal zeichenbare Menge ist erreicht.',
      ),
    ).toBeTruthy();
    expect(quantityInput().value).toBe('1000');
    expect(textOf(screen.getByTestId('order-amount'))).toBe('1.000,00 €');
  });

  it('refuses a professional-only bond to a non-professional investor', async () => {
    setCurrentOrderToken(orderToken);
    mockApi(({ url }) => {
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(customer());
      if (url === '/api/v2/shop/products/SOLAR-2031') {
        const p = product();
        return Response.json({
          ...p,
          investorRestrictions: { ...p.investorRestrictions, professionalOnly: true },
        });
      }
      if (url.startsWith('/api/v2/shop/orders?'))
        return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      if (url === orderUrl) return Response.json(order(1000));
      return undefined;
    });
    renderRoutes([{ path: '/order-process/token', element: <TokenStepPage /> }], '/order-process/token');
    const refusals = await screen.findByTestId('refusals');
    expect(textOf(refusals)).toContain('Diese Anleihe ist nur für professionelle Anleger.');
    expect(continueButton().disabled).toBe(true);
  });
  it('applies a discount code with spec 5 messages and shows the discounted total', async () => {
    setCurrentOrderToken(orderToken);
    const calls = mockApi((call) => {
      const { method, url } = call;
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(customer());
      if (url === '/api/v2/shop/products/SOLAR-2031') return Response.json(product());
      if (url.startsWith('/api/v2/shop/orders?'))
        return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      if (url === orderUrl && method === 'GET') return Response.json(order(1000));
      if (url === `${orderUrl}/coupon` && method === 'PATCH') {
        const { couponCode } = call.body as { couponCode: string | null };
        if (couponCode !== 'WILLKOMMEN2') return problemAnswer(422, 'discount_code_invalid');
        return Response.json(
          order(1000, { discountCode: 'WILLKOMMEN2', discountTotal: 2_000, total: 98_000 }),
        );
      }
      return undefined;
    });
    renderRoutes([{ path: '/order-process/token', element: <TokenStepPage /> }], '/order-process/token');
    const field = await screen.findByRole('textbox', { name: 'Rabattcode' });
    const redeem = () => screen.getByRole('button', { name: 'Einlösen' });

    fireEvent.input(field, { target: { value: 'FALSCH' } });
    fireEvent.click(redeem());
    expect(await screen.findByText('Dieser Rabattcode ist ungültig.')).toBeTruthy();
    expect(screen.queryByTestId('discounted-total')).toBeNull();

    fireEvent.input(screen.getByRole('textbox', { name: 'Rabattcode' }), {
      target: { value: ' WILLKOMMEN2 ' },
    });
    fireEvent.click(redeem());
    expect(await screen.findByText('Erfolg. Der Rabatt wird auf die Gesamtsumme angerechnet.')).toBeTruthy();
    expect(screen.queryByText('Dieser Rabattcode ist ungültig.')).toBeNull();
    expect(textOf(screen.getByTestId('discounted-total'))).toBe('980,00 €');
    expect(textOf(screen.getByTestId('discount-applied'))).toContain('WILLKOMMEN2');
    expect(writesOf(calls)).toEqual([
      { method: 'PATCH', url: `${orderUrl}/coupon`, body: { couponCode: 'FALSCH' } },
      { method: 'PATCH', url: `${orderUrl}/coupon`, body: { couponCode: 'WILLKOMMEN2' } },
    ]);
  });

  it('keeps the focus on "+" while the new quantity is saved and after, pressed by click or Enter (issue 22)', async () => {
    setCurrentOrderToken(orderToken);
    const user = userEvent.setup();
    const patch = deferred();
    setup({
      onPatch: (call) =>
        patch.later(() => Response.json(order((call.body as { quantity: number }).quantity))),
    });
    await screen.findByTestId('investment-limit');

    await user.click(moreButton());
    await waitFor(() => expect(patch.isWaiting()).toBe(true));
    // while saving: still on "+", which a press leaves alone (no second change)
    expect(holdsFocus(moreButton())).toBe(true);
    patch.answer();
    await waitFor(() => expect(textOf(screen.getByTestId('order-amount'))).toBe('2.000,00 €'));
    await waitFor(() => expect(quantityInput().readOnly).toBe(false));
    expect(holdsFocus(moreButton())).toBe(true);

    patch.reset();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patch.isWaiting()).toBe(true));
    expect(holdsFocus(moreButton())).toBe(true);
    patch.answer();
    await waitFor(() => expect(textOf(screen.getByTestId('order-amount'))).toBe('3.000,00 €'));
    expect(holdsFocus(moreButton())).toBe(true);
  });

  it('keeps the focus in the discount field, which a refused code marks invalid, describes and announces (issue 22)', async () => {
    setCurrentOrderToken(orderToken);
    const user = userEvent.setup();
    const coupon = deferred();
    mockApi((call) => {
      const { method, url } = call;
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(customer());
      if (url === '/api/v2/shop/products/SOLAR-2031') return Response.json(product());
      if (url.startsWith('/api/v2/shop/orders?'))
        return Response.json({ 'hydra:member': [], 'hydra:totalItems': 0 });
      if (url === orderUrl && method === 'GET') return Response.json(order(1000));
      if (url === `${orderUrl}/coupon` && method === 'PATCH') {
        const { couponCode } = call.body as { couponCode: string | null };
        return coupon.later(() =>
          couponCode === 'WILLKOMMEN2'
            ? Response.json(order(1000, { discountCode: 'WILLKOMMEN2', discountTotal: 2_000, total: 98_000 }))
            : couponCode === null
              ? Response.json(order(1000))
              : problemAnswer(422, 'discount_code_invalid'),
        );
      }
      return undefined;
    });
    renderRoutes([{ path: '/order-process/token', element: <TokenStepPage /> }], '/order-process/token');
    const section = await screen.findByRole('region', { name: 'Rabattcode' });
    const field = () => within(section).getByRole('textbox', { name: 'Rabattcode' }) as HTMLInputElement;
    // the live region is there before anything is said in it, so what appears in it is announced
    const alert = within(section).getByRole('alert');
    const status = within(section).getByRole('status');
    expect(alert.textContent).toBe('');
    expect(status.textContent).toBe('');
    expect(field().getAttribute('aria-invalid')).toBeNull();

    await user.type(field(), 'FALSCH{Enter}');
    await waitFor(() => expect(coupon.isWaiting()).toBe(true));
    expect(holdsFocus(field())).toBe(true);
    coupon.answer();
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (field().getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Dieser Rabattcode ist ungültig.',
    ]);
    expect(alert.isConnected).toBe(true);
    expect(alert.textContent).toBe('Rabattcode: Dieser Rabattcode ist ungültig.');
    expect(holdsFocus(field())).toBe(true);

    // corrected and applied with the button: the field is replaced, the focus goes to what replaced it
    coupon.reset();
    await user.clear(field());
    await user.type(field(), 'WILLKOMMEN2');
    await user.click(within(section).getByRole('button', { name: 'Einlösen' }));
    await waitFor(() => expect(coupon.isWaiting()).toBe(true));
    coupon.answer();
    const remove = await within(section).findByRole('button', { name: 'Code entfernen' });
    await waitFor(() => expect(holdsFocus(remove)).toBe(true));
    expect(status.isConnected && alert.isConnected).toBe(true);
    expect(status.textContent).toBe('Erfolg. Der Rabatt wird auf die Gesamtsumme angerechnet.');
    expect(alert.textContent).toBe('');

    // removed: back in the field
    coupon.reset();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(coupon.isWaiting()).toBe(true));
    expect(holdsFocus(remove)).toBe(true);
    coupon.answer();
    await waitFor(() => expect(holdsFocus(field())).toBe(true));
  });
});
