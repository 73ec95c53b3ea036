import { describe, expect, it } from 'vitest';
import { checkoutPageOfPath, checkoutPages, checkoutSteps, partsOf } from './checkout-steps.ts';

describe('the table of process pages (decision 015)', () => {
  const pages = Object.values(checkoutPages);

  it('keeps the routes in spec 2 order and their steps in the order spec 2 presents them', () => {
    expect(pages.map((p) => p.path)).toEqual([
      '/order-process/token',
      '/order-process/addresses',
      '/order-process/payment-methods',
      '/order-process/confirmation',
    ]);
    expect(checkoutSteps).toEqual(['identification', 'confirmation', 'payment', 'completion']);
    const positions = pages.map((p) => checkoutSteps.indexOf(p.step));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('gives no two pages the same position, title or heading', () => {
    const positions = pages.map((p) => `${p.step}/${p.part}`);
    expect(new Set(positions).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.heading)).size).toBe(pages.length);
    expect(partsOf('identification').map((p) => p.part)).toEqual(['amount', 'billingAddress']);
  });

  it('finds a page by its path, a trailing slash tolerated, and nothing for other paths', () => {
    expect(checkoutPageOfPath('/order-process/addresses/')).toBe(checkoutPages.addresses);
    expect(checkoutPageOfPath('/order-process')).toBeNull();
    expect(checkoutPageOfPath('/thank-you-for-offline-payment')).toBeNull();
  });
});
