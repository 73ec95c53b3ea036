import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { GraphQLError, getIntrospectionQuery } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCreator, seedOrder, seedProduct } from '../db/seed/factories.ts';
import { addCollectionItem, listProductCollections } from '../modules/collections/collections.service.ts';
import { appendRegisterEntry } from '../modules/register/journal.service.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { loggedInInvestor, testBond } from '../test/orders.ts';
import { formatGraphQLErrors } from './errors.ts';
import { maxQueryCost, maxQueryDepth } from './limits.ts';
import { printedSchemaPath, printShopSchema } from './schema.ts';

/*
 * The shop's GraphQL endpoint (issue 18) as a visitor, a customer and another customer would call it:
 * every query of spec 7 in this slice, paging and filters, bad arguments, the limits, catalogue codes
 * in the caller's language, statements per list query, GraphiQL and the committed schema.
 */

let t: TestApp;
type Session = Awaited<ReturnType<typeof loggedInInvestor>>;
let owner: Session;
let intruder: Session;
let creatorUuid: string;
let ownerOrders: { paid: string; unpaid: string };
let bondCode: string;

/** What GraphQL answered; the tests read its data field by field, as a client would. */
// biome-ignore lint/suspicious/noExplicitAny: the answer's shape is the query's, read field by field
type Json = any;
type GqlAnswer = {
  status: number;
  contentType: string;
  data: Record<string, Json> | null;
  errors?: { message: string; path?: string[]; extensions: Record<string, Json> }[];
};

let ip = 0;
async function gql(
  query: string,
  opts: {
    token?: string;
    variables?: Record<string, unknown>;
    language?: string;
    method?: 'GET' | 'POST';
  } = {},
): Promise<GqlAnswer> {
  ip += 1;
  const headers: Record<string, string> = { 'accept-language': opts.language ?? 'en' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const url = '/api/v2/shop/graphql';
  const res =
    opts.method === 'GET'
      ? await t.app.inject({
          method: 'GET',
          url: `${url}?query=${encodeURIComponent(query)}${opts.variables ? `&variables=${encodeURIComponent(JSON.stringify(opts.variables))}` : ''}`,
          headers,
          remoteAddress: `10.77.${ip >> 8}.${ip & 255}`,
        })
      : await t.app.inject({
          method: 'POST',
          url,
          headers,
          payload: { query, ...(opts.variables ? { variables: opts.variables } : {}) },
          remoteAddress: `10.77.${ip >> 8}.${ip & 255}`,
        });
  const body = res.json() as Omit<GqlAnswer, 'status' | 'contentType'>;
  return { status: res.statusCode, contentType: String(res.headers['content-type']), ...body };
}

const codeOf = (a: GqlAnswer) => a.errors?.[0]?.extensions.code;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  owner = await loggedInInvestor(t);
  intruder = await loggedInInvestor(t);
  const creator = await seedCreator(db, {
    firstName: 'Ada',
    lastName: 'Graf',
    displayName: 'Ada G.',
    profileName: 'adagraf',
  });
  creatorUuid = creator.uuid;
  // 60 collectibles of one creator, oldest first, priced 1.00 to 60.00 EUR; every fifth named "Mond".
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 1; i <= 60; i += 1) {
    await seedProduct(db, {
      code: `GQL_ART_${String(i).padStart(2, '0')}`,
      creatorId: creator.id,
      taxonCode: i % 2 === 0 ? 'collectibles_art' : 'collectibles_music',
      createdAt: new Date(base + i * 60_000),
      translations: {
        de: { name: i % 5 === 0 ? `Mondlicht ${i}` : `Bild ${i}` },
        en: { name: i % 5 === 0 ? `Moonlight ${i}` : `Picture ${i}` },
      },
      variant: { price: i * 100 },
    });
  }
  const { product, variant } = await testBond(t);
  bondCode = product.code;
  const paid = await seedOrder(db, {
    customerId: owner.row.id,
    variant,
    state: 'completed',
    paymentState: 'paid',
    completedAt: new Date('2026-02-01T10:00:00Z'),
  });
  const unpaid = await seedOrder(db, {
    customerId: owner.row.id,
    variant,
    state: 'completed',
    completedAt: new Date('2026-02-02T10:00:00Z'),
  });
  ownerOrders = { paid: paid.order.tokenValue, unpaid: unpaid.order.tokenValue };
  // The paid order's first 5 tokens minted: a confirmed register transaction of the bond.
  await db.transaction((tx) =>
    appendRegisterEntry(tx, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: owner.row.id,
      amount: 5,
      cause: { type: 'order', orderId: String(paid.order.id) },
      transactionHash: '0xabc1',
      toAddress: '0x1111111111111111111111111111111111111111',
    }),
  );
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('products and product', () => {
  it('pages the listed products, 12 by default, oldest first, with the total and paging info', async () => {
    const a = await gql(
      `query($c: String) { products(creatorUuid: $c) { totalCount paginationInfo { page itemsPerPage lastPage hasNextPage hasPreviousPage }
        items { code name creator { uuid fullName firstName lastName } defaultVariant { channelPricings } mainTaxon { code } } } }`,
      { variables: { c: creatorUuid } },
    );
    expect(a.status).toBe(200);
    expect(a.errors).toBeUndefined();
    const page = a.data!.products;
    expect(page.totalCount).toBe(60);
    expect(page.paginationInfo).toEqual({
      page: 1,
      itemsPerPage: 12,
      lastPage: 5,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(page.items.map((p: { code: string }) => p.code).slice(0, 3)).toEqual([
      'GQL_ART_01',
      'GQL_ART_02',
      'GQL_ART_03',
    ]);
    expect(page.items[0].name).toBe('Picture 1');
    // the chosen public name; the legal names stay private
    expect(page.items[0].creator).toEqual({
      uuid: creatorUuid,
      fullName: 'Ada G.',
      firstName: null,
      lastName: null,
    });
    expect(page.items[0].defaultVariant.channelPricings.token.price).toBe(100);
  });

  it('reads the same product fields as GET products/{code}', async () => {
    const rest = (
      await t.app.inject({ url: '/api/v2/shop/products/GQL_ART_07', headers: { accept: 'application/json' } })
    ).json();
    const a = await gql(
      '{ product(code: "GQL_ART_07") { id code name slug taxons variants royalties createdAt mainTaxon { code parent } defaultVariant { code availableQuantity } } }',
      { language: 'de' },
    );
    expect(a.data!.product).toEqual({
      id: rest.id,
      code: rest.code,
      name: rest.name,
      slug: rest.slug,
      taxons: rest.taxons,
      variants: rest.variants,
      royalties: rest.royalties,
      createdAt: rest.createdAt,
      mainTaxon: { code: rest.mainTaxon.code, parent: rest.mainTaxon.parent },
      defaultVariant: {
        code: rest.defaultVariant.code,
        availableQuantity: rest.defaultVariant.availableQuantity,
      },
    });
    const byId = await gql(`{ product(id: "${rest.id}") { code } }`);
    expect(byId.data!.product.code).toBe('GQL_ART_07');
  });

  it('takes the language from the locale argument or Accept-Language', async () => {
    const de = await gql('{ product(code: "GQL_ART_05") { name } }', { language: 'de' });
    const en = await gql('{ product(code: "GQL_ART_05") { name } }', { language: 'de-DE' });
    const arg = await gql('{ product(code: "GQL_ART_05", locale: "en") { name } }', { language: 'de' });
    expect(de.data!.product.name).toBe('Mondlicht 5');
    expect(en.data!.product.name).toBe('Mondlicht 5');
    expect(arg.data!.product.name).toBe('Moonlight 5');
  });

  it('filters by name phrase, taxon code(s), creator and price bounds, and orders by createdAt', async () => {
    const codes = async (args: string) => {
      const a = await gql(
        `{ products(creatorUuid: "${creatorUuid}", itemsPerPage: 100, ${args}) { totalCount items { code } } }`,
      );
      expect(a.errors).toBeUndefined();
      return a.data!.products as { totalCount: number; items: { code: string }[] };
    };
    expect((await codes('translatedName: "moon"')).totalCount).toBe(12);
    expect((await codes('phrase: "MONDLICHT", locale: "de"')).totalCount).toBe(12);
    expect((await codes('taxonCode: "collectibles_art"')).totalCount).toBe(30);
    expect((await codes('taxonCode: "collectibles"')).totalCount).toBe(60);
    expect((await codes('taxonCodes: ["collectibles_art", "collectibles_music"]')).totalCount).toBe(60);
    const range = await codes('priceGte: 1000, priceLt: 1500');
    expect(range.items.map((p) => p.code)).toEqual([
      'GQL_ART_10',
      'GQL_ART_11',
      'GQL_ART_12',
      'GQL_ART_13',
      'GQL_ART_14',
    ]);
    expect((await codes('priceGt: 5900')).items.map((p) => p.code)).toEqual(['GQL_ART_60']);
    expect((await codes('priceLte: 200, priceGt: 0')).totalCount).toBe(2); // 0 is ignored (spec 5)
    expect((await codes('order: "desc"')).items[0]!.code).toBe('GQL_ART_60');
    const other = await gql(`{ products(creatorUuid: "${owner.row.uuid}") { totalCount } }`);
    expect(other.data!.products.totalCount).toBe(0);
  });

  it('pages on: page 5 of 12 is the last, a page past the end is empty with the total', async () => {
    const last = await gql(
      `{ products(creatorUuid: "${creatorUuid}", page: 5) { totalCount paginationInfo { hasNextPage } items { code } } }`,
    );
    expect(last.data!.products.items).toHaveLength(12);
    expect(last.data!.products.items[11].code).toBe('GQL_ART_60');
    expect(last.data!.products.paginationInfo.hasNextPage).toBe(false);
    const past = await gql(
      `{ products(creatorUuid: "${creatorUuid}", page: 9) { totalCount items { code } } }`,
    );
    expect(past.data!.products).toEqual({ totalCount: 60, items: [] });
  });

  it('answers bad arguments with 400 and a catalogue code, in the caller’s language', async () => {
    const zero = await gql('{ products(itemsPerPage: 0) { totalCount } }', { language: 'de' });
    expect(zero.status).toBe(400);
    expect(codeOf(zero)).toBe('invalid_query');
    expect(zero.errors![0]!.message).toBe('Die Abfrageparameter sind ungültig.');
    expect(zero.errors![0]!.extensions.violations[0]).toMatchObject({
      propertyPath: 'itemsPerPage',
      code: 'too_small',
    });
    const tooMany = await gql('{ products(itemsPerPage: 101) { totalCount } }');
    expect([tooMany.status, codeOf(tooMany)]).toEqual([400, 'invalid_query']);
    expect(tooMany.errors![0]!.message).toBe('The query parameters are invalid.');
    const uuid = await gql('{ products(creatorUuid: "abc") { totalCount } }');
    expect([uuid.status, codeOf(uuid)]).toEqual([400, 'invalid_query']);
    const negative = await gql('{ products(priceGt: -5) { totalCount } }');
    expect([negative.status, codeOf(negative)]).toEqual([400, 'invalid_query']);
    const control = await gql('{ products(translatedName: "a\\u0000b") { totalCount } }');
    expect([control.status, codeOf(control)]).toEqual([400, 'invalid_query']);
    const both = await gql('{ product(id: "1", code: "X") { code } }');
    expect([both.status, codeOf(both)]).toEqual([400, 'invalid_query']);
    const wrongType = await gql('{ products(itemsPerPage: "many") { totalCount } }');
    expect([wrongType.status, codeOf(wrongType)]).toEqual([400, 'graphql_invalid_query']);
    expect(wrongType.errors![0]!.extensions.detail).toMatch(/Int cannot represent/);
    const badVariable = await gql('query($n: Int) { products(itemsPerPage: $n) { totalCount } }', {
      variables: { n: 'x' },
    });
    expect([badVariable.status, codeOf(badVariable)]).toEqual([400, 'graphql_invalid_query']);
  });

  it('answers an unknown product with not_found (404)', async () => {
    const a = await gql('{ product(code: "NO_SUCH_THING") { code } }', { language: 'de' });
    expect(a.status).toBe(404);
    expect(a.data).toEqual({ product: null });
    expect(a.errors![0]).toMatchObject({
      message: 'Die angeforderte Ressource wurde nicht gefunden.',
      path: ['product'],
      extensions: { code: 'not_found' },
    });
  });
});

describe('taxa and reference data (visitors)', () => {
  it('gives the top-level taxa with their children, by locale', async () => {
    const en = await gql('{ taxa { code name level children { code name level parent } } }');
    const de = await gql('{ taxa(locale: "de") { code name } }', { language: 'en' });
    const collectibles = en.data!.taxa.find((x: { code: string }) => x.code === 'collectibles');
    expect(collectibles).toMatchObject({ name: 'Collectibles', level: 0 });
    expect(collectibles.children.map((c: { code: string }) => c.code)).toContain('collectibles_art');
    expect(collectibles.children[0].parent).toBe('/api/v2/shop/taxons/collectibles');
    expect(de.data!.taxa.find((x: { code: string }) => x.code === 'bonds').name).toBe('Anleihen');
  });

  it('lists currencies, countries and payment methods with paging', async () => {
    const a = await gql(
      '{ currencies(itemsPerPage: 400) { totalCount items { code name } } countries(itemsPerPage: 2, page: 2) { totalCount paginationInfo { page } items { code name } } paymentMethods { items { code name } } }',
      { language: 'de' },
    );
    expect(a.errors).toBeUndefined();
    expect(a.data!.currencies.items.map((c: { code: string }) => c.code)).toContain('EUR');
    expect(a.data!.countries.items).toHaveLength(2);
    expect(a.data!.countries.totalCount).toBeGreaterThan(200);
    expect(a.data!.paymentMethods.items.map((m: { code: string }) => m.code)).toContain('offline');
    const tooMany = await gql('{ countries(itemsPerPage: 401) { totalCount } }');
    expect([tooMany.status, codeOf(tooMany)]).toEqual([400, 'invalid_query']);
  });

  it('answers GET as POST', async () => {
    const a = await gql('query($n: Int) { currencies(itemsPerPage: $n) { totalCount } }', {
      method: 'GET',
      variables: { n: 1 },
    });
    expect(a.status).toBe(200);
    expect(a.data!.currencies.totalCount).toBeGreaterThan(0);
  });
});

describe('the customer’s own data', () => {
  const customerOnly = [
    '{ customer { uuid } }',
    '{ orders { totalCount } }',
    '{ paidOrders { totalCount } }',
    '{ listings { totalCount } }',
    '{ tokenAssets { totalCount } }',
    `{ invoices(orderToken: "abc") { id } }`,
    `{ getCustomer(uuid: "00000000-0000-4000-8000-000000000000") { uuid } }`,
    '{ productCollections { totalCount } }',
    '{ productCollections(type: "favourites") { totalCount } }',
  ];

  it('answers a visitor, and a token that is not valid, with unauthorized (401)', async () => {
    for (const query of customerOnly) {
      for (const token of [undefined, 'not-a-token', `${owner.token}x`]) {
        const a = await gql(query, { token, language: 'de' });
        expect([query, a.status, codeOf(a)]).toEqual([query, 401, 'unauthorized']);
        expect(a.errors![0]!.message).toBe('Bitte melden Sie sich an.');
      }
    }
    const en = await gql('{ customer { uuid } }');
    expect(en.errors![0]!.message).toBe('Please log in.');
  });

  it('keeps public data when a customer field fails in the same query (200, partial)', async () => {
    const a = await gql('{ customer { uuid } currencies { totalCount } }');
    expect(a.status).toBe(200);
    expect(a.data!.customer).toBeNull();
    expect(a.data!.currencies.totalCount).toBeGreaterThan(0);
    expect(codeOf(a)).toBe('unauthorized');
  });

  it('reads the logged-in customer as GET customers/{uuid}, and getCustomer only for oneself', async () => {
    const rest = (
      await t.app.inject({
        url: `/api/v2/shop/customers/${owner.row.uuid}`,
        headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' },
      })
    ).json();
    const me = await gql('{ customer { uuid email fullName defaultAddress defaultWallet kycPassed } }', {
      token: owner.token,
    });
    expect(me.data!.customer).toEqual({
      uuid: rest.uuid,
      email: rest.email,
      fullName: rest.fullName,
      defaultAddress: rest.defaultAddress,
      defaultWallet: rest.defaultWallet,
      kycPassed: rest.kycPassed,
    });
    const own = await gql(`{ getCustomer(uuid: "${owner.row.uuid.toUpperCase()}") { uuid } }`, {
      token: owner.token,
    });
    expect(own.data!.getCustomer.uuid).toBe(owner.row.uuid);
    const other = await gql(`{ getCustomer(uuid: "${owner.row.uuid}") { uuid email } }`, {
      token: intruder.token,
    });
    expect([other.status, codeOf(other)]).toEqual([404, 'not_found']);
    expect(JSON.stringify(other)).not.toContain(owner.row.email);
    const bad = await gql('{ getCustomer(uuid: "nope") { uuid } }', { token: owner.token });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'invalid_query']);
  });

  it('lists the customer’s orders newest checkout first, and nobody else’s', async () => {
    const q =
      '{ orders { totalCount items { tokenValue paymentState items { productCode quantity total variant } payments { method } } } }';
    const mine = await gql(q, { token: owner.token });
    expect(mine.data!.orders.items.map((o: { tokenValue: string }) => o.tokenValue)).toEqual([
      ownerOrders.unpaid,
      ownerOrders.paid,
    ]);
    expect(mine.data!.orders.items[0].items[0]).toMatchObject({ productCode: bondCode, quantity: 1000 });
    expect(mine.data!.orders.items[0].items[0].variant).toBe(`/api/v2/shop/product-variants/${bondCode}`);
    const theirs = await gql(q, { token: intruder.token });
    expect(theirs.data!.orders).toEqual({ totalCount: 0, items: [] });
    const badPage = await gql('{ orders(itemsPerPage: 51) { totalCount } }', { token: owner.token });
    expect([badPage.status, codeOf(badPage)]).toEqual([400, 'invalid_query']);
  });

  it('lists only the paid orders in paidOrders', async () => {
    const mine = await gql('{ paidOrders { totalCount items { tokenValue paid } } }', { token: owner.token });
    expect(mine.data!.paidOrders).toEqual({
      totalCount: 1,
      items: [{ tokenValue: ownerOrders.paid, paid: true }],
    });
    const theirs = await gql('{ paidOrders { totalCount } }', { token: intruder.token });
    expect(theirs.data!.paidOrders.totalCount).toBe(0);
  });

  it('lists the customer’s listings (order lines) with their payment and transaction status', async () => {
    const mine = await gql(
      '{ listings { totalCount items { order type status paymentStatus transactionStatus productVariant } } }',
      {
        token: owner.token,
      },
    );
    expect(mine.data!.listings.items).toEqual([
      expect.objectContaining({
        order: ownerOrders.unpaid,
        type: 'buy_now',
        paymentStatus: 'awaiting_payment',
        transactionStatus: 'pending',
      }),
      expect.objectContaining({
        order: ownerOrders.paid,
        paymentStatus: 'paid',
        productVariant: `/api/v2/shop/product-variants/${bondCode}`,
      }),
    ]);
    const theirs = await gql('{ listings { totalCount } }', { token: intruder.token });
    expect(theirs.data!.listings.totalCount).toBe(0);
  });

  it('gives the invoices of one’s own order; another customer’s order is order_not_found', async () => {
    const mine = await gql(`{ invoices(orderToken: "${ownerOrders.paid}") { id number order } }`, {
      token: owner.token,
    });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.invoices).toHaveLength(1);
    expect(mine.data!.invoices[0].order).toBe(`/api/v2/shop/orders/${ownerOrders.paid}`);
    const theirs = await gql(`{ invoices(orderToken: "${ownerOrders.paid}") { id number } }`, {
      token: intruder.token,
    });
    expect([theirs.status, codeOf(theirs)]).toEqual([404, 'order_not_found']);
    const bad = await gql('{ invoices(orderToken: "../x") { id } }', { token: owner.token });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'invalid_query']);
  });

  it('gives the depot in tokenAssets, the customer’s own only', async () => {
    const mine = await gql(
      '{ tokenAssets { totalCount items { product { code } amount minted notMinted } } }',
      {
        token: owner.token,
      },
    );
    expect(mine.data!.tokenAssets.items).toEqual([
      // the paid order's 1,000 tokens, 5 of them minted (the mint is the order's)
      { product: { code: bondCode }, amount: 1000, minted: 5, notMinted: 995 },
    ]);
    const theirs = await gql('{ tokenAssets { totalCount items { amount } } }', { token: intruder.token });
    expect(theirs.data!.tokenAssets).toEqual({ totalCount: 0, items: [] });
  });
});

describe('marketplace: public profiles and product collections', () => {
  it('finds a public creator profile by user name, for visitors, and nothing private', async () => {
    const a = await gql(
      '{ customers(profileName: "adagraf") { uuid displayName profileName bio website socialLinks { network url } profileImage } }',
    );
    expect(a.status).toBe(200);
    expect(a.data!.customers).toEqual([
      expect.objectContaining({ uuid: creatorUuid, profileName: 'adagraf' }),
    ]);
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/v2/shop/public-profiles/${creatorUuid}`,
      headers: { accept: 'application/json' },
    });
    const { mediaFiles: _files, ...restFields } = rest.json() as Record<string, unknown>;
    expect(a.data!.customers[0]).toEqual(restFields);
    const none = await gql('{ customers(profileName: "nobody-here") { uuid } }');
    expect(none.data!.customers).toEqual([]);
    const bad = await gql('{ customers(profileName: "a b") { uuid } }', { language: 'de' });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'invalid_query']);
    // the customer type has no e-mail to ask for
    const email = await gql('{ customers(profileName: "adagraf") { email } }');
    expect(email.status).toBe(400);
  });

  it('pages the customer’s favourites and my-items as GET product-collections does, their own only', async () => {
    const fan = await loggedInInvestor(t);
    const [fav] = await listProductCollections({
      db: t.app.db,
      customerId: fan.row.id,
      type: 'favourites',
      locale: 'en',
      page: { page: 1, itemsPerPage: 1 },
    });
    for (const code of ['GQL_ART_03', 'GQL_ART_07', 'GQL_ART_11']) {
      await addCollectionItem({
        db: t.app.db,
        customerId: fan.row.id,
        collectionId: fav!.id,
        productCode: code,
        locale: 'en',
      });
    }
    const a = await gql(
      '{ productCollections(type: "favourites", itemsPerPage: 2, page: 2) { totalCount paginationInfo { lastPage } items { amount product { code name } } } }',
      { token: fan.token },
    );
    expect(a.errors).toBeUndefined();
    expect(a.data!.productCollections.totalCount).toBe(3);
    expect(a.data!.productCollections.paginationInfo.lastPage).toBe(2);
    expect(a.data!.productCollections.items).toHaveLength(1);
    // my-items: collectibles bought and paid; this investor bought none, the intruder sees none of the fan's
    const mine = await gql('{ productCollections { totalCount items { product { code } } } }', {
      token: fan.token,
    });
    expect(mine.data!.productCollections.totalCount).toBe(0);
    const other = await gql('{ productCollections(type: "favourites") { totalCount } }', {
      token: intruder.token,
    });
    expect(other.data!.productCollections.totalCount).toBe(0);
    const bad = await gql('{ productCollections(type: "everything") { totalCount } }', { token: fan.token });
    expect([bad.status, codeOf(bad)]).toEqual([400, 'invalid_query']);
  });
});

describe('transactions', () => {
  it('gives a product’s confirmed transactions by code, for anyone, and on a product of a list', async () => {
    const a = await gql(`{ transactions(productCode: "${bondCode}") { hash fromAddress toAddress } }`);
    expect(a.data!.transactions).toEqual([
      { hash: '0xabc1', fromAddress: null, toAddress: '0x1111111111111111111111111111111111111111' },
    ]);
    const inList = await gql(`{ product(code: "${bondCode}") { transactions { hash } } }`);
    expect(inList.data!.product.transactions).toEqual([{ hash: '0xabc1' }]);
    const missing = await gql('{ transactions(productCode: "NO_SUCH") { hash } }');
    expect([missing.status, codeOf(missing)]).toEqual([404, 'not_found']);
    const empty = await gql('{ transactions(productCode: "") { hash } }');
    expect([empty.status, codeOf(empty)]).toEqual([400, 'invalid_query']);
  });
});

describe('limits and malformed requests', () => {
  it('refuses a query nested too deeply (400 graphql_query_too_deep) before running it', async () => {
    let nested = 'code';
    for (let i = 0; i < maxQueryDepth; i += 1) nested = `code children { ${nested} }`;
    const a = await gql(`{ taxa { ${nested} } }`, { language: 'de' });
    expect(a.status).toBe(400);
    expect(codeOf(a)).toBe('graphql_query_too_deep');
    expect(a.errors![0]!.message).toBe('Die GraphQL-Abfrage ist zu tief verschachtelt.');
    expect(a.data).toBeNull();
    const fine = await gql('{ taxa { children { children { code } } } }');
    expect(fine.status).toBe(200);
  });

  it('refuses a query that costs too much (400 graphql_query_too_costly), with its figures', async () => {
    const everything = `items { id code name slug description translations { de { name description } en { name description } }
      metadata { key value } attributes { code name stringValue } mainTaxon { code name fullname }
      creator { uuid fullName mediaFiles { id uuid fileName path mediaType } }
      mediaFiles { id uuid fileName path mediaType mimeType } legalDocuments { id title path }
      defaultVariant { code price: channelPricings totalSupply onHand } transactions { hash fromAddress toAddress } }`;
    const aliases = [1, 2, 3, 4]
      .map((i) => `p${i}: products(itemsPerPage: 100, page: ${i}) { ${everything} }`)
      .join('\n');
    const a = await gql(`{ ${aliases} }`);
    expect(a.status).toBe(400);
    expect(codeOf(a)).toBe('graphql_query_too_costly');
    expect(a.errors![0]!.message).toBe(
      'The GraphQL query is too costly. Please ask for fewer items or fields.',
    );
    expect(a.errors![0]!.extensions.limit).toBe(maxQueryCost);
    expect(a.errors![0]!.extensions.cost).toBeGreaterThan(maxQueryCost);
    // a page size given as a variable counts at its maximum
    const asVariable = await gql(
      `query($n: Int) { ${[1, 2, 3, 4].map((i) => `p${i}: products(itemsPerPage: $n) { ${everything} }`).join('\n')} }`,
      { variables: { n: 1 } },
    );
    expect(codeOf(asVariable)).toBe('graphql_query_too_costly');
    const one = await gql(`{ products(itemsPerPage: 100) { ${everything} } }`);
    expect(one.status).toBe(200);
  });

  it('allows introspection, whatever its depth', async () => {
    const a = await gql(getIntrospectionQuery());
    expect(a.status).toBe(200);
    expect(a.data!.__schema.queryType.name).toBe('Query');
  });

  it('answers malformed queries and bodies with 400 and a clear code, never a stack or SQL', async () => {
    const syntax = await gql('{ products { items { code } ');
    expect([syntax.status, codeOf(syntax)]).toEqual([400, 'graphql_invalid_query']);
    expect(syntax.errors![0]!.extensions.detail).toMatch(/Syntax Error/);
    const unknown = await gql('{ products { items { secret } } }');
    expect([unknown.status, codeOf(unknown)]).toEqual([400, 'graphql_invalid_query']);
    const brokenJson = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/graphql',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"query": ',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json().errors[0]).toMatchObject({
      message: 'The GraphQL query is invalid.',
      extensions: { code: 'graphql_invalid_query' },
    });
    const noQuery = await t.app.inject({ method: 'POST', url: '/api/v2/shop/graphql', payload: {} });
    expect(noQuery.statusCode).toBe(400);
    const oversize = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/graphql',
      payload: { query: `{ currencies { totalCount } } # ${'x'.repeat(1_100_000)}` },
    });
    expect(oversize.statusCode).toBe(413);
    // A failure nobody expected (a database error) is logged and answered as internal_error, unworded.
    const failed = formatGraphQLErrors(
      {
        data: { products: null },
        errors: [
          new GraphQLError('relation "products" does not exist', {
            path: ['products'],
            originalError: new Error('select p.id from products p where secret = 1'),
          }),
        ],
      },
      { app: { log: { error: () => {} } as never } },
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.response.errors[0]).toEqual({
      message: 'Es ist ein unerwarteter Fehler aufgetreten.',
      path: ['products'],
      extensions: { code: 'internal_error', status: 500 },
    });
    for (const res of [syntax, unknown, brokenJson.json(), noQuery.json(), failed.response]) {
      const text = JSON.stringify(res);
      expect(text).not.toMatch(/\bat \w+ \(|node_modules|select |\.ts:\d+/);
    }
  });
});

describe('statements per list query', () => {
  /** The statements sent while `run` runs, counted at the driver (as in transfers-statements.test.ts). */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    let count = 0;
    if (t.kind === 'postgres') {
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        count += 1;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        await run();
      } finally {
        pg.Client.prototype.query = original;
      }
      return count;
    }
    const client = t.app.db.$client as unknown as PGlite;
    const original = client._runExclusiveQuery;
    client._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
      count += 1;
      return original.call(this, fn) as Promise<T>;
    };
    try {
      await run();
    } finally {
      client._runExclusiveQuery = original;
    }
    return count;
  }

  let collector: Session;
  const statementCounts: string[] = [];
  afterAll(() => {
    console.info(`statements per GraphQL list query (12 or 50 items):\n  ${statementCounts.join('\n  ')}`);
  });
  beforeAll(async () => {
    // 55 bonds bought and paid for: 55 orders with their items, 55 depot lines, 55 listings.
    collector = await loggedInInvestor(t);
    for (let i = 0; i < 55; i += 1) {
      const { variant } = await testBond(t);
      await seedOrder(t.app.db, {
        customerId: collector.row.id,
        variant,
        quantity: 10,
        state: 'completed',
        paymentState: 'paid',
        completedAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000),
      });
    }
  }, 240_000);

  const lists: [name: string, query: (n: number) => string, customer: boolean][] = [
    [
      'products with creator, taxons, media, variants and transactions',
      (n) => `{ products(creatorUuid: "${creatorUuid}", itemsPerPage: ${n}) { totalCount items { code name
        creator { uuid mediaFiles { path } } mainTaxon { code fullname } taxons mediaFiles { path }
        defaultVariant { code channelPricings } variants attributes { code } transactions { hash } } } }`,
      false,
    ],
    [
      'orders with items and payments',
      (n) =>
        `{ orders(itemsPerPage: ${n}) { totalCount items { tokenValue items { productName total } payments { method } } } }`,
      true,
    ],
    [
      'paidOrders',
      (n) => `{ paidOrders(itemsPerPage: ${n}) { totalCount items { tokenValue items { productCode } } } }`,
      true,
    ],
    [
      'listings',
      (n) =>
        `{ listings(itemsPerPage: ${n}) { totalCount items { order productVariant transactionStatus } } }`,
      true,
    ],
    [
      'tokenAssets',
      (n) =>
        `{ tokenAssets(itemsPerPage: ${n}) { totalCount items { product { code name } productVariant { name } amount } } }`,
      true,
    ],
    ['countries', (n) => `{ countries(itemsPerPage: ${n}) { totalCount items { code name } } }`, false],
  ];

  for (const [name, query, customer] of lists) {
    it(`${name}: as many statements for 50 items as for 12`, async () => {
      const token = customer ? collector.token : undefined;
      let small: GqlAnswer | undefined;
      let large: GqlAnswer | undefined;
      const twelve = await statementsOf(async () => {
        small = await gql(query(12), { token });
      });
      const fifty = await statementsOf(async () => {
        large = await gql(query(50), { token });
      });
      expect(small!.errors).toBeUndefined();
      expect(large!.errors).toBeUndefined();
      const items = (a: GqlAnswer) => (Object.values(a.data!)[0] as { items: unknown[] }).items.length;
      expect([items(small!), items(large!)]).toEqual([12, 50]);
      expect(fifty).toBe(twelve);
      statementCounts.push(`${name}: ${twelve}`);
      expect(twelve).toBeLessThanOrEqual(6);
    });
  }
});

describe('GraphiQL and the schema file', () => {
  it('serves GraphiQL from our origin with a CSP that allows exactly its scripts', async () => {
    const page = await t.app.inject({ url: '/api/v2/shop/graphiql' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)" integrity="([^"]+)"><\/script>/g)];
    expect(scripts.map((s) => s[1]!.split('/').pop())).toEqual([
      'react.production.min.js',
      'react-dom.production.min.js',
      'graphiql.min.js',
      'start.js',
    ]);
    expect(csp).toMatch(/script-src ('sha256-[^']+' ?){4};/);
    for (const [, src, integrity] of scripts) {
      expect(csp).toContain(`'${integrity}'`);
      const asset = await t.app.inject({ url: src! });
      expect(asset.statusCode).toBe(200);
    }
    expect(page.body).not.toMatch(/unpkg|cdn|https?:\/\//);
    expect((await t.app.inject({ url: '/api/v2/shop/graphiql/assets/nope.js' })).statusCode).toBe(404);
  });

  it('does not serve GraphiQL in production', async () => {
    const { buildApp } = await import('../server.ts');
    const prod = await buildApp({
      ...t.buildOptions,
      config: { ...t.config, env: 'production' },
      db: { ...t.buildOptions.db, close: async () => {} },
      logger: false,
    });
    try {
      expect((await prod.inject({ url: '/api/v2/shop/graphiql' })).statusCode).toBe(404);
      const gqlAnswer = await prod.inject({
        method: 'POST',
        url: '/api/v2/shop/graphql',
        payload: { query: '{ currencies { totalCount } }' },
      });
      expect(gqlAnswer.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('has the committed schema file current (npm run graphql:schema)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../../..', printedSchemaPath), 'utf8');
    expect(committed, 'run `npm run graphql:schema` and commit the file').toBe(printShopSchema());
  });
});
