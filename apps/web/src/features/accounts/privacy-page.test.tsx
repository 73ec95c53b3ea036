import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { PrivacyPage } from './privacy-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';
const base = `/api/v2/shop/customers/${uuid}`;
const noPositions = { tokensHeld: 0, unpaidOrders: 0, ordersToMint: 0, pendingPayouts: 0, blocker: null };

function stubApi(answer?: (call: ApiCall) => Response | undefined, opts: { twoFactor?: boolean } = {}) {
  return mockApi((call) => {
    const overridden = answer?.(call);
    if (overridden) return overridden;
    if (call.url === base)
      return Response.json(
        customerRecordForTests({
          id: 7,
          uuid,
          email: 'erika@example.com',
          firstName: 'Erika',
          lastName: 'Mustermann',
          fullName: 'Erika Mustermann',
          twoFactorEnabled: opts.twoFactor ?? false,
          onboarding: { nextRoute: null, steps: [], mayBuy: true, banner: null },
        }),
      );
    if (call.url === `${base}/data-exports` && call.method === 'GET')
      return Response.json([
        {
          id: '7f7f7f7f-1111-4222-8333-444455556666',
          state: 'ready',
          requestedAt: '2026-11-20T10:00:00.000Z',
          readyAt: '2026-11-20T10:01:00.000Z',
          expiresAt: '2026-11-27T10:01:00.000Z',
          size: 12345,
        },
      ]);
    if (call.url === `${base}/data-exports` && call.method === 'POST')
      return Response.json(
        {
          id: '8f8f8f8f-1111-4222-8333-444455556666',
          state: 'pending',
          requestedAt: '2026-11-29T10:00:00.000Z',
          readyAt: null,
          expiresAt: null,
          size: null,
        },
        { status: 202 },
      );
    if (call.url === `${base}/erasure-requests` && call.method === 'GET') return Response.json([]);
    if (call.url === `${base}/open-positions`) return Response.json(noPositions);
    if (call.url === `${base}/erasure-requests` && call.method === 'POST')
      return Response.json(
        {
          id: '9f9f9f9f-1111-4222-8333-444455556666',
          state: 'requested',
          reason: null,
          requestedAt: '2026-11-29T10:00:00.000Z',
          decidedAt: null,
          refusalReason: null,
        },
        { status: 201 },
      );
    return undefined;
  });
}

const show = () => renderRoutes([{ path: '/account/privacy', element: <PrivacyPage /> }], '/account/privacy');

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await Promise.all([loadNamespace('accounts'), loadNamespace('account')]);
});
beforeEach(() => {
  localStorage.clear();
  storeSessionForTests({ id: 'sess-1', uuid, validMs: 10 * 60_000 });
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrivacyPage (/account/privacy)', () => {
  it('lists the exports and requests a new one with the password', async () => {
    const calls = stubApi();
    show();
    expect(await screen.findByText(/Bereit zum Herunterladen bis/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeTruthy();
    const exportForm = screen.getByRole('form', { name: 'Meine Daten herunterladen' });
    const password = exportForm.querySelector('input[autocomplete="current-password"]') as HTMLInputElement;
    fireEvent.input(password, { target: { value: 'Quarz-Fenster-48!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Datenauskunft anfordern' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'POST', url: `${base}/data-exports`, body: { password: 'Quarz-Fenster-48!' } },
      ]),
    );
    expect(await screen.findByText(/Ihre Datenauskunft wird erstellt/)).toBeTruthy();
  });

  it('shows a wrong password on the field and asks for the code when two-factor refuses', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.url.endsWith('/data-exports')
        ? problemAnswer(401, 'two_factor_required')
        : undefined,
    );
    show();
    const exportForm = await screen.findByRole('form', { name: 'Meine Daten herunterladen' });
    const password = exportForm.querySelector('input[autocomplete="current-password"]') as HTMLInputElement;
    fireEvent.input(password, { target: { value: 'Quarz-Fenster-48!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Datenauskunft anfordern' }));
    expect(
      await screen.findByText('Bitte geben Sie Ihren Zwei-Faktor-Authentifizierungscode ein.'),
    ).toBeTruthy();
    expect(exportForm.querySelector('input[autocomplete="one-time-code"]')).toBeTruthy();
    expect(writesOf(calls)).toHaveLength(1);
  });

  it('explains what is kept, asks for confirmation, then files the erasure request', async () => {
    const calls = stubApi();
    show();
    expect(await screen.findByText(/Identifizierung \(Name, Geburtsdaten/)).toBeTruthy();
    expect(screen.getByText('GwG § 8 (4)', { exact: false })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Konto löschen' });
    const password = form.querySelector('input[autocomplete="current-password"]') as HTMLInputElement;
    fireEvent.input(password, { target: { value: 'Quarz-Fenster-48!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Löschung beantragen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Identifizierungsdaten 5 Jahre');
    // cancelled: nothing is sent
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Löschung beantragen' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(
      [...again.querySelectorAll('button')].find(
        (b) => b.textContent === 'Löschung beantragen',
      ) as HTMLButtonElement,
    );
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'POST', url: `${base}/erasure-requests`, body: { password: 'Quarz-Fenster-48!' } },
      ]),
    );
  });

  it('says why erasure is not possible while positions are open, and offers no request', async () => {
    stubApi((call) =>
      call.url.endsWith('/open-positions')
        ? Response.json({ ...noPositions, unpaidOrders: 1, blocker: 'erasure_unpaid_orders' })
        : undefined,
    );
    show();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/Es gibt noch unbezahlte Bestellungen/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Löschung beantragen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
