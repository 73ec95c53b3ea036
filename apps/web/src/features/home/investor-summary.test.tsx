import { cleanup, screen, within } from '@testing-library/react';
import type { TokenAssetView } from '@token/domain/register';
import type { PayoutView } from '@token/domain/servicing';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { resetSessionStoreForTests } from '../../lib/session-store.ts';
import { channelList, mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { storeSessionForTests } from '../../lib/test-session.ts';
import { InvestorSummary } from './investor-summary.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

function bond(code: string, minted: number, notMinted: number, nominalPerTokenCents: number): TokenAssetView {
  return {
    product: { id: 1, code, name: code },
    productVariant: { code, name: code, editionNumber: null },
    amount: minted + notMinted,
    minted,
    notMinted,
    pendingOutgoing: 0,
    nominalPerTokenCents,
    mintedNominalCents: minted * nominalPerTokenCents,
    coupon: '5.00',
    maturityDate: null,
    nextPaymentDate: null,
  };
}

function payout(
  id: number,
  payoutDate: string,
  amount: number,
  status: PayoutView['status'] = 'paid',
): PayoutView {
  return {
    id,
    type: 'interest',
    status,
    amount,
    payoutDate,
    bondCode: 'SOLAR',
    bondName: 'Solarpark Anleihe 2031',
    periodStart: null,
    periodEnd: null,
  };
}

function setup(opts: { assets: TokenAssetView[]; homeRequiresLogin?: boolean; payouts?: PayoutView[] }) {
  const calls = mockApi(({ url }) => {
    if (url === '/api/v2/shop/token-assets') return Response.json(opts.assets);
    if (url === '/api/v2/shop/customer-payouts?itemsPerPage=300') return Response.json(opts.payouts ?? []);
    if (url.startsWith('/api/v2/shop/channels'))
      return Response.json([{ ...channelList[0], homeRequiresLogin: opts.homeRequiresLogin ?? true }]);
    return undefined;
  });
  renderRoutes([{ path: '/', element: <InvestorSummary /> }], '/');
  return calls;
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('home');
});
beforeEach(() => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InvestorSummary (investor home, spec 1)', () => {
  it('sums the minted tokens and their nominal value across bonds and links the depot', async () => {
    setup({ assets: [bond('A', 120, 30, 10_000), bond('B', 300, 0, 1_000)] });
    const summary = within(await screen.findByTestId('investor-summary'));
    await summary.findByText('420');
    expect(text('home-wallet-nominal')).toBe('15.000 €');
    expect(text('home-wallet-bonds')).toBe('2');
    expect(summary.getByRole('link', { name: 'Zum Depot' }).getAttribute('href')).toBe('/account/wallet');
  });

  it('shows the last 3 payouts, newest first, and links /account/payments', async () => {
    setup({
      assets: [],
      payouts: [
        payout(4, '2026-09-30', 4_200, 'scheduled'),
        payout(3, '2026-06-30', 4_100),
        payout(2, '2026-03-31', 16_500),
        payout(1, '2025-03-31', 16_500),
      ],
    });
    const rows = await screen.findAllByTestId('home-payout');
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' '))).toEqual([
      'Solarpark Anleihe 203130.09.2026 · Zinsen · Geplant42,00 €',
      'Solarpark Anleihe 203130.06.2026 · Zinsen · Ausgezahlt41,00 €',
      'Solarpark Anleihe 203131.03.2026 · Zinsen · Ausgezahlt165,00 €',
    ]);
    const card = within(screen.getByTestId('home-payouts'));
    expect(card.getByRole('link', { name: 'Alle Zahlungen' }).getAttribute('href')).toBe('/account/payments');
  });

  it('shows the last payouts’ empty state until payouts exist', async () => {
    setup({ assets: [] });
    expect((await screen.findByTestId('home-payouts-empty')).textContent).toContain(
      'Noch keine Auszahlungen.',
    );
    expect(await screen.findByText('0', { selector: '[data-testid="home-wallet-minted"]' })).toBeTruthy();
  });

  it('is not shown in the marketplace reading nor to visitors', async () => {
    const calls = setup({ assets: [], homeRequiresLogin: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('investor-summary')).toBeNull();
    expect(calls.some((c) => c.url === '/api/v2/shop/token-assets')).toBe(false);
    cleanup();
    localStorage.clear();
    resetSessionStoreForTests();
    const visitorCalls = setup({ assets: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('investor-summary')).toBeNull();
    expect(visitorCalls.some((c) => c.url === '/api/v2/shop/token-assets')).toBe(false);
  });
});
