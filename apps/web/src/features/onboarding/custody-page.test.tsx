import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { CustodyPage } from './custody-page.tsx';
import { customerRecord, onboardingStatus, storeTestSession, testUuid } from './test-support.tsx';
import type { OnboardingCustomer } from './types.ts';

const address = '0x52908400098527886E0F7030069857D2E4169EE7';
const atCustody = onboardingStatus('/self-disclosure/custody', 'custody');
// decision 032: the custody wallet is the last step, after the identification
const afterCustody = onboardingStatus(null, null);

function setup(record: OnboardingCustomer, onCreate?: (body: unknown, open: () => void) => Response) {
  let current = record;
  const openWallet = () => {
    current = {
      ...current,
      defaultWallet: address,
      cryptoRegistrarStatus: 'approval_required',
      onboarding: afterCustody,
    };
  };
  const calls = mockApi(({ method, url, body }) => {
    if (url === `/api/v2/shop/customers/${testUuid}`) return Response.json(current);
    if (url === '/api/v2/shop/wallets' && method === 'POST') {
      if (onCreate) return onCreate(body, openWallet);
      openWallet();
      return Response.json(
        {
          id: 1,
          type: 'custody',
          name: 'x',
          address,
          defaultWallet: true,
          createdAt: '2026-11-23T10:00:00Z',
        },
        { status: 201 },
      );
    }
    return undefined;
  });
  renderRoutes([{ path: '/self-disclosure/custody', element: <CustodyPage /> }], '/self-disclosure/custody');
  return calls;
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

describe('CustodyPage (/self-disclosure/custody)', () => {
  it('explains custody and opens the custody wallet, then goes where the refreshed customer says', async () => {
    const calls = setup(customerRecord({ onboarding: atCustody }));
    expect(await screen.findByText('Was bedeutet Verwahrung?')).toBeTruthy();
    const name = screen.getByLabelText('Name des Wallets') as HTMLInputElement;
    // named in the visitor's language unless they choose another name
    expect(name.value).toBe('Verwahrungs-Wallet');
    fireEvent.input(name, { target: { value: '  Anleihen-Depot ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wallet eröffnen' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v2/shop/wallets',
        body: { type: 'custody', defaultWallet: true, name: 'Anleihen-Depot' },
      },
    ]);
    // spec 7: the 201 triggers a refresh of the customer
    const reads = calls.filter((c) => c.method === 'GET' && c.url === `/api/v2/shop/customers/${testUuid}`);
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('needs a name and sends nothing without one', async () => {
    const calls = setup(customerRecord({ onboarding: atCustody }));
    fireEvent.input(await screen.findByLabelText('Name des Wallets'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wallet eröffnen' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name des Wallets').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Dieses Feld ist erforderlich')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('goes on when the wallet was opened meanwhile in another tab (409 wallet_exists)', async () => {
    setup(customerRecord({ onboarding: atCustody }), (_body, openWallet) => {
      openWallet();
      return problemAnswer(409, 'wallet_exists');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet eröffnen' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('shows a refusal of the custodian in the notification bar and stays', async () => {
    const calls = setup(customerRecord({ onboarding: atCustody }), () =>
      problemAnswer(503, 'partner_unavailable'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet eröffnen' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unser Partner ist gerade nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    );
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Wallet eröffnen' })).toBeTruthy();
  });

  it('shows the opened wallet shortened to 5+4 characters with the registrar status', async () => {
    setup(
      customerRecord({
        defaultWallet: address,
        cryptoRegistrarStatus: 'follow_up',
        onboarding: afterCustody,
      }),
    );
    const card = within(await screen.findByTestId('custody-opened'));
    expect(card.getByText('0x529…9EE7')).toBeTruthy();
    expect(card.getByText('Die Kryptoverwahrstelle benötigt weitere Informationen von Ihnen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wallet eröffnen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});
