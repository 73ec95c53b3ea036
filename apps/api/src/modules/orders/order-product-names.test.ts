import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvestor, seedOrder, seedProduct, seedVariant } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

// issue 15: English pages showed the German name of an order placed in German, and the reverse
describe("an order's product name follows the reader's language", () => {
  it('names the product in the language asked for (Accept-Language or ?locale=), in the list and the details', async () => {
    const seeded = await seedProduct(t.app.db, {
      code: 'BIOGAS-2030',
      translations: { de: { name: 'Biogas Bayern 2030' }, en: { name: 'Biogas Bavaria 2030' } },
    });
    const variant = seeded.variant ?? (await seedVariant(t.app.db, seeded.product));
    const investor = await seedInvestor(t.app.db, { appSecret: t.config.appSecret, kyc: 'approved' });
    const order = await seedOrder(t.app.db, {
      customerId: investor.id,
      variant,
      state: 'completed',
      localeCode: 'de',
    });
    const { token } = await loginAs(t.app, { email: investor.email, password: testPassword });
    const api = shop(t.app, token);
    type Named = { items: { productName: string }[] };
    const names = (body: unknown) => (body as Named).items.map((i) => i.productName);

    const englishList = await api.get('/orders', { 'accept-language': 'en' });
    expect(englishList.status).toBe(200);
    expect((englishList.body as unknown as Named[]).map(names)).toEqual([['Biogas Bavaria 2030']]);
    const germanList = await api.get('/orders?locale=de', { 'accept-language': 'en' });
    expect((germanList.body as unknown as Named[]).map(names)).toEqual([['Biogas Bayern 2030']]);

    const tokenValue = order.order.tokenValue;
    expect(names((await api.get(`/orders/${tokenValue}?locale=en`)).body)).toEqual(['Biogas Bavaria 2030']);
    expect(names((await api.get(`/orders/${tokenValue}`, { 'accept-language': 'de' })).body)).toEqual([
      'Biogas Bayern 2030',
    ]);
  });
});
