import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CustomerResource } from '@token/domain/accounts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from '../../components/ui/notification-bar.tsx';
import { i18n } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { walletErrorText } from './ethereum-provider.ts';
import { WalletConnectButton } from './wallet-connect-button.tsx';

const uuid = '4c2b6d1e-0f3a-4b8e-9a51-7d6e5f4c3b2a';

/** The customer record with the wallet fields the button reads. */
const record = (over: Partial<CustomerResource> = {}): CustomerResource =>
  customerRecordForTests({
    id: 9,
    uuid,
    email: 'jonas@example.com',
    firstName: 'Jonas',
    lastName: 'Weber',
    fullName: 'Jonas Weber',
    onboarding: {
      nextRoute: null,
      steps: [{ step: 'kyc', route: '/self-disclosure/kyc', state: 'done' }],
      mayBuy: false,
      banner: null,
    },
    ...over,
  });

const lower = '0x52908400098527886e0f7030069857d2e4169ee7';
const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';

type Listener = (accounts: unknown) => void;

/** An EIP-1193 provider as a wallet extension injects it. */
function installProvider(opts: { connected?: string[]; onRequestAccounts?: () => Promise<unknown> } = {}) {
  let accounts = opts.connected ?? [];
  const listeners = new Set<Listener>();
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_accounts') return accounts;
      if (method === 'eth_requestAccounts') {
        if (opts.onRequestAccounts) return opts.onRequestAccounts();
        accounts = [lower];
        return accounts;
      }
      throw { code: 4200, message: 'Unsupported method' };
    }),
    on: (_event: string, l: Listener) => listeners.add(l),
    removeListener: (_event: string, l: Listener) => listeners.delete(l),
    emit: (next: string[]) => {
      accounts = next;
      for (const l of listeners) l(next);
    },
  };
  (globalThis as { ethereum?: unknown }).ethereum = provider;
  return provider;
}

function setup(ethAddress: string | null = null) {
  const puts: unknown[] = [];
  let current = record({ ethAddress });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === `/api/v2/shop/customers/${uuid}` && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { ethAddress: string };
        puts.push(body);
        current = { ...current, ethAddress: checksummed };
        return Response.json(current);
      }
      if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(current);
      return Response.json([]);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <NotificationBar />
        <WalletConnectButton />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return puts;
}

beforeAll(async () => {
  await i18n.changeLanguage('de');
});
beforeEach(() => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-banners', uuid, validMs: 2 * 60 * 60_000 });
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (globalThis as { ethereum?: unknown }).ethereum;
});

describe('WalletConnectButton (spec 1, EIP-1193)', () => {
  it('without an extension, offers an install prompt', async () => {
    setup();
    const button = screen.getByRole('button', { name: 'Wallet-Erweiterung' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByText(/installieren Sie eine Wallet-Erweiterung/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /Wallet-Erweiterungen im Überblick/ }).getAttribute('target'),
    ).toBe('_blank');
  });

  it('connects (eth_requestAccounts), shows the address as 5+4 and stores it with PUT customers {ethAddress}', async () => {
    const provider = installProvider();
    const puts = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet verbinden' }));
    expect((await screen.findByTestId('wallet-connected')).textContent).toContain('0x529…9ee7');
    expect(provider.request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
    await waitFor(() => expect(puts).toEqual([{ ethAddress: lower }]));
  });

  it('shows an account the extension already allows without asking, and stores nothing it already has', async () => {
    const provider = installProvider({ connected: [lower] });
    const puts = setup(checksummed);
    expect((await screen.findByTestId('wallet-connected')).getAttribute('title')).toBe(lower);
    expect(provider.request).not.toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
    await new Promise((r) => setTimeout(r, 30));
    expect(puts).toEqual([]);
  });

  it('follows a switch of account in the extension', async () => {
    const provider = installProvider({ connected: [lower] });
    const puts = setup(checksummed);
    await screen.findByTestId('wallet-connected');
    const other = '0xde709f2102306220921060314715629080e2fb77';
    provider.emit([other]);
    expect((await screen.findByTestId('wallet-connected')).textContent).toContain('0xde7…fb77');
    await waitFor(() => expect(puts).toEqual([{ ethAddress: other }]));
    provider.emit([]);
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBeTruthy();
  });

  it('shows a refusal as "code: message" (spec 8)', async () => {
    installProvider({
      onRequestAccounts: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }),
    });
    const puts = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet verbinden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('4001: User rejected the request.');
    expect(puts).toEqual([]);
  });

  it('words wallet errors as code: message with data, else the unexpected error', () => {
    expect(
      walletErrorText({ code: -32603, message: 'Internal error', data: { reason: 'x' } }, 'fallback'),
    ).toBe('-32603: Internal error ({"reason":"x"})');
    expect(walletErrorText(new Error('boom'), 'An unexpected Error Occurred')).toBe(
      'An unexpected Error Occurred',
    );
    expect(walletErrorText(undefined, 'An unexpected Error Occurred')).toBe('An unexpected Error Occurred');
  });
});
