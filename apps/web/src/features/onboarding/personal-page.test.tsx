import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addCalendarYears, addDays, platformToday } from '@token/domain/calendar';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationGuard } from '../../app/navigation-guard.tsx';
import { ConfirmProvider } from '../../components/ui/confirm-dialog.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { PersonalPage } from './personal-page.tsx';
import {
  countryList,
  currencyList,
  customerRecord,
  onboardingStatus,
  problem,
  storeTestSession,
  testUuid,
} from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

type Call = { method: string; url: string; body: unknown };
type Api = {
  record: OnboardingCustomer;
  /** What PUT customers answers; the record after a successful save by default. */
  onPut?: (body: Record<string, unknown>) => Response;
  onPostAddress?: (body: Record<string, unknown>) => Response;
  address?: Record<string, unknown> | null;
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup(api: Api) {
  const calls: Call[] = [];
  let record = api.record;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v2/shop/countries')) return Response.json(countryList);
      if (url.startsWith('/api/v2/shop/currencies')) return Response.json(currencyList);
      if (url.startsWith('/api/v2/shop/addresses?')) return Response.json(api.address ? [api.address] : []);
      if (url === '/api/v2/shop/addresses' && method === 'POST') {
        return (
          api.onPostAddress?.(body) ??
          Response.json({ id: 41, phoneNumber: null, company: null, ...body }, { status: 201 })
        );
      }
      if (url.startsWith('/api/v2/shop/addresses/') && method === 'PUT')
        return Response.json({ id: 41, ...body });
      if (url === `/api/v2/shop/customers/${testUuid}` && method === 'PUT') {
        const answer = api.onPut?.(body);
        if (answer) {
          if (answer.ok) record = (await answer.clone().json()) as OnboardingCustomer;
          return answer;
        }
        record = { ...record, ...body, onboarding: onboardingStatus('/self-disclosure/pep', 'pep') };
        return Response.json(record);
      }
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(record);
      return Response.json([]);
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationGuard />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Where /> },
          { path: 'self-disclosure/personal', element: <PersonalPage /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: ['/self-disclosure/personal'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { calls, router };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));

/** A birth date exactly `years` years before the platform's today (today is the birthday). */
const bornYearsAgo = (years: number) => addCalendarYears(platformToday(), -years);

// The age rule counts by Berlin's day (decision 012): each test runs on a pinned clock and derives
// its dates from the same day, so it passes at any hour in any time zone.
const ordinaryDay = new Date('2026-11-27T10:00:00Z');

async function fillValidForm() {
  await screen.findByLabelText('Geburtsdatum');
  choose('Anrede', 'ms');
  type('Geburtsdatum', bornYearsAgo(40));
  type('Geburtsort', 'Köln');
  choose('Geburtsland', 'DE');
  choose('Staatsangehörigkeit', 'DE');
  type('Straße und Hausnummer', 'Musterstraße 12a');
  type('Postleitzahl', '50667');
  type('Ort', 'Köln');
  choose('Land', 'DE');
  type('Mobilnummer', '+49 151 23456789');
  type('Bank', 'Commerzbank');
  type('IBAN', 'de89370400440532013000');
  type('BIC (SWIFT)', 'cobadeffxxx');
  choose('Land der Bank', 'DE');
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: ordinaryDay });
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PersonalPage (spec 3 personal profile, spec 5 messages)', () => {
  it('names every blank required field with the catalogue sentence and sends nothing', async () => {
    const { calls } = setup({ record: customerRecord({ firstName: null, lastName: null }) });
    await screen.findByLabelText('Geburtsdatum');
    submit();
    await waitFor(() => expect(field('Vorname').getAttribute('aria-invalid')).toBe('true'));
    for (const label of [
      'Vorname',
      'Nachname',
      'Geburtsdatum',
      'Geburtsort',
      'Straße und Hausnummer',
      'Mobilnummer',
      'IBAN',
      'BIC (SWIFT)',
      'Bank',
    ]) {
      expect(field(label).getAttribute('aria-invalid'), label).toBe('true');
      expect(describedText(field(label)), label).toContain('Dieses Feld ist erforderlich');
    }
    for (const label of ['Geburtsland', 'Staatsangehörigkeit', 'Land', 'Land der Bank']) {
      expect(describedText(field(label)), label).toContain('Bitte wählen Sie eine Option aus');
    }
    // the salutation and the title are optional
    expect(field('Anrede').getAttribute('aria-invalid')).toBeNull();
    expect(field('Titel').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it.each([
    ['an ordinary day', ordinaryDay],
    ['23:30 UTC on 31 December (New Year in Berlin)', new Date('2026-12-31T23:30:00Z')],
    ['22:30 UTC on 30 June (1 July in Berlin)', new Date('2026-06-30T22:30:00Z')],
    ['23:30 UTC on 28 February (the leap day in Berlin)', new Date('2028-02-28T23:30:00Z')],
  ])('checks age, IBAN, BIC and mobile number before sending, on %s', async (_, now) => {
    vi.setSystemTime(now);
    storeTestSession(); // a session of that moment
    const { calls } = setup({ record: customerRecord() });
    await fillValidForm();
    expect(field('Geburtsdatum').max).toBe(platformToday());
    // 18 tomorrow, by the platform's calendar
    type('Geburtsdatum', addDays(addCalendarYears(platformToday(), -18), 1));
    type('IBAN', 'DE89 3704 0044 0532 0130 01');
    type('BIC (SWIFT)', 'NOTABIC');
    type('Mobilnummer', '0151 2345');
    submit();
    await waitFor(() =>
      expect(describedText(field('IBAN'))).toContain('Bitte geben Sie eine gültige IBAN ein'),
    );
    expect(describedText(field('Geburtsdatum'))).toContain('Sie müssen mindestens 18 Jahre alt sein');
    expect(describedText(field('BIC (SWIFT)'))).toContain('Bitte geben Sie eine gültige BIC ein');
    expect(describedText(field('Mobilnummer'))).toContain('Bitte geben Sie eine gültige Mobilnummer');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the IBAN in groups of four and sends it without spaces; then goes where the server says', async () => {
    const { calls } = setup({ record: customerRecord() });
    await fillValidForm();
    expect(field('IBAN').value).toBe('DE89 3704 0044 0532 0130 00');
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/self-disclosure/pep'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/addresses',
      `PUT /api/v2/shop/customers/${testUuid}`,
    ]);
    expect(writes[0]?.body).toEqual({
      kind: 'personal',
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Musterstraße 12a',
      postcode: '50667',
      city: 'Köln',
      countryCode: 'DE',
    });
    expect(writes[1]?.body).toMatchObject({
      salutation: 'ms',
      title: null,
      birthDate: bornYearsAgo(40),
      birthCity: 'Köln',
      birthCountry: 'DE',
      nationality: 'DE',
      // the domain's schema sends the number as E.164
      mobileNumber: '+4915123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      beneficiary: 'Erika Mustermann',
      bankCountry: 'DE',
      bankCurrency: 'EUR',
    });
    // the customer was fetched again after the save: the next route is the server's
    const reads = calls.filter((c) => c.method === 'GET' && c.url === `/api/v2/shop/customers/${testUuid}`);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("puts the API's 422 violations on their fields, the birthday spelling included", async () => {
    setup({
      record: customerRecord(),
      onPut: () =>
        problem(422, {
          code: 'validation_failed',
          violations: [
            {
              propertyPath: 'birthday',
              code: 'minimum_age',
              message: 'Sie müssen mindestens 18 Jahre alt sein',
            },
            { propertyPath: 'iban', code: 'invalid_iban', message: 'Bitte geben Sie eine gültige IBAN ein' },
          ],
        }),
    });
    await fillValidForm();
    submit();
    await waitFor(() => expect(field('Geburtsdatum').getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(field('Geburtsdatum'))).toContain('Sie müssen mindestens 18 Jahre alt sein');
    expect(describedText(field('IBAN'))).toContain('Bitte geben Sie eine gültige IBAN ein');
    expect(field('Mobilnummer').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('stops at a refused address: its violations show and the customer is not changed', async () => {
    const { calls } = setup({
      record: customerRecord(),
      onPostAddress: () =>
        problem(422, {
          code: 'validation_failed',
          violations: [
            {
              propertyPath: 'countryCode',
              code: 'invalid_country',
              message: 'Bitte wählen Sie ein Land aus der Liste',
            },
          ],
        }),
    });
    await fillValidForm();
    submit();
    await waitFor(() =>
      expect(describedText(field('Land'))).toContain('Bitte wählen Sie ein Land aus der Liste'),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('updates the existing address and, when nothing is left, goes to the dashboard without asking', async () => {
    const { calls } = setup({
      record: customerRecord({ defaultAddress: '/api/v2/shop/addresses/41' }),
      address: {
        id: 41,
        kind: 'personal',
        firstName: 'Erika',
        lastName: 'Mustermann',
        company: null,
        countryCode: 'DE',
        street: 'Alte Gasse 1',
        postcode: '50667',
        city: 'Köln',
        phoneNumber: null,
      },
      onPut: (body) =>
        Response.json({ ...customerRecord(), ...body, onboarding: onboardingStatus(null, null) }),
    });
    await fillValidForm();
    expect(calls.some((c) => c.url.startsWith('/api/v2/shop/addresses?itemsPerPage=1'))).toBe(true);
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/v2/shop/addresses/41')).toBeTruthy();
    // leaving the process after the last save is the app's own move: no 'All prepared information will be lost'
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks no bank account of a company account (it belongs to the company data)', async () => {
    setup({ record: customerRecord({ accountType: 'company', companyName: 'Muster GmbH' }) });
    await screen.findByLabelText('Geburtsdatum');
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    expect(screen.queryByLabelText('Kontoinhaber')).toBeNull();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      setup({ record: customerRecord({ firstName: null }) });
      await screen.findByLabelText('Date of birth');
      fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      await waitFor(() => expect(describedText(field('First name'))).toContain('This field is required'));
      expect(describedText(field('Nationality'))).toContain('An option must be selected');
    } finally {
      await i18n.changeLanguage('de');
    }
  });
});
