import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { type Session, SessionProvider } from '../lib/session.tsx';
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
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
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
        hasWallet: true,
        status: 'approved',
        cryptoRegistrarStatus: 'approved',
      },
    });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByText('Hello, Erika')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(logout).toHaveBeenCalledOnce());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the menu on phones', () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('mobile-menu')).not.toBeNull();
  });
});
