import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationGuard } from '../../app/navigation-guard.tsx';
import { ConfirmProvider } from '../../components/ui/confirm-dialog.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { currentOrderToken, setCurrentOrderToken } from './api/current-order.ts';
import { CheckoutLayout } from './components/checkout-layout.tsx';
import { mockApi, orderToken, storeTestSession, writesOf } from './test-support.tsx';

function setup() {
  const calls = mockApi(({ method, url }) => {
    if (method === 'DELETE' && url === `/api/v2/shop/orders/${orderToken}`)
      return new Response(null, { status: 204 });
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationGuard />
            <Link to="/">home</Link>
            <Link to="/thank-you-for-offline-payment">thanks</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>home page</h1> },
          { path: 'thank-you-for-offline-payment', element: <h1>thanks page</h1> },
          {
            path: 'order-process',
            element: <CheckoutLayout />,
            children: [
              { path: 'token', element: <h2>amount step</h2> },
              { path: 'addresses', element: <h2>address step</h2> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/order-process/token'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return { calls, router };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await loadNamespace('orders');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeTestSession();
  setCurrentOrderToken(orderToken);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckoutLayout (spec 2 orderProcess)', () => {
  it('shows the four steps as spec 2 presents them, the open one current with the page as its part', async () => {
    setup();
    const progress = await screen.findByRole('navigation', { name: 'Subscription progress' });
    const steps = within(progress).getAllByRole('listitem');
    // the bubbles' numbers are hidden from assistive technology; the names and states are read
    expect(steps.map((li) => li.textContent)).toEqual([
      '1Identification · Amount (current step)',
      '2Confirmation (to do)',
      '3Payment (to do)',
      '4Completion (to do)',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(progress.querySelector('p')?.textContent).toBe('Identification · AmountStep 1 of 4');
    await waitFor(() => expect(document.title).toMatch(/^Amount · Subscription/));
  });

  it('tells the amount and the billing address apart: same step, each its own part and title', async () => {
    const { router } = setup();
    await screen.findByText('amount step');
    await router.navigate('/order-process/addresses');
    await screen.findByText('address step');
    const progress = screen.getByRole('navigation', { name: 'Subscription progress' });
    const current = within(progress)
      .getAllByRole('listitem')
      .filter((li) => li.getAttribute('aria-current') === 'step');
    expect(current.map((li) => li.textContent)).toEqual(['1Identification · Billing address (current step)']);
    expect(progress.querySelector('p')?.textContent).toBe('Identification · Billing addressStep 1 of 4');
    await waitFor(() => expect(document.title).toMatch(/^Billing address · Subscription/));
  });

  it('asks the spec question on leaving and, confirmed, deletes the order', async () => {
    const { calls, router } = setup();
    await screen.findByText('amount step');
    fireEvent.click(screen.getByText('home'));
    // the dialog's module loads the first time it opens
    expect(
      await screen.findByText(
        'All prepared information will be lost, are you sure to exit?',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByText('home page');
    expect(writesOf(calls)).toEqual([
      { method: 'DELETE', url: `/api/v2/shop/orders/${orderToken}`, body: undefined },
    ]);
    expect(currentOrderToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the order when the investor stays, and lets an end-of-process page through without asking', async () => {
    const { calls } = setup();
    await screen.findByText('amount step');
    fireEvent.click(screen.getByText('home'));
    await screen.findByText(
      'All prepared information will be lost, are you sure to exit?',
      {},
      { timeout: 5000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('amount step')).toBeTruthy();
    fireEvent.click(screen.getByText('thanks'));
    await screen.findByText('thanks page');
    expect(writesOf(calls)).toEqual([]);
    expect(currentOrderToken()).toBe(orderToken);
  });
});
