import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerReferralsView } from '@token/domain/referrals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';
import { AttractInvestorsPage } from './attract-investors-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
const link = 'https://tokenwerk.example/sign-up/ABCD2345';

const view = (overrides: Partial<CustomerReferralsView> = {}): CustomerReferralsView => ({
  referralCode: 'ABCD2345',
  referralLink: link,
  referralPartner: true,
  referralCommissionPerRegisteredCustomer: 2_500,
  referralCommissionPerPaidOrder: 5_000,
  counts: { registered: 4, approved: 3, investors: 2 },
  accrued: 7_500,
  paid: 5_000,
  lines: [
    { id: 3, bookedOn: '2026-11-25', kind: 'paid_order', amount: 5_000, status: 'accrued' },
    { id: 2, bookedOn: '2026-11-20', kind: 'registered_customer', amount: 2_500, status: 'accrued' },
    { id: 1, bookedOn: '2026-11-02', kind: 'paid_order', amount: 5_000, status: 'paid' },
  ],
  ...overrides,
});

function stub(answer: CustomerReferralsView) {
  return mockApi((call) =>
    call.url.startsWith('/api/v2/shop/customer-referrals') ? Response.json(answer) : undefined,
  );
}

/** Text with the non-breaking spaces of money formats as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

const show = () =>
  renderRoutes(
    [{ path: '/account/attract-investors', element: <AttractInvestorsPage /> }],
    '/account/attract-investors',
  );

async function language(locale: 'de' | 'en') {
  await i18n.changeLanguage(locale);
  await loadNamespace('account');
}

beforeEach(async () => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
  clearNotifications();
  await language('de');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AttractInvestorsPage (/account/attract-investors)', () => {
  it('shows the link with a QR code, the terms, the counts, the sums and the lines', async () => {
    stub(view());
    show();
    expect((await screen.findByTestId('referral-link')).textContent).toBe(link);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR-Code Ihres Empfehlungslinks' }).getAttribute('src')).toMatch(
        /^data:image\/svg\+xml/,
      ),
    );
    expect(plain(screen.getByTestId('referral-terms').textContent)).toContain('25,00 € je freigegebenem');
    expect(plain(screen.getByTestId('count-registered').textContent)).toBe('4');
    expect(plain(screen.getByTestId('count-approved').textContent)).toBe('3');
    expect(plain(screen.getByTestId('count-investors').textContent)).toBe('2');
    expect(plain(screen.getByTestId('sum-accrued').textContent)).toBe('75,00 €');
    expect(plain(screen.getByTestId('sum-paid').textContent)).toBe('50,00 €');
    const lines = screen.getAllByTestId('referral-line');
    expect(lines).toHaveLength(3);
    expect(plain(lines[0]?.textContent ?? null)).toContain('Bestellung bezahlt');
    expect(plain(lines[0]?.textContent ?? null)).toContain('25.11.2026');
    expect(plain(lines[2]?.textContent ?? null)).toContain('Abgerechnet');
  });

  it('copies the link and says so', async () => {
    stub(view());
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Link kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByRole('button', { name: 'Kopiert' })).toBeTruthy();
  });

  it('explains the page to someone who referred nobody yet, in English', async () => {
    await language('en');
    stub(
      view({
        referralPartner: false,
        referralCommissionPerRegisteredCustomer: 0,
        referralCommissionPerPaidOrder: 0,
        counts: { registered: 0, approved: 0, investors: 0 },
        accrued: 0,
        paid: 0,
        lines: [],
      }),
    );
    show();
    expect((await screen.findByTestId('referrals-empty')).textContent).toContain(
      'Nobody through your link yet',
    );
    expect(plain(screen.getByTestId('referral-terms').textContent)).toContain('No commissions are agreed');
    expect(screen.getByText(/Commissions are one-off/)).toBeTruthy();
    expect(plain(screen.getByTestId('sum-accrued').textContent)).toBe('€0.00');
  });
});
