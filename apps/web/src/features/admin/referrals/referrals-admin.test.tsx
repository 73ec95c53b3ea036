import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorMessage } from '@token/domain/errors';
import type {
  ReferralCommissionAdminLine,
  ReferralPartnerAdminView,
  ReferralStatementView,
} from '@token/domain/referrals';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { answerOperator, setUpOperatorSession } from '../admin.test-kit.tsx';
import { AdminReferralsPage } from './referrals-page.tsx';
import { centsOf } from './terms-dialog.tsx';

const partnerUuid = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const base = `/api/v2/admin/referral-partners/${partnerUuid}`;

const partner = (overrides: Partial<ReferralPartnerAdminView> = {}): ReferralPartnerAdminView => ({
  uuid: partnerUuid,
  fullName: 'Paula Partner',
  email: 'paula@example.com',
  referralCode: 'PAULA234',
  referralPartner: true,
  referralCommissionPerRegisteredCustomer: 2_500,
  referralCommissionPerPaidOrder: 5_000,
  counts: { registered: 3, approved: 2, investors: 1 },
  accrued: 7_500,
  paid: 0,
  ...overrides,
});

const lines: ReferralCommissionAdminLine[] = [
  {
    id: 2,
    bookedOn: '2026-11-25',
    kind: 'paid_order',
    amount: 5_000,
    status: 'accrued',
    referredCustomer: '#a1b2c3d4',
    orderNumber: 'S000000041',
    statementId: null,
  },
  {
    id: 1,
    bookedOn: '2026-11-20',
    kind: 'registered_customer',
    amount: 2_500,
    status: 'accrued',
    referredCustomer: '#a1b2c3d4',
    orderNumber: null,
    statementId: null,
  },
];

const statement: ReferralStatementView = {
  id: 9,
  periodFrom: '2026-11-20',
  periodTo: '2026-11-25',
  total: 7_500,
  lines: 2,
  payoutId: 44,
  payoutStatus: 'pending',
  createdAt: '2026-11-27T10:00:00.000Z',
};

function stubApi(answer?: (call: ApiCall) => Response | undefined) {
  let statements: ReferralStatementView[] = [];
  return mockApi((call) => {
    const overridden = answer?.(call) ?? answerOperator(call);
    if (overridden) return overridden;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v2/admin/referral-partners')
      return Response.json({ 'hydra:member': [partner()], 'hydra:totalItems': 1 });
    if (url.pathname === `${base}/commissions`) return Response.json(lines);
    if (url.pathname === `${base}/statements` && call.method === 'GET') return Response.json(statements);
    if (url.pathname === `${base}/statements` && call.method === 'POST') {
      statements = [statement];
      return Response.json(statement, { status: 201 });
    }
    if (url.pathname === `${base}/statements/9/paid` && call.method === 'POST') {
      statements = [{ ...statement, payoutStatus: 'paid' }];
      return Response.json(statements[0]);
    }
    if (url.pathname === `${base}/terms`) return Response.json(partner({ ...(call.body as object) }));
    return undefined;
  });
}

/** Text with the non-breaking spaces of money formats as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

const show = (path = '/admin/referrals') =>
  renderRoutes([{ path: '/admin/referrals', element: <AdminReferralsPage /> }], path);

setUpOperatorSession();

describe('/admin/referrals', () => {
  it('lists the partners with terms, counts and sums, and searches', async () => {
    const calls = stubApi();
    show();
    expect(await screen.findByText('1 Partner')).toBeTruthy();
    const row = defined(screen.getAllByTestId('partner-row')[0]);
    expect(plain(row.textContent)).toContain('Paula Partner');
    expect(plain(row.textContent)).toContain('25,00 € je Kunde');
    expect(plain(row.textContent)).toContain('3 / 2 / 1');
    fireEvent.input(screen.getByRole('textbox', { name: 'Name oder E-Mail' }), {
      target: { value: 'paula' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/referral-partners?') && c.url.includes('search=paula'))).toBe(
        true,
      ),
    );
  });

  it('changes the terms in euros and sends cents', async () => {
    const calls = stubApi();
    show();
    fireEvent.click(
      defined((await screen.findAllByRole('button', { name: 'Konditionen von Paula Partner ändern' }))[0]),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Je bezahlter Bestellung/), {
      target: { value: '60,50' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'PUT',
      url: `${base}/terms`,
      body: { referralCommissionPerRegisteredCustomer: 2_500, referralCommissionPerPaidOrder: 6_050 },
    });
  });

  it('refuses an amount out of range before sending', async () => {
    expect(centsOf('100000')).toBe(10_000_000);
    expect(centsOf('100000,01')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    const calls = stubApi();
    show();
    fireEvent.click(
      defined((await screen.findAllByRole('button', { name: 'Konditionen von Paula Partner ändern' }))[0]),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByLabelText(/Je bezahlter Bestellung/), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(/zwischen 0 und 100.000 €/)).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('shows the commissions without names, creates a statement and offers its PDF', async () => {
    const calls = stubApi();
    show(`/admin/referrals?partner=${partnerUuid}`);
    const details = await screen.findByTestId('partner-details');
    await waitFor(() => expect(within(details).getAllByTestId('commission-row')).toHaveLength(2));
    expect(details.textContent).toContain('Kunde #a1b2c3d4');
    fireEvent.click(within(details).getByRole('button', { name: 'Abrechnung erstellen' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Abrechnung erstellen' }));
    await waitFor(() => expect(writesOf(calls).map((c) => c.method)).toEqual(['POST']));
    expect(await screen.findByRole('button', { name: 'Abrechnung 9 als PDF herunterladen' })).toBeTruthy();

    // The transfer to the partner is booked after a confirmation; then the statement reads transferred.
    fireEvent.click(await within(details).findByRole('button', { name: 'Als überwiesen buchen' }));
    const paid = await screen.findByRole('alertdialog');
    fireEvent.click(within(paid).getByRole('button', { name: 'Als überwiesen buchen' }));
    await waitFor(() =>
      expect(writesOf(calls).map((c) => c.url)).toContain(
        `/api/v2/admin/referral-partners/${partnerUuid}/statements/9/paid`,
      ),
    );
    expect(await within(details).findByText('Überwiesen')).toBeTruthy();
  });

  it('says when nothing is accrued', async () => {
    stubApi((call) =>
      call.method === 'POST' ? problemAnswer(409, 'referral_commissions_none_accrued') : undefined,
    );
    show(`/admin/referrals?partner=${partnerUuid}`);
    const details = await screen.findByTestId('partner-details');
    fireEvent.click(within(details).getByRole('button', { name: 'Abrechnung erstellen' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abrechnung erstellen' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      errorMessage('referral_commissions_none_accrued', 'de'),
    );
  });
});
