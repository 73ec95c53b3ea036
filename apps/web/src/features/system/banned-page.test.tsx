import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { BannedPage } from './banned-page.tsx';

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json([
        {
          code: 'token',
          name: 'Tokenwerk',
          contactEmail: 'kontakt@tokenwerk.example',
          company: { name: 'T', street: 's', postcode: '1', city: 'c', countryCode: 'DE' },
          homeRequiresLogin: true,
        },
      ]),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/banned', element: <BannedPage /> }], {
          initialEntries: ['/banned'],
        })}
      />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BannedPage (spec 2/6)', () => {
  it('says the account is blocked and offers the contact page and the contact address', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Ihr Konto ist gesperrt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontakt aufnehmen' }).getAttribute('href')).toBe('/contact');
    const mail = await screen.findByRole('link', { name: 'kontakt@tokenwerk.example' });
    expect(mail.getAttribute('href')).toBe('mailto:kontakt@tokenwerk.example');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      setup();
      expect(screen.getByRole('heading', { name: 'Your account is blocked' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('de');
    }
  });
});
