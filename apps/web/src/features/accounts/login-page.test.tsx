import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { errorMessage } from '@token/domain/errors';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { resetSessionStoreForTests } from '../../lib/session-store.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes } from '../../lib/test-api.tsx';
import { customerRecordForTests } from '../../lib/test-session.ts';
import { LoginPage } from './login-page.tsx';
import { LoginTwoFactorPage } from './login-two-factor-page.tsx';

const uuid = '0b6f0f5e-8f1e-4c55-9a4d-3c1d1b2a9e01';

/** An unsigned JWT as the API shapes it (the client only reads it). */
function tokenAnswer() {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const iat = Math.floor(Date.now() / 1000);
  return {
    token: `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: uuid, sid: 'sess-1', iat, exp: iat + 900 })}.sig`,
    refresh_token: 'refresh-1',
    customer: `/api/v2/shop/customers/${uuid}`,
  };
}

/** The customer record of whoever logs in: an operator (role `admin`) or an investor. */
function record(roles: string[]) {
  return customerRecordForTests({
    id: 7,
    uuid,
    email: 'compliance@demo.tokenwerk.example',
    firstName: 'Clara',
    lastName: 'Hoffmann',
    fullName: 'Clara Hoffmann',
    // the self-disclosure is not done: the home `/` would gate an operator into it
    onboarding: { nextRoute: '/self-disclosure/personal', steps: [], mayBuy: false, banner: null },
    customerRolesAsString: roles,
  });
}

/**
 * The login API: `codeNeeded` asks for the second factor, which takes only '123456'; the record
 * carries `roles`.
 */
function stubLogin({ roles = [] as string[], codeNeeded = false } = {}) {
  return mockApi(({ method, url, body }: ApiCall) => {
    if (method === 'POST' && url.endsWith('/authentication-token')) {
      const code = (body as { code?: string }).code;
      if (codeNeeded && code === undefined) return problemAnswer(401, 'two_factor_required');
      if (codeNeeded && code !== '123456') return problemAnswer(401, 'two_factor_invalid');
      return Response.json(tokenAnswer());
    }
    if (url === `/api/v2/shop/customers/${uuid}`) return Response.json(record(roles));
    return undefined;
  });
}

function openLogin(path = '/login') {
  renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/2fa', element: <LoginTwoFactorPage /> },
    ],
    path,
  );
}

async function logIn() {
  fireEvent.input(await screen.findByLabelText('E-Mail-Adresse', { exact: false }), {
    target: { value: 'compliance@demo.tokenwerk.example' },
  });
  fireEvent.input(screen.getByLabelText('Passwort', { exact: true }), {
    target: { value: 'Tokenwerk-Demo-2026!' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

const where = async () => (await screen.findByTestId('where')).textContent;

beforeAll(async () => {
  await Promise.all([
    i18n.changeLanguage('en').then(() => loadNamespace('accounts')),
    i18n.changeLanguage('de').then(() => loadNamespace('accounts')),
  ]);
});
beforeEach(async () => {
  localStorage.clear();
  resetSessionStoreForTests();
  await i18n.changeLanguage('de');
});
afterEach(() => {
  cleanup();
  clearNotifications();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('where a login leads (issue 22)', () => {
  it("takes an operator to the compliance review, the operator's home", async () => {
    stubLogin({ roles: ['admin'] });
    openLogin();
    await logIn();
    expect(await where()).toBe('/admin');
  });

  it('takes an investor home as before', async () => {
    stubLogin({ roles: [] });
    openLogin();
    await logIn();
    expect(await where()).toBe('/');
  });

  it('takes an operator to the page a redirectPath asked for', async () => {
    stubLogin({ roles: ['admin'] });
    openLogin('/login?redirectPath=%2Faccount%2Fedit');
    await logIn();
    expect(await where()).toBe('/account/edit');
  });

  it('takes an operator with two-factor to the compliance review after the code', async () => {
    stubLogin({ roles: ['admin'], codeNeeded: true });
    openLogin();
    await logIn();
    fireEvent.input(await screen.findByLabelText('Bestätigungscode', { exact: false }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));
    expect(await where()).toBe('/admin');
  });
});

describe('a wrong two-factor code (issue 22, WCAG 4.1.3)', () => {
  it('is announced in an alert that describes the code field, which keeps the focus with the code selected', async () => {
    stubLogin({ codeNeeded: true });
    openLogin();
    await logIn();
    const field = (await screen.findByLabelText('Bestätigungscode', { exact: false })) as HTMLInputElement;
    fireEvent.input(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(errorMessage('two_factor_invalid', 'de'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // typing the next code replaces the refused one
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, '654321'.length]);

    // the error is worded in the language of the moment
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('alert').textContent).toBe(errorMessage('two_factor_invalid', 'en'));
  });
});
