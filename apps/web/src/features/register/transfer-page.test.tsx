import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { errorMessage } from '@token/domain/errors';
import { transferMessages } from '@token/domain/register';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../lib/notifications.ts';
import { getSession } from '../../lib/session-store.ts';
import { problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { EnableTwoFactorPage } from './enable-two-factor-page.tsx';
import {
  asset,
  investor,
  mockRegisterApi,
  storeTestSession,
  switchLanguage,
  transferView,
  walletAddress,
} from './test-support.tsx';
import { TransferPage } from './transfer-page.tsx';

const show = (path = '/transfer/SOLAR-2031') =>
  renderRoutes(
    [
      { path: '/transfer/:tkn', element: <TransferPage /> },
      { path: '/enable-twofactor', element: <EnableTwoFactorPage /> },
    ],
    path,
  );

const fieldError = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

async function fill(values: { beneficiary?: string; amount?: string; code?: string }) {
  const beneficiary = await screen.findByLabelText('Empfänger', { exact: false });
  if (values.beneficiary !== undefined)
    fireEvent.input(beneficiary, { target: { value: values.beneficiary } });
  if (values.amount !== undefined)
    fireEvent.input(screen.getByLabelText('Anzahl Token', { exact: false }), {
      target: { value: values.amount },
    });
  if (values.code !== undefined)
    fireEvent.input(screen.getByLabelText('Zwei-Faktor-Code', { exact: false }), {
      target: { value: values.code },
    });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Übertragen' }));

beforeEach(async () => {
  localStorage.clear();
  storeTestSession();
  clearNotifications();
  await switchLanguage('de');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TransferPage (/transfer/{tkn})', () => {
  it('sends an investor without two-factor to /enable-twofactor, which leads into the set-up and back', async () => {
    mockRegisterApi({ customer: investor({ twoFactorEnabled: false, enabled2Fa: false }) });
    show();
    const setUp = await screen.findByRole('link', { name: 'Zwei-Faktor-Authentifizierung einrichten' });
    expect(setUp.getAttribute('href')).toBe('/account/two-factor?returnTo=%2Ftransfer%2FSOLAR-2031');
    expect(screen.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung erforderlich' })).toBeTruthy();
  });

  it('shows the transferable maximum and fills it in', async () => {
    mockRegisterApi();
    show();
    // 120 minted, 20 of them in a pending transfer
    expect(await screen.findByText('max. 100')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Höchstbetrag übernehmen (100)' }));
    expect((screen.getByLabelText('Anzahl Token', { exact: false }) as HTMLInputElement).value).toBe('100');
    const code = screen.getByLabelText('Zwei-Faktor-Code', { exact: false });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
  });

  it('checks the form before anything is sent: required fields, beneficiary, code', async () => {
    const calls = mockRegisterApi();
    show();
    await fill({ beneficiary: 'niemand', amount: '', code: '12' });
    submit();
    await waitFor(() => expect(fieldError('Empfänger')).toBeTruthy());
    expect(fieldError('Anzahl Token')).toBeTruthy();
    expect(fieldError('Zwei-Faktor-Code')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('asks the domain’s transfer rule first: more than the transferable tokens, or to oneself', async () => {
    const calls = mockRegisterApi();
    show();
    await fill({ beneficiary: 'max@example.com', amount: '101', code: '123456' });
    submit();
    await waitFor(() =>
      expect(fieldError('Anzahl Token')).toBe(errorMessage('insufficient_minted_tokens', 'de')),
    );
    await fill({ beneficiary: walletAddress.toLowerCase(), amount: '5', code: '123456' });
    submit();
    await waitFor(() => expect(fieldError('Empfänger')).toBe(errorMessage('transfer_to_self', 'de')));
    await fill({ beneficiary: ' Erika@Example.com ' });
    submit();
    await waitFor(() => expect(fieldError('Empfänger')).toBe(errorMessage('transfer_to_self', 'de')));
    expect(writesOf(calls)).toEqual([]);
  });

  it('submits with the custodial wallet and shows the success message and the pending transfer', async () => {
    const calls = mockRegisterApi({}, ({ method, url }) =>
      method === 'POST' && url === '/api/v2/shop/token/transfer'
        ? Response.json(transferView(), { status: 202 })
        : undefined,
    );
    show();
    await fill({ beneficiary: 'max@example.com', amount: '10', code: '123456' });
    submit();
    expect(await screen.findByText(transferMessages.submitted.de)).toBeTruthy();
    expect(screen.getByTestId('transfer-status').textContent).toBe('In Bearbeitung');
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v2/shop/token/transfer',
        body: {
          fromWalletId: 3,
          product: 'SOLAR-2031',
          amount: 10,
          beneficiary: 'max@example.com',
          code: '123456',
        },
      },
    ]);
    // the depot is read again, so it shows the transfer pending
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v2/shop/token-assets').length).toBeGreaterThan(1),
    );
    expect(screen.getByRole('link', { name: 'Zum Depot' }).getAttribute('href')).toBe('/account/wallet');
  });

  it.each([
    ['beneficiary_not_whitelisted', 422, 'Empfänger'],
    ['professional_only_bond', 422, 'Empfänger'],
    ['insufficient_minted_tokens', 422, 'Anzahl Token'],
    ['two_factor_required', 401, 'Zwei-Faktor-Code'],
  ] as const)('shows the refusal %s on its field', async (code, status, field) => {
    mockRegisterApi({}, ({ method }) => (method === 'POST' ? problemAnswer(status, code) : undefined));
    show();
    await fill({ beneficiary: 'max@example.com', amount: '10', code: '123456' });
    submit();
    await waitFor(() => expect(fieldError(field)).toBe(errorMessage(code, 'de')));
    // a code is asked fresh for the next attempt
    expect((screen.getByLabelText('Zwei-Faktor-Code', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('keeps the session on a wrong code (401 two_factor_invalid) and says so on the code', async () => {
    mockRegisterApi({}, ({ method }) =>
      method === 'POST' ? problemAnswer(401, 'two_factor_invalid') : undefined,
    );
    show();
    await fill({ beneficiary: 'max@example.com', amount: '10', code: '123456' });
    submit();
    await waitFor(() =>
      expect(fieldError('Zwei-Faktor-Code')).toBe(errorMessage('two_factor_invalid', 'de')),
    );
    expect(getSession()?.id).toBe('sess-1');
    expect(screen.getByRole('button', { name: 'Übertragen' })).toBeTruthy();
  });

  it('says that something went wrong when the server fails', async () => {
    mockRegisterApi({}, ({ method }) =>
      method === 'POST' ? problemAnswer(503, 'registrar_unavailable') : undefined,
    );
    show();
    await fill({ beneficiary: 'max@example.com', amount: '10', code: '123456' });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('transfer_failed', 'de'));
  });

  it('goes to /enable-twofactor when the API says two-factor is off', async () => {
    // turned off in another tab: the record read before says it is on, the one read after says off
    let twoFactorEnabled = true;
    mockRegisterApi({}, ({ method, url }) => {
      if (method === 'POST') {
        twoFactorEnabled = false;
        return problemAnswer(403, 'transfer_two_factor_not_enabled');
      }
      if (url.startsWith('/api/v2/shop/customers/'))
        return Response.json(investor({ twoFactorEnabled, enabled2Fa: twoFactorEnabled }));
      return undefined;
    });
    show();
    await fill({ beneficiary: 'max@example.com', amount: '10', code: '123456' });
    submit();
    expect(
      await screen.findByRole('heading', { name: 'Zwei-Faktor-Authentifizierung erforderlich' }),
    ).toBeTruthy();
  });

  it('says when the bond is not in the depot', async () => {
    mockRegisterApi({ assets: [asset()] });
    show('/transfer/OTHER');
    expect((await screen.findByTestId('transfer-no-bond')).textContent).toContain(
      'Diese Anleihe liegt nicht in Ihrem Depot.',
    );
  });

  it('speaks English', async () => {
    await switchLanguage('en');
    mockRegisterApi({}, ({ method }) =>
      method === 'POST' ? Response.json(transferView(), { status: 202 }) : undefined,
    );
    show();
    expect(
      await screen.findByRole('heading', { name: 'Transfer Solarpark Anleihe 2031', level: 1 }),
    ).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Beneficiary', { exact: false }), {
      target: { value: 'max@example.com' },
    });
    fireEvent.input(screen.getByLabelText('Number of tokens', { exact: false }), {
      target: { value: '10' },
    });
    fireEvent.input(screen.getByLabelText('Two-factor code', { exact: false }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText(transferMessages.submitted.en)).toBeTruthy();
    expect(screen.getByTestId('transfer-status').textContent).toBe('Pending');
  });
});
