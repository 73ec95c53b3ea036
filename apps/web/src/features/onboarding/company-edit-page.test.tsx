import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { CompanyEditPage } from './company-edit-page.tsx';
import { countryList, currencyList, customerRecord, storeTestSession, testUuid } from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

const company = customerRecord({
  accountType: 'company',
  companyName: 'Nordlicht Solar GmbH',
  companyType: 'limited_liability_company',
  taxnumber: '27/123/45678',
  registryNumber: 'HRB 4711',
  court: 'Hamburg',
  foundingDate: '2015-03-01',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  beneficiary: 'Nordlicht Solar GmbH',
  bankCountry: 'DE',
  bankCurrency: 'EUR',
  defaultAddress: '/api/v2/shop/addresses/3',
});
const seat = {
  id: 8,
  kind: 'company',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: 'Nordlicht Solar GmbH',
  countryCode: 'DE',
  street: 'Hafenstraße 1',
  city: 'Hamburg',
  postcode: '20457',
  phoneNumber: null,
};

function setup(record: OnboardingCustomer, onPut?: () => Response) {
  return mockApi(({ method, url, body }) => {
    if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(record);
    if (url.startsWith('/api/v2/shop/countries')) return Response.json(countryList);
    if (url.startsWith('/api/v2/shop/currencies')) return Response.json(currencyList);
    if (url === '/api/v2/shop/addresses/company?itemsPerPage=1') return Response.json([seat]);
    if (url === '/api/v2/shop/addresses/8' && method === 'PUT')
      return Response.json({ ...seat, ...(body as object) });
    if (url === `/api/v2/shop/companies/${testUuid}` && method === 'PUT') {
      return onPut?.() ?? Response.json({ ...record, ...(body as object) });
    }
    return undefined;
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await Promise.all([loadNamespace('onboarding'), loadNamespace('accounts'), loadNamespace('account')]);
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

describe('CompanyEditPage (/account/company-edit)', () => {
  it('edits the whole company form of the self-disclosure and stays on the page', async () => {
    const calls = setup(company);
    renderRoutes([{ path: '/account/company-edit', element: <CompanyEditPage /> }], '/account/company-edit');
    expect(await screen.findByRole('heading', { name: 'Mein Firmenprofil' })).toBeTruthy();
    expect(((await screen.findByLabelText('Steuernummer')) as HTMLInputElement).value).toBe('27/123/45678');
    expect(field('IBAN').value).toBe('DE89 3704 0044 0532 0130 00');
    expect(field('Straße und Hausnummer').value).toBe('Hafenstraße 1');
    fireEvent.input(field('Bank'), { target: { value: 'Hamburger Sparkasse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('status')).textContent).toContain('Ihre Angaben wurden gespeichert.');
    const w = writesOf(calls);
    expect(w.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/v2/shop/addresses/8',
      `PUT /api/v2/shop/companies/${testUuid}`,
    ]);
    // PUT companies/{uuid} takes the whole form (what "company data complete" needs)
    expect(w[1]?.body).toEqual({
      companyName: 'Nordlicht Solar GmbH',
      companyType: 'limited_liability_company',
      taxnumber: '27/123/45678',
      vatNumber: null,
      registryNumber: 'HRB 4711',
      court: 'Hamburg',
      foundingDate: '2015-03-01',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Hamburger Sparkasse',
      beneficiary: 'Nordlicht Solar GmbH',
      bankCountry: 'DE',
      bankCurrency: 'EUR',
    });
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the API’s violations on their fields', async () => {
    setup(company, () =>
      problemAnswer(422, 'validation_failed', [
        {
          propertyPath: 'companyName',
          code: 'company_name_exists',
          message: 'Der Firmenname existiert bereits',
        },
      ]),
    );
    renderRoutes([{ path: '/account/company-edit', element: <CompanyEditPage /> }], '/account/company-edit');
    await screen.findByLabelText('Steuernummer');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(field('Name des Unternehmens').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Der Firmenname existiert bereits')).toBeTruthy();
  });

  it('points a personal account to its own profile', async () => {
    setup(customerRecord());
    renderRoutes([{ path: '/account/company-edit', element: <CompanyEditPage /> }], '/account/company-edit');
    expect(await screen.findByText(/Ihr Konto ist ein Privatkonto/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mein Profil' }).getAttribute('href')).toBe('/account/edit');
    expect(screen.queryByLabelText('Steuernummer')).toBeNull();
  });
});
