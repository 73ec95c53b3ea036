import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ErasureRequestAdminView } from '@token/domain/privacy';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { answerOperator, setUpOperatorSession } from '../admin.test-kit.tsx';
import { AdminErasureRequestsPage } from './erasure-requests-page.tsx';

const positions = { tokensHeld: 0, unpaidOrders: 0, ordersToMint: 0, pendingPayouts: 0 };

const request = (id: string, overrides: Partial<ErasureRequestAdminView> = {}): ErasureRequestAdminView => ({
  id,
  state: 'requested',
  reason: 'Ich nutze die Plattform nicht mehr.',
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  refusalReason: null,
  customer: {
    uuid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    email: 'lena@example.com',
    fullName: 'Lena Löschung',
  },
  blocker: null,
  openPositions: positions,
  decidedBy: null,
  retained: [],
  ...overrides,
});

const openId = '11111111-1111-4111-8111-111111111111';
const blockedId = '22222222-2222-4222-8222-222222222222';

function stubApi() {
  return mockApi((call: ApiCall) => {
    const operatorAnswer = answerOperator(call);
    if (operatorAnswer) return operatorAnswer;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/v2/admin/erasure-requests' && call.method === 'GET')
      return Response.json({
        'hydra:member': [
          request(openId),
          request(blockedId, {
            customer: {
              uuid: 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12',
              email: 'tom@example.com',
              fullName: 'Tom Token',
            },
            blocker: 'erasure_open_positions',
            openPositions: { ...positions, tokensHeld: 40 },
          }),
        ],
        'hydra:totalItems': 2,
      });
    if (call.method === 'POST' && url.pathname.endsWith('/confirm'))
      return Response.json(request(openId, { state: 'confirmed' }));
    if (call.method === 'POST' && url.pathname.endsWith('/refuse'))
      return Response.json(request(openId, { state: 'refused' }));
    return undefined;
  });
}

const show = () =>
  renderRoutes(
    [{ path: '/admin/erasure-requests', element: <AdminErasureRequestsPage /> }],
    '/admin/erasure-requests',
  );

setUpOperatorSession();

describe('/admin/erasure-requests', () => {
  it('lists open requests; one with open positions says why and cannot be confirmed', async () => {
    stubApi();
    show();
    const cards = await screen.findAllByTestId('erasure-request');
    const blocked = defined(cards.find((c) => c.textContent?.includes('Tom Token')));
    expect(blocked.textContent).toContain('offene Positionen (Token: 40');
    expect(
      (within(blocked).getByRole('button', { name: 'Löschung bestätigen' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const open = defined(cards.find((c) => c.textContent?.includes('Lena Löschung')));
    expect(
      (within(open).getByRole('button', { name: 'Löschung bestätigen' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('confirms after the dialog, and refuses only with a reason of 10 characters', async () => {
    const calls = stubApi();
    show();
    const cards = await screen.findAllByTestId('erasure-request');
    const open = defined(cards.find((c) => c.textContent?.includes('Lena Löschung')));
    fireEvent.click(within(open).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'kurz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(writesOf(calls)).toEqual([]);
    fireEvent.input(within(dialog).getByRole('textbox'), {
      target: { value: 'Laufendes Ermittlungsverfahren' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        {
          method: 'POST',
          url: `/api/v2/admin/erasure-requests/${openId}/refuse`,
          body: { reason: 'Laufendes Ermittlungsverfahren' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(open).getByRole('button', { name: 'Löschung bestätigen' }));
    const confirmDialog = await screen.findByRole('dialog');
    expect(confirmDialog.textContent).toContain('Lena Löschung');
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Löschung bestätigen' }));
    await waitFor(() =>
      expect(writesOf(calls).at(-1)?.url).toBe(`/api/v2/admin/erasure-requests/${openId}/confirm`),
    );
  });
});
