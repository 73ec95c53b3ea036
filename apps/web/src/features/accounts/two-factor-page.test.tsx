import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { mockApi, renderRoutes } from '../../lib/test-api.tsx';
import { customerRecordForTests, storeSessionForTests } from '../../lib/test-session.ts';
import { TwoFactorPage } from './two-factor-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

function setup() {
  mockApi(({ url, method }) => {
    if (url === `/api/v2/shop/customers/${uuid}`)
      return Response.json(
        customerRecordForTests({
          id: 7,
          uuid,
          email: 'erika@example.com',
          firstName: 'Erika',
          lastName: 'Mustermann',
          fullName: 'Erika Mustermann',
          onboarding: { nextRoute: null, steps: [], mayBuy: true, banner: null },
        }),
      );
    if (url.endsWith('/2fa/qr-code'))
      return Response.json({ qrCodeFormat: 'data:image/png;base64,AA==', secret: 'JBSWY3DPEHPK3PXP' });
    if (method === 'PUT' && url.endsWith('/2fa/verify'))
      return Response.json({ enabled: true, recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] });
    return undefined;
  });
}

async function enable(path: string) {
  setup();
  renderRoutes([{ path: '/account/two-factor', element: <TwoFactorPage /> }], path);
  fireEvent.input(await screen.findByLabelText('Code aus der Authenticator-App', { exact: false }), {
    target: { value: '123456' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
}

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

describe('TwoFactorPage (/account/two-factor) with returnTo', () => {
  it('leads back to the page that asked for two-factor (a transfer) once it is on', async () => {
    await enable('/account/two-factor?returnTo=%2Ftransfer%2FSOLAR-2031');
    const next = await screen.findByRole('link', { name: 'Codes gesichert – weiter' });
    expect(next.getAttribute('href')).toBe('/transfer/SOLAR-2031');
  });

  it('stays on this site whatever returnTo says, and leads to the account without one', async () => {
    await enable('/account/two-factor?returnTo=https%3A%2F%2Fevil.example');
    expect((await screen.findByRole('link', { name: 'Codes gesichert – weiter' })).getAttribute('href')).toBe(
      '/',
    );
    cleanup();
    await enable('/account/two-factor');
    expect((await screen.findByRole('link', { name: 'Codes gesichert – fertig' })).getAttribute('href')).toBe(
      '/account',
    );
  });
});
