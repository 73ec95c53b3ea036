import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { CustodyAccountPage } from './custody-account-page.tsx';

const testUuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

const address = '0x52908400098527886E0F7030069857D2E4169EE7';
const wallet = {
  id: 1,
  type: 'custody',
  name: 'Anleihen-Depot',
  address,
  defaultWallet: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function setup(opts: { wallets: unknown[]; registrar: string | null }) {
  return mockApi(({ url }) => {
    if (url === `/api/v2/shop/customers/${testUuid}`)
      return Response.json(
        customerRecordForTests({
          id: 7,
          uuid: testUuid,
          email: 'erika@example.com',
          firstName: 'Erika',
          lastName: 'Mustermann',
          fullName: 'Erika Mustermann',
          referralCode: 'ERIKA1',
          onboarding: {
            nextRoute: '/self-disclosure/personal',
            steps: [{ step: 'personal', route: '/self-disclosure/personal', state: 'current' }],
            mayBuy: false,
            banner: null,
          },
          defaultWallet: opts.wallets.length ? address : null,
          cryptoRegistrarStatus: opts.registrar,
        }),
      );
    if (url === '/api/v2/shop/wallets?itemsPerPage=400') return Response.json(opts.wallets);
    return undefined;
  });
}

const show = () =>
  renderRoutes([{ path: '/account/custody', element: <CustodyAccountPage /> }], '/account/custody');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await Promise.all([loadNamespace('onboarding'), loadNamespace('account')]);
});
beforeEach(() => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-1', uuid: testUuid, validMs: 10 * 60_000 });
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CustodyAccountPage (/account/custody)', () => {
  it('shows the address as its first 5 and last 4 characters, the full one on demand', async () => {
    setup({ wallets: [wallet], registrar: 'approved' });
    show();
    expect((await screen.findByTestId('wallet-address-short')).textContent).toBe('0x529…9EE7');
    expect(screen.getByRole('heading', { name: 'Anleihen-Depot' })).toBeTruthy();
    expect(screen.queryByTestId('wallet-address-full')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Vollständig anzeigen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('wallet-address-full').textContent).toBe(address);
    expect(screen.getByRole('button', { name: 'Verkürzt anzeigen' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('copies the full address', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup({ wallets: [wallet], registrar: 'approved' });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address));
    expect(await screen.findByRole('button', { name: 'Kopiert' })).toBeTruthy();
  });

  it.each([
    ['approval_required', 'In Prüfung', 'Die Kryptoverwahrstelle prüft die Eröffnung Ihres Wallets.'],
    ['approved', 'Freigegeben', 'Die Kryptoverwahrstelle hat Ihr Wallet freigegeben.'],
    [
      'follow_up',
      'Informationen benötigt',
      'Die Kryptoverwahrstelle benötigt weitere Informationen von Ihnen.',
    ],
    ['rejected', 'Abgelehnt', 'Die Kryptoverwahrstelle hat die Eröffnung abgelehnt.'],
  ])('shows the registrar status %s', async (status, label, text) => {
    setup({ wallets: [wallet], registrar: status });
    show();
    expect((await screen.findByTestId('registrar-status')).textContent).toBe(label);
    expect(screen.getByText(text)).toBeTruthy();
    const contact = screen.queryByRole('link', { name: 'Kontaktieren Sie uns' });
    expect(contact !== null).toBe(status === 'follow_up' || status === 'rejected');
  });

  it('without a wallet, leads to opening one', async () => {
    setup({ wallets: [], registrar: null });
    show();
    const section = within(
      defined((await screen.findByText('Noch kein Verwahrungs-Wallet')).closest('section')),
    );
    expect(section.getByRole('link', { name: 'Wallet eröffnen' }).getAttribute('href')).toBe(
      '/self-disclosure/custody',
    );
  });
});
