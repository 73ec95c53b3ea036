import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { i18n } from '../lib/i18n.ts';
import { useProcessCancelAction } from '../lib/navigation.ts';
import { type Session, SessionProvider } from '../lib/session.tsx';
import { defined } from '../lib/test-defined.ts';
import { Header } from './header.tsx';
import { NavigationGuard } from './navigation-guard.tsx';

function setup(session?: Session) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: ['/imprint'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider value={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

const erika: Session['customer'] = {
  uuid: 'c1',
  email: 'erika@example.com',
  firstName: 'Erika',
  lastName: 'Mustermann',
  fullName: 'Erika Mustermann',
  isOperator: false,
  hasWallet: true,
  kycPassed: true,
  status: 'approved',
  cryptoRegistrarStatus: 'approved',
};

function OrderStep({ onCancel }: { onCancel: () => void }) {
  useProcessCancelAction('orderProcess', onCancel);
  return <h1>order step</h1>;
}

/** The header as the app shows it, with the navigation guard and the confirm popup, on an order step. */
function setupInOrder(logout: () => Promise<void>, onCancel: () => void) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationGuard />
            <Header />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>home page</h1> },
          { path: 'order-process/token', element: <OrderStep onCancel={onCancel} /> },
        ],
      },
    ],
    { initialEntries: ['/order-process/token'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider value={{ isLoggedIn: true, logout, customer: erika }}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Header (spec 1)', () => {
  it('offers login and sign-up when logged out', () => {
    setup();
    const nav = defined(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]);
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
    expect(within(nav).queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('greets a logged-in customer and offers dashboard, account and logout', async () => {
    const logout = vi.fn(async () => {});
    const router = setup({
      isLoggedIn: true,
      logout,
      customer: erika,
    });
    const nav = defined(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]);
    // a logged-in visitor's links arrive as a chunk of their own
    expect(await within(nav).findByText('Hello, Erika')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    // no operator: no way into the compliance review
    expect(within(nav).queryByRole('link', { name: 'Administration' })).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(logout).toHaveBeenCalledOnce());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['en', 'Administration'],
    ['de', 'Verwaltung'],
  ] as const)(
    'links an operator to the compliance review at /admin (%s), also in the phone menu',
    async (locale, label) => {
      await i18n.changeLanguage(locale);
      try {
        setup({
          isLoggedIn: true,
          logout: async () => {},
          customer: {
            uuid: 'o1',
            email: 'compliance@example.com',
            firstName: 'Clara',
            lastName: 'Hoffmann',
            fullName: 'Clara Hoffmann',
            isOperator: true,
            hasWallet: false,
            kycPassed: false,
            status: null,
            cryptoRegistrarStatus: null,
          },
        });
        const nav = defined(screen.getAllByRole('navigation', { name: i18n.t('header.navigation') })[0]);
        expect((await within(nav).findByRole('link', { name: label })).getAttribute('href')).toBe('/admin');
        fireEvent.click(screen.getByRole('button', { name: i18n.t('header.openMenu') }));
        const menu = defined(document.getElementById('mobile-menu'));
        expect((await within(menu).findByRole('link', { name: label })).getAttribute('href')).toBe('/admin');
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('opens the menu on phones', () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('mobile-menu')).not.toBeNull();
  });

  it('asks before logging out during an order; staying keeps the session, the order and the focus (issue 22)', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    const onCancel = vi.fn();
    const router = setupInOrder(logout, onCancel);
    const nav = defined(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]);
    const button = await within(nav).findByRole('button', { name: 'Log out' });

    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('All prepared information will be lost, are you sure to exit?'),
    ).toBeTruthy();
    expect(logout).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(logout).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/order-process/token');
    expect(screen.getByText('order step')).toBeTruthy();
  });

  it('logs out during an order once the investor confirms: the order is cancelled and asked about once', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    const onCancel = vi.fn();
    const router = setupInOrder(logout, onCancel);
    const nav = defined(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]);

    await user.click(await within(nav).findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(logout).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(logout).toHaveBeenCalledOnce());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onCancel.mock.invocationCallOrder[0]).toBeLessThan(defined(logout.mock.invocationCallOrder[0]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('home page')).toBeTruthy();
    // the guard does not ask a second time on the way to the home page
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the phone menu open while it asks, and the focus on its logout when the investor stays', async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    setupInOrder(logout, () => {});
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = defined(document.getElementById('mobile-menu'));
    const button = await within(menu).findByRole('button', { name: 'Log out' });

    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.isConnected).toBe(true);
    expect(logout).not.toHaveBeenCalled();
  });
});
