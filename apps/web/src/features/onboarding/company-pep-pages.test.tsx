import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { CompanyPage } from './company-page.tsx';
import { PepPage } from './pep-page.tsx';
import {
  countryList,
  currencyList,
  customerRecord,
  onboardingStatus,
  storeTestSession,
  testUuid,
} from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup(path: string, record: OnboardingCustomer, after: OnboardingCustomer['onboarding']) {
  const calls: Call[] = [];
  let current = record;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v2/shop/countries')) return Response.json(countryList);
      if (url.startsWith('/api/v2/shop/currencies')) return Response.json(currencyList);
      if (url.startsWith('/api/v2/shop/addresses/company?')) return Response.json([]);
      if (url === '/api/v2/shop/addresses' && method === 'POST') {
        return Response.json({ id: 9, phoneNumber: null, ...body }, { status: 201 });
      }
      if (method === 'PUT') {
        current = { ...current, ...body, onboarding: after };
        return Response.json(current);
      }
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(current);
      return Response.json([]);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/self-disclosure/company', element: <CompanyPage /> },
      { path: '/self-disclosure/pep', element: <PepPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('');
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const companySteps = [
  'company',
  'personal',
  'pep',
  'representatives',
  'ubo',
  'ubo_documents',
  'kyc',
] as const;

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
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

describe('CompanyPage', () => {
  const company = customerRecord({
    accountType: 'company',
    companyName: 'Muster GmbH',
    companyType: 'limited_liability_company',
    onboarding: onboardingStatus('/self-disclosure/company', 'company', [...companySteps]),
  });

  it('saves the company data and its seat, then goes to the next step', async () => {
    const calls = setup(
      '/self-disclosure/company',
      company,
      onboardingStatus('/self-disclosure/personal', 'personal', [...companySteps]),
    );
    await screen.findByLabelText('Steuernummer');
    fireEvent.input(field('Registernummer'), { target: { value: 'HRB 123456' } });
    fireEvent.input(field('Gründungsdatum'), { target: { value: '2015-03-01' } });
    fireEvent.input(field('Steuernummer'), { target: { value: '143/815/08150' } });
    fireEvent.input(field('Straße und Hausnummer'), { target: { value: 'Hafenstraße 1' } });
    fireEvent.input(field('Postleitzahl'), { target: { value: '20457' } });
    fireEvent.input(field('Ort'), { target: { value: 'Hamburg' } });
    fireEvent.change(field('Land'), { target: { value: 'DE' } });
    fireEvent.input(field('Bank'), { target: { value: 'Hamburger Sparkasse' } });
    fireEvent.input(field('IBAN'), { target: { value: 'DE89370400440532013000' } });
    fireEvent.input(field('BIC (SWIFT)'), { target: { value: 'HASPDEHHXXX' } });
    fireEvent.change(field('Land der Bank'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    // a register number needs its court
    await waitFor(() => expect(errorOf(field('Registergericht'))).toBe('Dieses Feld ist erforderlich'));
    expect(writes(calls)).toEqual([]);
    fireEvent.input(field('Registergericht'), { target: { value: 'Hamburg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/self-disclosure/personal'));
    const w = writes(calls);
    expect(w.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/addresses',
      `PUT /api/v2/shop/companies/${testUuid}`,
    ]);
    expect(w[0]?.body).toMatchObject({
      kind: 'company',
      company: 'Muster GmbH',
      city: 'Hamburg',
      countryCode: 'DE',
    });
    expect(w[1]?.body).toEqual({
      companyName: 'Muster GmbH',
      companyType: 'limited_liability_company',
      taxnumber: '143/815/08150',
      vatNumber: null,
      registryNumber: 'HRB 123456',
      court: 'Hamburg',
      foundingDate: '2015-03-01',
      iban: 'DE89370400440532013000',
      bic: 'HASPDEHHXXX',
      bankName: 'Hamburger Sparkasse',
      beneficiary: 'Muster GmbH',
      bankCountry: 'DE',
      bankCurrency: 'EUR',
    });
  });
});

describe('PepPage', () => {
  it('explains PEPs, requires both answers and saves them as notPep and actingOnOwnAccount', async () => {
    const calls = setup(
      '/self-disclosure/pep',
      customerRecord({ onboarding: onboardingStatus('/self-disclosure/pep', 'pep') }),
      onboardingStatus('/self-disclosure/adequacy-optional', 'adequacy_optional'),
    );
    expect(await screen.findByText('Was ist eine politisch exponierte Person?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    await waitFor(() => expect(screen.getByText('Bitte wählen Sie eine Option aus')).toBeTruthy());
    const ownAccount = field('Ich handle auf eigene Rechnung und nicht auf Veranlassung eines Dritten.');
    expect(errorOf(ownAccount)).toBe('Dieses Feld ist erforderlich');
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Nein' }));
    fireEvent.click(ownAccount);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/self-disclosure/adequacy-optional'),
    );
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        url: `/api/v2/shop/customers/${testUuid}`,
        body: { notPep: true, actingOnOwnAccount: true },
      },
    ]);
  });

  it('shows the earlier declaration', async () => {
    setup(
      '/self-disclosure/pep',
      customerRecord({ notPep: false, actingOnOwnAccount: true }),
      onboardingStatus(null, null),
    );
    await screen.findByText('Ihre Erklärung');
    expect((screen.getByRole('radio', { name: 'Ja' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Ich handle auf eigene Rechnung und nicht auf Veranlassung eines Dritten.').checked).toBe(
      true,
    );
  });
});
