import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { routes } from '../../app/router.tsx';
import { i18n } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { channelList } from '../../lib/test-api.tsx';
import {
  countryList,
  customerRecord,
  onboardingStatus,
  storeTestSession,
  testUuid,
} from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

function setup(path: string, record: OnboardingCustomer) {
  // every navigation scrolls to the top (spec 2); jsdom has no scrolling
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v2/shop/channels')) return Response.json(channelList);
      if (url.startsWith('/api/v2/shop/countries')) return Response.json(countryList);
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(record);
      return Response.json([]);
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
beforeEach(() => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the self-disclosure routes (process SELF_DISCLOSURE)', () => {
  it('resume at the step the server names: a later step and the bare path lead there, with the shell around it', async () => {
    const record = customerRecord({ onboarding: onboardingStatus('/self-disclosure/pep', 'pep') });
    const router = setup('/self-disclosure/kyc', record);
    await waitFor(() => expect(router.state.location.pathname).toBe('/self-disclosure/pep'), {
      timeout: 5000,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politisch exponierte Person' }),
    ).toBeTruthy();
    const progress = screen.getByRole('navigation', { name: 'Fortschritt der Selbstauskunft' });
    expect(within(progress).getAllByRole('listitem')).toHaveLength(8);
    expect(progress.querySelector('[aria-current="step"]')?.textContent).toContain(
      'Politisch exponierte Person',
    );
    expect(document.title).toContain('Politisch exponierte Person · Selbstauskunft');
    cleanup();

    const again = setup('/self-disclosure', record);
    await waitFor(() => expect(again.state.location.pathname).toBe('/self-disclosure/pep'), {
      timeout: 5000,
    });
  });

  it('keep a done step open for corrections', async () => {
    const router = setup(
      '/self-disclosure/personal',
      customerRecord({ onboarding: onboardingStatus('/self-disclosure/pep', 'pep') }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/self-disclosure/personal');
  });
});
