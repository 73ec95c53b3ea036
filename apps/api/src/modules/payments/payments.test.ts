import { paymentMethodViewSchema, productPaymentConfigurationViewSchema } from '@token/domain/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productPaymentConfigurations, products } from '../../db/schema/index.ts';
import { seedPaymentMethod } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { expectExactView } from '../../test/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const shop = '/api/v2/shop';
const solar = 'SOLAR_BRANDENBURG_2031';
const channelAccount = {
  holder: 'Tokenwerk Capital GmbH Treuhandkonto',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
};
type Coded = { code: string };

/** Adds a method the demo data lacks; `de` only, so English readers see the German fallback. */
function addMethod(code: string, opts: { enabled: boolean; position: number }) {
  return seedPaymentMethod(t.app.db, {
    code,
    ...opts,
    translations: {
      de: {
        name: `Treuhand ${code}`,
        description: 'Zahlung auf ein Treuhandkonto',
        instructions: 'Bitte Verwendungszweck angeben',
      },
    },
  });
}

async function productId(code: string) {
  const [row] = await t.app.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row!.id;
}

describe('the answers are the domain views (convention 6)', () => {
  it('GET payment-methods and product-payment-configurations answer exactly their views', async () => {
    const plain = { accept: 'application/json' };
    const methods = (await t.app.inject({ url: '/api/v2/shop/payment-methods', headers: plain })).json();
    const configurations = (
      await t.app.inject({ url: '/api/v2/shop/product-payment-configurations', headers: plain })
    ).json();
    expect(methods.length).toBeGreaterThan(0);
    expect(configurations.length).toBeGreaterThan(0);
    expectExactView(z.array(paymentMethodViewSchema), methods);
    expectExactView(z.array(productPaymentConfigurationViewSchema), configurations);
    const method = await t.app.inject({
      url: `/api/v2/shop/payment-methods/${methods[0].code}`,
      headers: plain,
    });
    expectExactView(paymentMethodViewSchema, method.json());
    const configuration = await t.app.inject({
      url: `/api/v2/shop/product-payment-configurations/${configurations[0].id}`,
      headers: plain,
    });
    expectExactView(productPaymentConfigurationViewSchema, configuration.json());
  });
});

describe('payment methods', () => {
  it('lists enabled methods in checkout order as a Hydra collection, German by default', async () => {
    const res = await t.app.inject({ url: `${shop}/payment-methods` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const members = res.json()['hydra:member'];
    expect(members.map((m: Coded) => m.code)).toEqual(['offline', 'card']);
    expect(members[0]).toMatchObject({
      '@id': `${shop}/payment-methods/offline`,
      '@type': 'PaymentMethod',
      id: expect.any(Number),
      code: 'offline',
      name: 'Banküberweisung',
      gateway: 'offline',
      position: 0,
      enabled: true,
    });
    expect(members[0]).toHaveProperty('description');
    expect(members[0]).toHaveProperty('instructions');
    expect(members[1]).toMatchObject({ code: 'card', name: 'Kartenzahlung', gateway: 'card', position: 1 });
  });

  it('answers a plain array in English via Accept-Language and via ?locale=en', async () => {
    for (const req of [
      { url: `${shop}/payment-methods`, headers: { accept: 'application/json', 'accept-language': 'en' } },
      { url: `${shop}/payment-methods?locale=en`, headers: { accept: 'application/json' } },
    ]) {
      const body = (await t.app.inject(req)).json();
      expect(Array.isArray(body)).toBe(true);
      expect(body.map((m: { name: string }) => m.name)).toEqual(['Bank transfer', 'Card payment']);
      expect(body[0]).not.toHaveProperty('@id');
    }
  });

  it('answers one method by code; 404 for unknown, 400 for malformed codes and unknown params', async () => {
    const card = await t.app.inject({ url: `${shop}/payment-methods/card?locale=en` });
    expect(card.json()).toMatchObject({
      '@id': `${shop}/payment-methods/card`,
      code: 'card',
      name: 'Card payment',
    });
    const missing = await t.app.inject({ url: `${shop}/payment-methods/paypal` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ url: `${shop}/payment-methods/pay%20pal` })).statusCode).toBe(400);
    const unknown = await t.app.inject({ url: `${shop}/payment-methods?enabled=false` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'invalid_query',
      violations: [{ propertyPath: 'enabled' }],
    });
  });
});

describe('product payment configurations', () => {
  it('lists the configurations of one product with limits and the channel account', async () => {
    const res = await t.app.inject({ url: `${shop}/product-payment-configurations?product.code=${solar}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(2);
    const [offline, card] = body['hydra:member'];
    expect(offline).toEqual({
      '@id': `${shop}/product-payment-configurations/${offline.id}`,
      '@type': 'ProductPaymentConfiguration',
      id: expect.any(Number),
      product: `${shop}/products/${solar}`,
      paymentMethod: { code: 'offline', name: 'Banküberweisung' },
      enabled: true,
      maximumAmount: null,
      bankAccount: channelAccount,
      paymentReferencePrefix: offline.paymentReferencePrefix,
    });
    expect(card).toMatchObject({
      product: `${shop}/products/${solar}`,
      paymentMethod: { code: 'card', name: 'Kartenzahlung' },
      enabled: true,
      maximumAmount: 1_000_000,
    });
    const one = await t.app.inject({ url: offline['@id'], headers: { accept: 'application/json' } });
    expect(one.json()).toMatchObject({ id: offline.id, paymentMethod: { code: 'offline' } });
  });

  it('lists every configuration without a filter and an empty list for an unknown product', async () => {
    const all = await t.app.inject({
      url: `${shop}/product-payment-configurations?itemsPerPage=400`,
      headers: { accept: 'application/json' },
    });
    const body = all.json();
    expect(Array.isArray(body)).toBe(true);
    const productIris = new Set(body.map((c: { product: string }) => c.product));
    for (const code of [solar, 'WIND_NORDSEE_2030', 'BIOGAS_BAYERN_2030']) {
      expect(productIris).toContain(`${shop}/products/${code}`);
    }
    const none = await t.app.inject({
      url: `${shop}/product-payment-configurations?product.code=NO_SUCH_BOND`,
      headers: { accept: 'application/json' },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('names the method in English and falls back to German where English is missing', async () => {
    const escrow = await addMethod('escrow', { enabled: true, position: 2 });
    const pid = await productId(solar);
    await t.app.db.insert(productPaymentConfigurations).values({
      productId: pid,
      paymentMethodId: escrow.id,
      maximumAmountCents: 50_000_000,
      bankAccountHolder: 'Solarpark Brandenburg GmbH Treuhand',
      bankIban: 'DE02120300000000202051',
      bankBic: 'BYLADEM1001',
      bankName: 'Deutsche Kreditbank',
      paymentReferencePrefix: 'SOLAR-',
    });
    const res = await t.app.inject({
      url: `${shop}/product-payment-configurations?product.code=${solar}`,
      headers: { accept: 'application/json', 'accept-language': 'en' },
    });
    const body = res.json();
    expect(body.map((c: { paymentMethod: Coded }) => c.paymentMethod.code)).toEqual([
      'offline',
      'card',
      'escrow',
    ]);
    expect(body[0].paymentMethod.name).toBe('Bank transfer');
    expect(body[2]).toMatchObject({
      paymentMethod: { code: 'escrow', name: 'Treuhand escrow' },
      maximumAmount: 50_000_000,
      bankAccount: {
        holder: 'Solarpark Brandenburg GmbH Treuhand',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        bankName: 'Deutsche Kreditbank',
      },
      paymentReferencePrefix: 'SOLAR-',
    });
    const method = await t.app.inject({ url: `${shop}/payment-methods/escrow?locale=en` });
    expect(method.json()).toMatchObject({
      name: 'Treuhand escrow',
      description: 'Zahlung auf ein Treuhandkonto',
      instructions: 'Bitte Verwendungszweck angeben',
    });
  });

  it('hides disabled methods from both lists', async () => {
    const legacy = await addMethod('legacy', { enabled: false, position: 3 });
    await t.app.db
      .insert(productPaymentConfigurations)
      .values({ productId: await productId(solar), paymentMethodId: legacy.id });
    const methods = await t.app.inject({
      url: `${shop}/payment-methods`,
      headers: { accept: 'application/json' },
    });
    expect(methods.json().map((m: Coded) => m.code)).not.toContain('legacy');
    expect((await t.app.inject({ url: `${shop}/payment-methods/legacy` })).statusCode).toBe(404);
    const configs = await t.app.inject({
      url: `${shop}/product-payment-configurations?product.code=${solar}`,
      headers: { accept: 'application/json' },
    });
    expect(configs.json().map((c: { paymentMethod: Coded }) => c.paymentMethod.code)).not.toContain('legacy');
  });

  it('rejects unknown parameters and malformed codes; 404 for an unknown configuration', async () => {
    const unknown = await t.app.inject({ url: `${shop}/product-payment-configurations?product=${solar}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations[0]).toMatchObject({
      propertyPath: 'product',
      code: 'unknown_parameter',
    });
    const bad = await t.app.inject({
      url: `${shop}/product-payment-configurations?product.code=a%27%20or%201=1`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ url: `${shop}/product-payment-configurations/999999` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `${shop}/product-payment-configurations/x` })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `${shop}/product-payment-configurations?itemsPerPage=401` })).statusCode,
    ).toBe(400);
  });
});

describe('payments caching and robustness', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    for (const path of [
      'payment-methods',
      'payment-methods/offline',
      `product-payment-configurations?product.code=${solar}`,
    ]) {
      const first = await t.app.inject({ url: `${shop}/${path}` });
      expect(first.statusCode, path).toBe(200);
      const etag = first.headers.etag as string;
      const again = await t.app.inject({ url: `${shop}/${path}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode, path).toBe(304);
    }
  });

  it('never answers a 500 to odd input', async () => {
    const urls = [
      'payment-methods?page=-1',
      'payment-methods?itemsPerPage=abc',
      'payment-methods/%FF',
      'product-payment-configurations?product.code=',
      `product-payment-configurations?product.code=${solar}&product.code=WIND_NORDSEE_2030`,
      'product-payment-configurations/0',
      'product-payment-configurations/1e99',
      'product-payment-configurations?page=100000',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url: `${shop}/${url}` });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
