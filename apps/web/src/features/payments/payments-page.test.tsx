import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExpectedPayoutView, PayoutView } from '@token/domain/servicing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { type ApiHandler, mockApi, problemAnswer, renderRoutes } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';
import { payoutsByQuarter } from './components/payouts-chart.tsx';
import { PaymentsPage } from './payments-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

function payout(overrides: Partial<PayoutView> = {}): PayoutView {
  return {
    id: 41,
    type: 'interest',
    status: 'paid',
    amount: 16_500,
    payoutDate: '2026-03-31',
    bondCode: 'SOLAR',
    bondName: 'Solarpark Anleihe 2031',
    periodStart: '2025-03-31',
    periodEnd: '2026-03-31',
    ...overrides,
  };
}

const payouts: PayoutView[] = [
  payout({
    id: 43,
    status: 'scheduled',
    payoutDate: '2026-09-30',
    amount: 4_200,
    bondCode: 'WIND',
    bondName: 'Windpark Anleihe 2029',
    periodStart: '2026-03-31',
    periodEnd: '2026-09-30',
  }),
  payout({
    id: 42,
    payoutDate: '2026-06-30',
    amount: 4_100,
    bondCode: 'WIND',
    bondName: 'Windpark Anleihe 2029',
    periodStart: '2025-12-31',
    periodEnd: '2026-06-30',
  }),
  payout(),
];

const expected: ExpectedPayoutView[] = [
  {
    bondCode: 'SOLAR',
    bondName: 'Solarpark Anleihe 2031',
    isin: 'DE000A1EWWW0',
    type: 'interest',
    expected: true,
    paymentDate: '2027-03-31',
    recordDate: '2027-03-30',
    periodStart: '2026-03-31',
    periodEnd: '2027-03-31',
    tokens: 3,
    couponRateBasisPoints: 550,
    accrualFraction: '1',
    accrualFractionDecimal: '1.0000000000',
    couponAmount: 16_500,
    redemptionAmount: 0,
    amount: 16_500,
  },
];

function setup(opts: { payouts?: PayoutView[]; expected?: ExpectedPayoutView[] } = {}, extra?: ApiHandler) {
  const calls = mockApi((call, request) => {
    const answer = extra?.(call, request);
    if (answer) return answer;
    if (call.url.startsWith('/api/v2/shop/customer-payouts?')) return Response.json(opts.payouts ?? payouts);
    if (call.url === '/api/v2/shop/customer-expected-payouts')
      return Response.json(opts.expected ?? expected);
    return undefined;
  });
  renderRoutes([{ path: '/account/payments', element: <PaymentsPage /> }], '/account/payments');
  return calls;
}

async function switchLanguage(locale: 'de' | 'en') {
  await i18n.changeLanguage(locale);
  await loadNamespace('register');
}

beforeEach(async () => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
  clearNotifications();
  await switchLanguage('de');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PaymentsPage (/account/payments)', () => {
  it('lists the payouts newest first with date, bond, period, type, amount and status, from one call of 300', async () => {
    const calls = setup();
    const rows = await screen.findAllByTestId('payout-row');
    const text = rows.map((r) => r.textContent?.replace(/\s+/g, ' '));
    expect(text[0]).toContain('Windpark Anleihe 2029');
    expect(text[0]).toContain('Zinsen · Zinsperiode 31.03.2026 – 30.09.2026');
    expect(text[0]).toContain('30.09.2026');
    expect(text[0]).toContain('Geplant');
    expect(text[0]).toContain('42,00 €');
    expect(text[2]).toContain('Solarpark Anleihe 2031');
    expect(text[2]).toContain('Ausgezahlt');
    expect(text[2]).toContain('165,00 €');
    expect(calls.filter((c) => c.url.startsWith('/api/v2/shop/customer-payouts')).map((c) => c.url)).toEqual([
      '/api/v2/shop/customer-payouts?itemsPerPage=300',
    ]);
  });

  it('draws the chart by quarter with a legend per bond and a table alternative', async () => {
    setup();
    const chart = within(await screen.findByTestId('payouts-chart'));
    const svg = chart.getByRole('img', { name: 'Auszahlungen im Zeitverlauf' });
    expect(svg.querySelector('desc')?.textContent?.replace(/\s+/g, ' ')).toBe(
      'Auszahlungen in 3 Quartalen von 1. Quartal 2026 bis 3. Quartal 2026, zusammen 248 €.',
    );
    expect(svg.querySelectorAll('rect')).toHaveLength(3);
    const legend = within(screen.getByTestId('payouts-legend'));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Solarpark Anleihe 2031',
      'Windpark Anleihe 2029',
    ]);
    const table = chart.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent?.replace(/\s+/g, ' ')),
    ).toEqual([
      'QuartalSolarpark Anleihe 2031Windpark Anleihe 2029Summe',
      '1. Quartal 2026165 €0 €165 €',
      '2. Quartal 20260 €41 €41 €',
      '3. Quartal 20260 €42 €42 €',
    ]);
  });

  it('shows the next expected payments, marked as expected', async () => {
    setup();
    const section = within(await screen.findByTestId('expected-payouts'));
    expect(section.getByText(/Erwartet, nicht garantiert/)).toBeTruthy();
    const [row] = await section.findAllByTestId('expected-row');
    expect(row?.textContent?.replace(/\s+/g, ' ')).toContain('Erwartet am 31.03.2027 · bei 3 Token');
    expect(row?.textContent?.replace(/\s+/g, ' ')).toContain('165,00 €');
  });

  it('downloads a statement PDF with the session’s token, and says why one failed', async () => {
    setup({}, ({ url }) =>
      url === '/api/v2/shop/customer-payouts/41/statement'
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })
        : url.endsWith('/statement')
          ? problemAnswer(404, 'payout_not_found')
          : undefined,
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:statement');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Abrechnung vom 31.03.2026 für Solarpark Anleihe 2031 als PDF herunterladen',
      }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url) === '/api/v2/shop/customer-payouts/41/statement');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer a.b.c');
    expect(new Headers(call?.[1]?.headers).get('accept-language')).toBe('de');
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Abrechnung vom 30.09.2026 für Windpark Anleihe 2029 als PDF herunterladen',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Diese Auszahlung wurde nicht gefunden.',
    );
  });

  it('has empty states in German and English, and no chart without payouts', async () => {
    setup({ payouts: [], expected: [] });
    expect((await screen.findByTestId('payouts-empty')).textContent).toContain('Noch keine Auszahlungen.');
    expect((await screen.findByTestId('expected-empty')).textContent).toBe(
      'Keine erwarteten Zahlungen in den nächsten 12 Monaten.',
    );
    expect(screen.queryByTestId('payouts-chart')).toBeNull();
    cleanup();
    await switchLanguage('en');
    setup({ payouts: [], expected: [] });
    expect((await screen.findByTestId('payouts-empty')).textContent).toContain('No payouts yet.');
    expect((await screen.findByTestId('expected-empty')).textContent).toBe(
      'No payments expected in the next 12 months.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payments');
  });
});

describe('payoutsByQuarter', () => {
  it('keeps empty quarters between payouts, leaves failed ones out, and keeps a bond’s colour', () => {
    const { bonds, quarters } = payoutsByQuarter(
      [
        payout({ payoutDate: '2025-02-01', amount: 100 }),
        payout({ id: 2, payoutDate: '2025-11-01', amount: 300, bondCode: 'W', bondName: 'W' }),
        payout({ id: 3, payoutDate: '2025-05-01', amount: 999, status: 'failed' }),
      ],
      'Provision',
    );
    expect(bonds.map((b) => b.key)).toEqual(['SOLAR', 'W']);
    expect(quarters.map((q) => [q.key, q.total])).toEqual([
      ['2025-Q1', 100],
      ['2025-Q2', 0],
      ['2025-Q3', 0],
      ['2025-Q4', 300],
    ]);
  });
});
