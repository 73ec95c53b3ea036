import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, CustomerErasure, CustomerFile } from '@token/domain/compliance';
import { errorMessage } from '@token/domain/errors';
import { formatDate } from '@token/domain/format';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from '../../components/ui/notification-bar.tsx';
import { i18n } from '../../lib/i18n.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { resetSessionStoreForTests } from '../../lib/session-store.ts';
import { answerOperator, operator, operatorRecord, setUpOperatorSession } from './admin.test-kit.tsx';
import { AdminCustomerPage, AdminQueuePage } from './admin-pages.tsx';

const customerUuid = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const fileUuid = '3c4d5e6f-7081-4c9d-8e0f-2a3b4c5d6e7f';

const customerFile = (status: string | null): CustomerFile => ({
  customer: {
    uuid: customerUuid,
    email: 'erika@example.com',
    accountType: 'personal',
    salutation: 'ms',
    title: null,
    firstName: 'Erika',
    lastName: 'Mustermann',
    fullName: 'Erika Mustermann',
    locale: 'de',
    verified: true,
    twoFactorEnabled: false,
    customerRolesAsString: [],
    status,
    cryptoRegistrarStatus: 'approval_required',
    kycPassed: true,
    followUpMessage: null,
    followUpSeenAt: null,
    birthDate: '1985-04-12',
    birthCity: 'Leipzig',
    birthCountry: 'DE',
    nationality: 'DE',
    mobileNumber: '+49 151 11122233',
    notPep: true,
    actingOnOwnAccount: true,
    representativeConfirmation: null,
    representative_role: null,
    paysChurchTax: false,
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Erika Mustermann',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
    companyName: null,
    companyType: null,
    taxnumber: null,
    vatNumber: null,
    registryNumber: null,
    court: null,
    foundingDate: null,
    ethAddress: null,
    migrationState: null,
    createdAt: '2026-01-10T10:00:00.000Z',
  },
  addresses: [
    {
      id: 1,
      kind: 'personal',
      isDefault: true,
      firstName: 'Erika',
      lastName: 'Mustermann',
      company: null,
      street: 'Karl-Liebknecht-Straße 5',
      postcode: '04107',
      city: 'Leipzig',
      countryCode: 'DE',
      phoneNumber: null,
    },
  ],
  uboUsers: [],
  documents: [
    {
      id: 7,
      type: 'registry_excerpt',
      purpose: 'commercial_register_excerpt',
      scope: 'customer',
      issuedAt: '2026-01-15',
      createdAt: '2026-01-16T09:00:00.000Z',
      file: {
        uuid: fileUuid,
        name: 'Handelsregisterauszug.pdf',
        size: 48_213,
        mediaType: 'application/pdf',
        downloadUrl: `/api/v2/admin/files/${fileUuid}`,
      },
    },
  ],
  identifications: [
    {
      id: 3,
      provider: 'sandbox',
      state: 'approved',
      stateAsString: 'approved',
      display: 'passed',
      partnerResult: 'SUCCESS',
      result: { document: 'ID_CARD' },
      createdAt: '2026-01-12T10:00:00.000Z',
      decidedAt: '2026-01-12T10:30:00.000Z',
    },
  ],
  questionnaires: [],
  wallets: [],
  professionalRequests: [],
  queueReasons: status === 'banned' ? [] : ['onboarding_complete'],
  decisions:
    status === 'banned'
      ? [
          { decision: 'approve', blocker: 'invalid_transition' },
          { decision: 'follow_up', blocker: 'invalid_transition' },
          { decision: 'ban', blocker: 'invalid_transition' },
          { decision: 'lift_ban', blocker: null },
        ]
      : [
          { decision: 'approve', blocker: null },
          { decision: 'follow_up', blocker: null },
          { decision: 'ban', blocker: null },
          { decision: 'lift_ban', blocker: 'invalid_transition' },
        ],
  erasure: null,
});

const banEntry: AuditEntry = {
  id: 11,
  action: 'customer_banned',
  reason: 'Treffer auf der Sanktionsliste',
  details: { from: null, to: 'banned' },
  createdAt: '2026-03-02T09:15:00.000Z',
  actor: operator,
};

type Call = { method: string; path: string; body: unknown };

/**
 * The API as the page meets it; `banned` flips once the ban was posted. `file` changes the customer
 * file the API answers (an erased customer's, say).
 */
function stubApi(
  record: ReturnType<typeof operatorRecord>,
  log: AuditEntry[] = [],
  file: Partial<CustomerFile> = {},
) {
  const calls: Call[] = [];
  let banned = false;
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    const operatorAnswer = answerOperator({ method, url: input, body: undefined }, record);
    if (operatorAnswer) return operatorAnswer;
    if (url.pathname === `/api/v2/admin/customers/${customerUuid}`)
      return json({ ...customerFile(banned ? 'banned' : null), ...file });
    if (url.pathname === `/api/v2/admin/customers/${customerUuid}/audit-log`) {
      const entries = banned ? [banEntry, ...log] : log;
      return json({ 'hydra:member': entries, 'hydra:totalItems': entries.length });
    }
    if (method === 'POST' && url.pathname === `/api/v2/admin/customers/${customerUuid}/ban`) {
      banned = true;
      return json({
        customer: { uuid: customerUuid, status: 'banned', followUpMessage: null, customerRolesAsString: [] },
        auditEntry: banEntry,
      });
    }
    if (method === 'POST' && url.pathname === `/api/v2/admin/files/${fileUuid}/link`) {
      return json(
        { url: `/api/v2/admin/files/${fileUuid}?access=signed`, expiresAt: '2026-03-02T09:17:00.000Z' },
        201,
      );
    }
    if (url.pathname === '/api/v2/admin/customers')
      return json({ 'hydra:member': [], 'hydra:totalItems': 0 });
    // the reference data, named in the language asked for
    if (url.pathname === '/api/v2/shop/countries') {
      const de = url.searchParams.get('locale') === 'de';
      return json([
        { id: 1, code: 'DE', name: de ? 'Deutschland' : 'Germany', enabled: true },
        { id: 2, code: 'AT', name: de ? 'Österreich' : 'Austria', enabled: true },
      ]);
    }
    if (url.pathname === '/api/v2/shop/currencies') {
      return json([{ id: 1, code: 'EUR', name: 'Euro' }]);
    }
    return json({ code: 'route_not_found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function setup(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminQueuePage /> },
      { path: '/admin/customers/:uuid', element: <AdminCustomerPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <NotificationBar />
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

setUpOperatorSession();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the admin area', () => {
  it('sends a visitor to the login and back', async () => {
    localStorage.clear();
    resetSessionStoreForTests();
    stubApi(operatorRecord());
    setup('/admin?status=banned');
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/login?redirectPath=%2Fadmin%3Fstatus%3Dbanned',
    );
  });

  it('shows a customer without the admin role the page-not-found screen and asks the admin API nothing', async () => {
    const calls = stubApi(operatorRecord({ customerRolesAsString: ['professional_investor'] }));
    setup('/admin');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/v2/admin'))).toEqual([]);
  });

  it('tells an admin without two-factor to turn it on', async () => {
    stubApi(operatorRecord({ twoFactorEnabled: false }));
    setup('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Zwei-Faktor-Authentifizierung erforderlich' }),
    ).toBeTruthy();
    expect(screen.getByText(errorMessage('operator_two_factor_required', 'de'))).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).getAttribute('href'),
    ).toBe('/account/two-factor');
  });
});

describe("a customer's page", () => {
  it('shows the file and bans after the confirmation with a reason; the log shows the decision', async () => {
    const calls = stubApi(operatorRecord());
    setup(`/admin/customers/${customerUuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erika Mustermann' })).toBeTruthy();
    expect(screen.getByText('Angemeldet als Clara Hoffmann')).toBeTruthy();
    expect(screen.getByText('Handelsregisterauszug.pdf')).toBeTruthy();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(screen.getByText('12.04.1985')).toBeTruthy();
    expect(screen.getByText(/Wartet wegen: Selbstauskunft abgeschlossen/)).toBeTruthy();
    const audit = screen.getByRole('region', { name: 'Prüfprotokoll' });
    expect(await within(audit).findByText('Noch keine Entscheidungen.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sperre aufheben' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kunden sperren' });
    fireEvent.input(within(dialog).getByLabelText('Begründung'), {
      target: { value: 'Treffer auf der Sanktionsliste' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sperren' }));

    expect(await screen.findByText('Erika Mustermann ist gesperrt.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v2/admin/customers/${customerUuid}/ban`,
      body: { reason: 'Treffer auf der Sanktionsliste' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the page reads the file and the log again
    expect(await within(audit).findByText('Gesperrt')).toBeTruthy();
    expect(within(audit).getByText('Begründung: Treffer auf der Sanktionsliste')).toBeTruthy();
    expect(within(audit).getByText(/von Clara Hoffmann/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sperre aufheben' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect((screen.getByRole('button', { name: 'Freigeben' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("names countries, the currency and the partner's result in the reader's language, not as codes", async () => {
    stubApi(operatorRecord(), [
      {
        id: 4,
        action: 'identification_result',
        reason: null,
        details: { from: 'init', to: 'approved', result: 'SUCCESS' },
        createdAt: '2026-01-12T10:30:00.000Z',
        actor: null,
      },
    ]);
    setup(`/admin/customers/${customerUuid}`);
    const personal = await screen.findByRole('region', { name: 'Persönliche Angaben' });
    // birth country and nationality
    expect(await within(personal).findAllByText('Deutschland')).toHaveLength(2);
    const bank = screen.getByRole('region', { name: 'Bankverbindung' });
    expect(within(bank).getByText('Deutschland')).toBeTruthy();
    expect(within(bank).getByText('Euro (EUR)')).toBeTruthy();
    const addresses = screen.getByRole('region', { name: 'Adressen' });
    expect(within(addresses).getByText(/04107 Leipzig, Deutschland/)).toBeTruthy();
    const identifications = screen.getByRole('region', { name: 'Identifizierung' });
    expect(
      within(identifications).getByText(
        'Anbieter: Sandbox (Testpartner) · Ergebnis des Partners: Identität bestätigt',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/SUCCESS/)).toBeNull();
    // the log names the identification's states as the identification does
    const audit = screen.getByRole('region', { name: 'Prüfprotokoll' });
    expect(await within(audit).findByText(/Gestartet → Bestätigt/)).toBeTruthy();
  });

  it('opens a document in a new tab through a short-lived link', async () => {
    const calls = stubApi(operatorRecord());
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    setup(`/admin/customers/${customerUuid}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Handelsregisterauszug.pdf in neuem Tab öffnen' }),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(`/api/v2/admin/files/${fileUuid}?access=signed`),
    );
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/v2/admin/files/${fileUuid}/link`);
  });
});

describe("an erased customer's page (GDPR Art. 17)", () => {
  const requestedAt = '2026-03-01T08:00:00.000Z';
  const decidedAt = '2026-03-02T09:15:00.000Z';
  const erasure: CustomerErasure = {
    state: 'confirmed',
    requestedAt,
    decidedAt,
    retained: [
      {
        category: 'identification',
        legalBasis: 'GwG § 8 (4)',
        retainUntil: '2031-12-31',
        purgedAt: null,
      },
      {
        category: 'business_letters',
        legalBasis: 'HGB § 257 (1) Nr. 2-3, (4); AO § 147 (1) Nr. 2-3, (3)',
        retainUntil: '2032-12-31',
        purgedAt: '2033-01-01T02:30:00.000Z',
      },
      { category: 'register', legalBasis: 'eWpG §§ 7, 17; eWpRV § 8', retainUntil: null, purgedAt: null },
    ],
  };
  const stub = customerFile(null).customer;
  const erasedFile: Partial<CustomerFile> = {
    customer: {
      ...stub,
      email: `erased-${customerUuid}@erased.invalid`,
      firstName: null,
      lastName: null,
      fullName: `erased-${customerUuid}@erased.invalid`,
      birthDate: null,
      iban: null,
    },
    addresses: [],
    queueReasons: [],
    professionalRequests: [
      {
        id: 5,
        status: 'requested',
        criteria: { statements: [] },
        reason: null,
        createdAt: '2026-02-20T10:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
        files: [],
      },
    ],
    decisions: (['approve', 'follow_up', 'ban', 'lift_ban'] as const).map((decision) => ({
      decision,
      blocker: 'customer_erased',
    })),
    erasure,
  };

  it('says so at the top, with what is kept until when, and offers no decision', async () => {
    stubApi(operatorRecord(), [], erasedFile);
    setup(`/admin/customers/${customerUuid}`);
    const notice = await screen.findByRole('region', {
      name: 'Daten auf Antrag gelöscht am 02.03.2026 (DSGVO Art. 17)',
    });
    // the heading names the stub for what it is, not by its placeholder address
    expect(screen.getByRole('heading', { level: 1, name: 'Gelöschter Kunde' })).toBeTruthy();
    // first on the page, before the decisions
    const decisions = screen.getByRole('region', { name: 'Entscheidungen' });
    expect(notice.compareDocumentPosition(decisions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(notice).getByText(/Entscheidungen sind nicht mehr möglich/)).toBeTruthy();
    expect(within(notice).getByText('Identifizierung · GwG § 8 (4) · bis 31.12.2031')).toBeTruthy();
    expect(within(notice).getByText(/^Geschäftsbriefe · .* · gelöscht am 01\.01\.2033$/)).toBeTruthy();
    expect(
      within(notice).getByText(
        'Kryptowertpapierregister · eWpG §§ 7, 17; eWpRV § 8 · solange das Register besteht',
      ),
    ).toBeTruthy();

    for (const name of ['Freigeben', 'Rückfrage stellen', 'Sperren', 'Sperre aufheben']) {
      const button = within(decisions).getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.title).toContain(errorMessage('customer_erased', 'de'));
    }
    // the kept professional request stays readable, without its decisions
    expect(
      screen.getByRole('region', { name: 'Anträge auf Einstufung als professioneller Kunde' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Antrag annehmen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Antrag ablehnen' })).toBeNull();
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi(operatorRecord(), [], erasedFile);
    setup(`/admin/customers/${customerUuid}`);
    const notice = await screen.findByRole('region', {
      name: `Data erased at the customer’s request on ${formatDate(decidedAt, { locale: 'en' })} (GDPR Art. 17)`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeTruthy();
    expect(within(notice).getByText(/No more decisions can be taken/)).toBeTruthy();
    expect(
      within(notice).getByText(
        `Identification · GwG § 8 (4) · until ${formatDate('2031-12-31', { locale: 'en' })}`,
      ),
    ).toBeTruthy();
  });

  it('names an open request with the date and leads to the erasure requests; the review goes on', async () => {
    stubApi(operatorRecord(), [], {
      erasure: { state: 'requested', requestedAt, decidedAt: null, retained: [] },
    });
    setup(`/admin/customers/${customerUuid}`);
    const notice = await screen.findByRole('region', { name: 'Löschantrag offen seit 01.03.2026' });
    expect(within(notice).getByRole('link', { name: 'Zu den Löschanträgen' }).getAttribute('href')).toBe(
      '/admin/erasure-requests',
    );
    expect((screen.getByRole('button', { name: 'Sperren' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no notice for a customer who never asked for erasure', async () => {
    stubApi(operatorRecord());
    setup(`/admin/customers/${customerUuid}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Erika Mustermann' })).toBeTruthy();
    expect(screen.queryByText(/Löschantrag|gelöscht am/)).toBeNull();
  });
});
