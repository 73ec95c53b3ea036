import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfessionalRequestResource } from '@token/domain/documents';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { ProfessionalRequestPage } from './professional-request-page.tsx';
import { customerRecord, storeTestSession, testUuid } from './test-support.tsx';

const explanation = 'Seit 2019 zwölf Anleihegeschäfte im Quartal über mein Depot bei der Musterbank.';

function request(over: Partial<ProfessionalRequestResource> = {}): ProfessionalRequestResource {
  return {
    id: 5,
    status: 'requested',
    criteria: [
      { criterion: 'transactions', explanation },
      { criterion: 'portfolio', explanation: 'Depot und Festgeld, zusammen rund 620.000 Euro.' },
    ],
    consequencesAcknowledgedAt: '2026-11-20T10:00:00.000Z',
    noticeVersion: '2025-01',
    evidence: [
      {
        criterion: 'transactions',
        file: { uuid: 'f1', name: 'depotauszug.pdf', size: 250_000, mediaType: 'application/pdf' },
        downloadUrl: '/api/v2/shop/file/f1/download',
      },
    ],
    missingEvidence: ['portfolio'],
    reason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}

function setup(opts: { requests: ProfessionalRequestResource[]; roles?: string[]; path?: string }) {
  let requests = opts.requests;
  const calls = mockApi(({ method, url, body }) => {
    if (url === `/api/v2/shop/customers/${testUuid}`)
      return Response.json(customerRecord({ customerRolesAsString: opts.roles ?? [] }));
    if (url === '/api/v2/shop/professional-requests?itemsPerPage=30') return Response.json(requests);
    if (url === '/api/v2/shop/professional-requests' && method === 'POST') {
      const input = body as { criteria: ProfessionalRequestResource['criteria'] };
      const created = request({
        id: 6,
        criteria: input.criteria,
        evidence: [],
        missingEvidence: ['transactions'],
      });
      requests = [created, ...requests];
      return Response.json(created, { status: 201 });
    }
    const withdraw = /^\/api\/v2\/shop\/professional-requests\/(\d+)\/withdraw$/.exec(url);
    if (withdraw && method === 'PATCH') {
      requests = requests.map((r) =>
        r.id === Number(withdraw[1]) ? { ...r, status: 'withdrawn' as const } : r,
      );
      return Response.json(requests[0]);
    }
    return undefined;
  });
  renderRoutes(
    [{ path: '/account/professional', element: <ProfessionalRequestPage /> }],
    opts.path ?? '/account/professional',
  );
  return calls;
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Antrag stellen' }));

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await Promise.all([loadNamespace('onboarding'), loadNamespace('account')]);
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

describe('ProfessionalRequestPage (/account/professional, WpHG § 67 (6))', () => {
  it('takes the criteria stated on the questionnaire and checks the request before sending it', async () => {
    const calls = setup({ requests: [], path: '/account/professional?criteria=transactions,portfolio' });
    const transactions = (await screen.findByRole('checkbox', {
      name: /Geschäfte von erheblichem Umfang/,
    })) as HTMLInputElement;
    expect(transactions.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Finanzportfolio/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: /Berufserfahrung/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    send();
    // each stated criterion needs its explanation; the notice must be confirmed (§ 67 (6) sentence 5)
    await waitFor(() => expect(screen.getAllByText('Dieses Feld ist erforderlich')).toHaveLength(2));
    expect(
      screen.getByText('Bitte bestätigen Sie, dass Sie den Hinweis zur Kenntnis genommen haben'),
    ).toBeTruthy();
    // one criterion is not enough
    fireEvent.click(screen.getByRole('checkbox', { name: /Finanzportfolio/ }));
    const [first] = screen.getAllByRole('textbox');
    fireEvent.input(defined(first), { target: { value: 'zu kurz' } });
    send();
    expect(await screen.findByText('Bitte geben Sie mindestens zwei der drei Kriterien an')).toBeTruthy();
    expect(screen.getByText('Der Text muss mindestens 10 Zeichen lang sein')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('sends the stated criteria with their explanations and the confirmed notice; then asks for the evidence', async () => {
    const calls = setup({ requests: [] });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Geschäfte von erheblichem Umfang/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Berufserfahrung/ }));
    const [a, b] = screen.getAllByRole('textbox');
    fireEvent.input(defined(a), { target: { value: explanation } });
    fireEvent.input(defined(b), { target: { value: 'Fünf Jahre Händler in einer Bank, Anleihedesk.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Ich habe diesen Hinweis zur Kenntnis genommen/ }));
    send();
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toEqual({
      method: 'POST',
      url: '/api/v2/shop/professional-requests',
      body: {
        criteria: [
          { criterion: 'transactions', explanation },
          { criterion: 'profession', explanation: 'Fünf Jahre Händler in einer Bank, Anleihedesk.' },
        ],
        consequencesAcknowledged: true,
      },
    });
    expect(
      within(await screen.findByTestId('professional-status')).getByText('Ihr Antrag wird geprüft'),
    ).toBeTruthy();
    expect(screen.getAllByRole('form', { name: /Nachweis hochladen/ }).length).toBeGreaterThan(0);
  });

  it('shows an open request: evidence per criterion, what is missing, and withdraws after asking', async () => {
    const calls = setup({ requests: [request()] });
    const status = within(await screen.findByTestId('professional-status'));
    expect(status.getByText('Es fehlen noch Nachweise für: Finanzportfolio über 500.000 Euro')).toBeTruthy();
    expect(screen.getByText('depotauszug.pdf')).toBeTruthy();
    expect(screen.getByText(explanation)).toBeTruthy();
    expect(
      screen.getByRole('form', { name: 'Nachweis hochladen: Finanzportfolio über 500.000 Euro' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Antrag zurückziehen' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Antrag zurückziehen' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/v2/shop/professional-requests/5/withdraw',
    });
    // a withdrawn request: the form for a new one
    expect(await screen.findByText('Sie haben Ihren Antrag zurückgezogen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Antrag stellen' })).toBeTruthy();
  });

  it('shows a refusal with its reason beside the form for a new request', async () => {
    setup({
      requests: [
        request({
          status: 'refused',
          reason: 'Die Nachweise decken nur zwei Quartale ab.',
          decidedAt: '2026-11-22T09:00:00.000Z',
        }),
      ],
    });
    const closed = within(await screen.findByTestId('professional-closed'));
    expect(closed.getByText('Ihr Antrag wurde abgelehnt')).toBeTruthy();
    expect(closed.getByText(/nur zwei Quartale/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Antrag stellen' })).toBeTruthy();
  });

  it('says "now classified professional" once an operator approved', async () => {
    setup({ requests: [request({ status: 'approved' })], roles: ['professional_investor'] });
    expect(
      within(await screen.findByTestId('professional-status')).getByText(
        'Sie sind jetzt als professioneller Kunde eingestuft',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Antrag stellen' })).toBeNull();
  });
});
