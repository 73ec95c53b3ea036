import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, order, orderToken, storeTestSession } from '../test-support.tsx';
import { paymentTargetOf } from './go-to-payment.ts';

const configurationUrl = `/api/v2/shop/orders/${orderToken}/payments/31/configuration`;
const sessionUrl = `/api/v2/shop/orders/${orderToken}/payments/31/checkout-session`;
const cardConfiguration = (redirectUrl: string | null) => ({
  gateway: 'card',
  amount: 100_000,
  currencyCode: 'EUR',
  paymentReference: null,
  redirectUrl,
});
const placedByCard = () => {
  const placed = order(1000, { checkoutState: 'completed', paymentState: 'awaiting_payment' });
  return { ...placed, payments: placed.payments.map((p) => ({ ...p, method: 'card', methodCode: 'card' })) };
};

beforeEach(() => {
  localStorage.clear();
  storeTestSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// decision 014: the configuration is a read; the card checkout is opened by its own POST
describe('paymentTargetOf (card)', () => {
  it('goes to the open session without opening another', async () => {
    const calls = mockApi(({ url }) =>
      url === configurationUrl ? Response.json(cardConfiguration('https://pay.example/cs_1')) : undefined,
    );
    expect(await paymentTargetOf(placedByCard())).toEqual({
      kind: 'external',
      url: 'https://pay.example/cs_1',
    });
    expect(calls.some((c) => c.url === sessionUrl)).toBe(false);
  });

  it('opens the checkout when none is open (the partner failed at completion, or it expired)', async () => {
    const calls = mockApi(({ method, url }) => {
      if (url === configurationUrl) return Response.json(cardConfiguration(null));
      if (method === 'POST' && url === sessionUrl)
        return Response.json(cardConfiguration('https://pay.example/cs_2'));
      return undefined;
    });
    expect(await paymentTargetOf(placedByCard())).toEqual({
      kind: 'external',
      url: 'https://pay.example/cs_2',
    });
    expect(calls.filter((c) => c.url === sessionUrl)).toHaveLength(1);
  });
});
