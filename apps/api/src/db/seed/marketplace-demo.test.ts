import { includedTaxCents } from '@token/domain/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../modules/admin/admin.test-kit.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { customers } from '../schema/index.ts';
import { demoCollectiblePurchase, demoFavourites } from './marketplace-demo.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

let t: TestApp;
const tokens: Record<'clara' | 'jonas', string> = { clara: '', jonas: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of [
    ['clara', onboardingDemoPeople.receiver],
    ['jonas', onboardingDemoPeople.approved],
  ] as const) {
    const [row] = await t.app.db.select().from(customers).where(eq(customers.email, email));
    tokens[who] = await tokenFor(t.app, row!, { secondFactor: true });
  }
});
afterAll(async () => {
  await t.close();
});

const shopGet = async <T>(who: 'clara' | 'jonas', url: string) => {
  const res = await t.app.inject({
    url: `/api/v2/shop/${url}`,
    headers: { authorization: `Bearer ${tokens[who]}`, accept: 'application/json' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

type Collection = { items: { amount: number; product: { code: string } }[] }[];
type Order = {
  kind: string;
  taxTotal: number;
  total: number;
  items: { productCode: string }[];
  digitalContentConsent: { locale: string } | null;
};

describe('the marketplace demo (docs/demo-data.md "Marketplace")', () => {
  it('gives Clara three favourites', async () => {
    const [favourites] = await shopGet<Collection>('clara', 'product-collections?type=favourites');
    expect(favourites!.items.map((i) => i.product.code)).toEqual(demoFavourites);
  });

  it('gives Jonas one edition of a collectible, paid, with the consent and the VAT its price contains', async () => {
    const [mine] = await shopGet<Collection>('jonas', 'product-collections?type=my-items');
    expect(mine!.items.map((i) => [i.product.code, i.amount])).toEqual([
      [demoCollectiblePurchase.variantCode, demoCollectiblePurchase.quantity],
    ]);
    const orders = await shopGet<Order[]>('jonas', 'orders');
    const bought = orders.find((o) => o.items[0]?.productCode === demoCollectiblePurchase.variantCode);
    expect(bought?.kind).toBe('collectible');
    expect(bought?.taxTotal).toBe(includedTaxCents(bought!.total, 1900));
    expect(bought?.taxTotal).toBeGreaterThan(0);
    // a collectible is no security: the depot (the register's bonds) does not list it
    const depot = await shopGet<{ product: { code: string } }[]>('jonas', 'token-assets');
    expect(depot.map((d) => d.product.code)).not.toContain(demoCollectiblePurchase.variantCode);
    expect(depot.length).toBeGreaterThan(0);
  });
});
