import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ui/confirm-dialog.tsx';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { RepresentativesPage } from './representatives-page.tsx';
import {
  countryList,
  customerRecord,
  onboardingStatus,
  storeTestSession,
  testUuid,
} from './test-support.tsx';
import type { UboUser } from './types.ts';
import { UboPage } from './ubo-page.tsx';

const companySteps = [
  'company',
  'personal',
  'pep',
  'representatives',
  'ubo',
  'ubo_documents',
  'kyc',
] as const;

type Call = { method: string; url: string; body: unknown };

function blankPerson(p: Partial<UboUser>): UboUser {
  return {
    id: 0,
    type: 'natural',
    roles: [],
    isUser: false,
    firstName: null,
    lastName: null,
    birthdate: null,
    birthplace: null,
    street: null,
    postcode: null,
    city: null,
    country: null,
    nationality: null,
    pep: false,
    equityShares: null,
    votingShares: null,
    companyName: null,
    companyType: null,
    registerNumber: null,
    representativeRoles: [],
    memberOfRepresentativeBody: false,
    fictitiousBeneficialOwner: false,
    powerOfAttorney: false,
    paysChurchTax: false,
    representativeSent: false,
    ...p,
  };
}

/** The API of a company account whose persons live in `persons`; the server keeps the step due. */
function setup(path: '/self-disclosure/representatives' | '/self-disclosure/ubo', persons: UboUser[] = []) {
  const calls: Call[] = [];
  let nextId = 100;
  const step = path === '/self-disclosure/ubo' ? 'ubo' : 'representatives';
  const record = customerRecord({
    accountType: 'company',
    companyName: 'Muster GmbH',
    onboarding: onboardingStatus(path, step, [...companySteps]),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/v2/shop/countries')) return Response.json(countryList);
      if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(record);
      if (url === '/api/v2/shop/ubo-users' && method === 'GET') return Response.json(persons);
      if (url === '/api/v2/shop/ubo-users/representative' && method === 'POST') {
        const me = blankPerson({
          id: nextId++,
          isUser: true,
          roles: [10],
          firstName: 'Erika',
          lastName: 'Mustermann',
        });
        persons = [...persons, me];
        return Response.json(me, { status: 201 });
      }
      if (url === '/api/v2/shop/ubo-users' && method === 'POST') {
        const created = blankPerson({ ...(body as Partial<UboUser>), id: nextId++ });
        persons = [...persons, created];
        return Response.json(created, { status: 201 });
      }
      const m = /^\/api\/v2\/shop\/ubo-users\/(\d+)(\/representative)?$/.exec(url);
      if (m && method === 'PATCH') {
        const id = Number(m[1]);
        persons = persons.map((p) => {
          if (p.id !== id) return p;
          if (m[2]) return { ...p, representativeSent: true, roles: p.roles.filter((r) => r !== 10) };
          return { ...p, ...(body as Partial<UboUser>) };
        });
        return Response.json(persons.find((p) => p.id === id));
      }
      return Response.json([]);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/self-disclosure/representatives', element: <RepresentativesPage /> },
      { path: '/self-disclosure/ubo', element: <UboPage /> },
    ],
    { initialEntries: [path] },
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
  return { calls, persons: () => persons };
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const inForm = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(label, { exact: true }) as HTMLInputElement;

async function fillNaturalPerson(form: HTMLElement, opts: { names?: boolean } = {}) {
  if (opts.names) {
    fireEvent.input(inForm(form, 'Vorname'), { target: { value: 'Max' } });
    fireEvent.input(inForm(form, 'Nachname'), { target: { value: 'Muster' } });
  }
  fireEvent.input(inForm(form, 'Geburtsdatum'), { target: { value: '1970-05-01' } });
  fireEvent.input(inForm(form, 'Geburtsort'), { target: { value: 'Bonn' } });
  fireEvent.change(inForm(form, 'Staatsangehörigkeit'), { target: { value: 'DE' } });
  fireEvent.input(inForm(form, 'Straße und Hausnummer'), { target: { value: 'Rheinweg 3' } });
  fireEvent.input(inForm(form, 'Postleitzahl'), { target: { value: '53111' } });
  fireEvent.input(inForm(form, 'Ort'), { target: { value: 'Bonn' } });
  fireEvent.change(inForm(form, 'Land'), { target: { value: 'DE' } });
}

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

describe('RepresentativesPage', () => {
  it('says what is missing when the server keeps the step due', async () => {
    const { calls } = setup('/self-disclosure/representatives');
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mindestens ein Vertreter ist erforderlich',
    );
    // the customer was asked again; nothing was written
    expect(calls.filter((c) => c.url === `/api/v2/shop/customers/${testUuid}`).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(writes(calls)).toEqual([]);
  });

  it('enters the user as representative and, as legal representative, sends it (role 10 removed)', async () => {
    const { calls, persons } = setup('/self-disclosure/representatives');
    fireEvent.click(await screen.findByRole('button', { name: 'Mich als Vertreter eintragen' }));
    const form = await screen.findByRole('form', { name: 'Ihre Angaben bearbeiten' });
    // the user's type is fixed: a natural person
    expect(within(form).queryByText('Art der Person')).toBeNull();
    await fillNaturalPerson(form);
    fireEvent.click(within(form).getByRole('radio', { name: 'Gesetzlicher Vertreter' }));
    fireEvent.click(within(form).getByLabelText('Geschäftsführer'));
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Ihre Angaben bearbeiten' })).toBeNull());
    const w = writes(calls);
    expect(w.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/v2/shop/ubo-users/representative',
      'PATCH /api/v2/shop/ubo-users/100',
      'PATCH /api/v2/shop/ubo-users/100/representative',
    ]);
    expect(w[1]?.body).toMatchObject({
      type: 'natural',
      roles: [70],
      birthdate: '1970-05-01',
      birthplace: 'Bonn',
      nationality: 'DE',
      country: 'DE',
      representativeRoles: ['managing_director'],
      companyName: null,
    });
    expect(persons()[0]).toMatchObject({ roles: [70], representativeSent: true });
  });

  it('checks the person before sending it', async () => {
    const { calls } = setup('/self-disclosure/representatives');
    fireEvent.click(await screen.findByRole('button', { name: 'Vertreter hinzufügen' }));
    const form = await screen.findByRole('form', { name: 'Vertreter hinzufügen' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Juristische Person' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() =>
      expect(inForm(form, 'Name des Unternehmens').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(inForm(form, 'Rechtsform').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });
});

describe('UboPage', () => {
  it('adds a beneficial owner with shares typed the German way, refusing 25 % or less', async () => {
    const { calls } = setup('/self-disclosure/ubo');
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Person hinzufügen' }));
    const form = await screen.findByRole('form', { name: 'Wirtschaftlich Berechtigten hinzufügen' });
    await fillNaturalPerson(form, { names: true });
    fireEvent.click(within(form).getByRole('radio', { name: 'Unmittelbar' }));
    fireEvent.input(inForm(form, 'Kapitalanteil'), { target: { value: '25' } });
    fireEvent.input(inForm(form, 'Stimmrechtsanteil'), { target: { value: '10,123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() =>
      expect(within(form).getByText('Höchstens zwei Nachkommastellen sind erlaubt')).toBeTruthy(),
    );
    fireEvent.input(inForm(form, 'Stimmrechtsanteil'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() =>
      expect(
        within(form).getByText(
          'Wirtschaftlich Berechtigter ist, wer mehr als 25 % der Kapitalanteile oder Stimmrechte hält',
        ),
      ).toBeTruthy(),
    );
    expect(writes(calls)).toEqual([]);
    fireEvent.input(inForm(form, 'Kapitalanteil'), { target: { value: '25,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/shop/ubo-users',
      body: {
        roles: [60],
        equityShares: 25.5,
        votingShares: 10,
        fictitiousBeneficialOwner: false,
        type: 'natural',
      },
    });
  });

  it('names a listed representative as fictitious beneficial owner: the representative role stays, no role 60/61 (nobody is both)', async () => {
    const director = blankPerson({
      id: 7,
      roles: [70],
      firstName: 'Eva',
      lastName: 'Leiter',
      birthdate: '1980-02-02',
      birthplace: 'Mainz',
      nationality: 'DE',
      street: 'Hof 1',
      postcode: '55116',
      city: 'Mainz',
      country: 'DE',
    });
    const { calls } = setup('/self-disclosure/ubo', [director]);
    fireEvent.change(await screen.findByLabelText('Bereits eingetragene Person'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Als wirtschaftlich Berechtigten angeben' }));
    const form = await screen.findByRole('form', { name: 'Eva Leiter bearbeiten' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Fiktiv' }));
    expect(within(form).queryByLabelText('Kapitalanteil')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Person speichern' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/v2/shop/ubo-users/7',
      body: { roles: [70], fictitiousBeneficialOwner: true, equityShares: null, votingShares: null },
    });
  });

  it('says a beneficial owner is required when the server keeps the step due', async () => {
    setup('/self-disclosure/ubo');
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mindestens ein wirtschaftlich Berechtigter ist erforderlich',
    );
  });
});
