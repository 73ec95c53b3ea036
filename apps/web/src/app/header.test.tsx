import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { type Session, SessionProvider } from '../lib/session.tsx';
import { defined } from '../lib/test-defined.ts';
import { Header } from './header.tsx';

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
      customer: {
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
      },
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
});
