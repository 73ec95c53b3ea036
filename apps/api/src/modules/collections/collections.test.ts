import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxCategories } from '../../db/schema/index.ts';
import { seedInvestor, seedOrder, seedProduct } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let taxIds: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const rows = await t.app.db
    .insert(taxCategories)
    .values([
      { code: 'test-bonds', name: 'Anleihen', rateBasisPoints: 0 },
      { code: 'test-standard', name: '19 %', rateBasisPoints: 1900 },
    ])
    .returning();
  taxIds = new Map(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

async function customer() {
  const row = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  return { row, token, api: shop(t.app, token) };
}

let n = 0;
async function collectible() {
  n += 1;
  return seedProduct(t.app.db, {
    code: `COLL_${n}`,
    taxCategoryId: taxIds.get('test-standard')!,
    translations: { de: { name: `Sammlerstück ${n}` }, en: { name: `Collectible ${n}` } },
  });
}

type Item = { id: number; '@id': string; amount: number; position: number; product: { code: string } };
type Collection = { id: number; '@id': string; type: string; totalItems: number; items: Item[] };

async function collectionOf(api: ReturnType<typeof shop>, type: string, query = '') {
  const res = await api.get(`/product-collections?type=${type}${query}`);
  expect(res.status).toBe(200);
  const list = res.body as unknown as Collection[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

const productIri = (code: string) => `/api/v2/shop/products/${code}`;

describe('favourites', () => {
  it('are created on first read, added once (idempotent) and removed', async () => {
    const { api } = await customer();
    const { product } = await collectible();
    const fav = await collectionOf(api, 'favourites');
    expect(fav).toMatchObject({ type: 'favourites', totalItems: 0, items: [] });
    expect(fav['@id']).toBe(`/api/v2/shop/product-collections/${fav.id}`);
    expect((await collectionOf(api, 'favourites')).id).toBe(fav.id);

    const body = { product: productIri(product.code), productCollection: fav['@id'] };
    const added = await api.post('/product-collection-items', body);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      '@id': `/api/v2/shop/product-collection-items/${added.body.id}`,
      amount: 1,
      product: { code: product.code, name: expect.any(String), defaultVariant: expect.any(Object) },
    });
    const again = await api.post('/product-collection-items', body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(added.body.id);

    const listed = await collectionOf(api, 'favourites');
    expect(listed.totalItems).toBe(1);
    expect(listed.items.map((i) => i.product.code)).toEqual([product.code]);

    expect((await api.delete(`/product-collection-items/${added.body.id}`)).status).toBe(204);
    expect((await collectionOf(api, 'favourites')).items).toEqual([]);
    expect((await api.delete(`/product-collection-items/${added.body.id}`)).status).toBe(404);
  });

  it('answers JSON-LD with a Hydra collection', async () => {
    const { token } = await customer();
    const res = await t.app.inject({
      url: '/api/v2/shop/product-collections?type=favourites',
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      '@type': 'hydra:Collection',
      'hydra:totalItems': 1,
      'hydra:member': [{ '@type': 'ProductCollection', type: 'favourites' }],
    });
  });

  it('hides another customer’s collection and item behind 404', async () => {
    const owner = await customer();
    const intruder = await customer();
    const { product } = await collectible();
    const fav = await collectionOf(owner.api, 'favourites');
    const added = await owner.api.post('/product-collection-items', {
      product: productIri(product.code),
      productCollection: fav['@id'],
    });
    const into = await intruder.api.post('/product-collection-items', {
      product: productIri(product.code),
      productCollection: fav['@id'],
    });
    expect(into.status).toBe(404);
    expect(into.body.code).toBe('not_found');
    expect((await intruder.api.delete(`/product-collection-items/${added.body.id}`)).status).toBe(404);
    const theirs = await collectionOf(intruder.api, 'favourites');
    expect(theirs.id).not.toBe(fav.id);
    expect(theirs.items).toEqual([]);
    expect((await collectionOf(owner.api, 'favourites')).items).toHaveLength(1);
  });

  it('answers 401 to visitors', async () => {
    const visitor = shop(t.app);
    expect((await visitor.get('/product-collections?type=favourites')).status).toBe(401);
    const post = await visitor.post('/product-collection-items', {
      product: productIri('X'),
      productCollection: '/api/v2/shop/product-collections/1',
    });
    expect(post.status).toBe(401);
    expect((await visitor.delete('/product-collection-items/1')).status).toBe(401);
  });

  it('refuses bad input with 4xx problems in the reader’s language', async () => {
    const { api, token } = await customer();
    const fav = await collectionOf(api, 'favourites');
    const notIri = await api.post('/product-collection-items', {
      product: 'COLL_1',
      productCollection: fav['@id'],
    });
    expect(notIri.status).toBe(422);
    expect(notIri.body.violations).toEqual([expect.objectContaining({ propertyPath: 'product' })]);
    const unknownProduct = await api.post('/product-collection-items', {
      product: productIri('NO_SUCH_PRODUCT'),
      productCollection: fav['@id'],
    });
    expect(unknownProduct.status).toBe(404);
    const badCollection = await api.post('/product-collection-items', {
      product: productIri('COLL_1'),
      productCollection: '/api/v2/shop/product-collections/abc',
    });
    expect(badCollection.status).toBe(404);
    const missing = await api.post('/product-collection-items', {
      product: productIri('COLL_1'),
      productCollection: '/api/v2/shop/product-collections/999999',
    });
    expect(missing.status).toBe(404);
    expect((await api.get('/product-collections?type=wishlist')).status).toBe(400);
    expect((await api.get('/product-collections')).status).toBe(400);
    expect((await api.get('/product-collections?type=favourites&itemsPerPage=401')).status).toBe(400);
    expect((await api.delete('/product-collection-items/abc')).status).toBe(400);

    const german = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/product-collection-items',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'de', accept: 'application/json' },
      payload: { product: productIri('NO_SUCH_PRODUCT'), productCollection: fav['@id'] },
    });
    expect(german.statusCode).toBe(404);
    expect(german.headers['content-type']).toContain('application/problem+json');
    expect(german.json().title).toBe('Die angeforderte Ressource wurde nicht gefunden.');
  });
});

describe('my collection (my-items)', () => {
  it('shows the collectibles of paid orders, amounts summed; bonds and unpaid orders stay out', async () => {
    const { row, api } = await customer();
    const a = await collectible();
    const b = await collectible();
    const bond = await seedProduct(t.app.db, { code: `BOND_${n}`, taxCategoryId: taxIds.get('test-bonds')! });
    const customerId = row.id;
    const paid = { customerId, state: 'completed', paymentState: 'paid', unitPrice: 500 } as const;
    await seedOrder(t.app.db, { ...paid, variant: a.variant!, quantity: 1 });
    await seedOrder(t.app.db, { ...paid, variant: a.variant!, quantity: 2 });
    await seedOrder(t.app.db, { ...paid, variant: bond.variant!, quantity: 1000 });
    await seedOrder(t.app.db, {
      customerId,
      variant: b.variant!,
      quantity: 1,
      state: 'completed',
      paymentState: 'awaiting_payment',
    });

    const mine = await collectionOf(api, 'my-items');
    expect(mine.type).toBe('my-items');
    expect(mine.totalItems).toBe(1);
    expect(mine.items).toEqual([
      expect.objectContaining({
        amount: 3,
        position: 0,
        product: expect.objectContaining({ code: a.product.code }),
      }),
    ]);

    // Only favourites are edited by hand.
    const refused = await api.post('/product-collection-items', {
      product: productIri(b.product.code),
      productCollection: mine['@id'],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('collection_not_editable');

    // Another customer's my-items is their own, empty one.
    const other = await customer();
    expect((await collectionOf(other.api, 'my-items')).items).toEqual([]);
  });
});

/**
 * The statements sent to the database while `run` runs, counted at the driver (node-postgres's
 * `Client#query`, PGlite's exclusive runner), as transfers-statements.test.ts counts them.
 */
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
      return count;
    } finally {
      pg.Client.prototype.query = original;
    }
  }
  const client = t.app.db.$client as unknown as PGlite;
  const original = client._runExclusiveQuery;
  client._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    count += 1;
    return original.call(this, fn) as Promise<T>;
  };
  try {
    await run();
    return count;
  } finally {
    client._runExclusiveQuery = original;
  }
}

describe('statements per page', () => {
  it('reads a favourites page of 12 and of 50 items with the same number of statements', async () => {
    const { api } = await customer();
    const fav = await collectionOf(api, 'favourites');
    const counts: number[] = [];
    for (const size of [12, 50]) {
      while ((await collectionOf(api, 'favourites', '&itemsPerPage=400')).totalItems < size) {
        const { product } = await collectible();
        await api.post('/product-collection-items', {
          product: productIri(product.code),
          productCollection: fav['@id'],
        });
      }
      let page: Collection | undefined;
      counts.push(
        await statementsOf(async () => {
          page = await collectionOf(api, 'favourites', `&itemsPerPage=${size}`);
        }),
      );
      expect(page!.items).toHaveLength(size);
    }
    expect(counts[1]).toBe(counts[0]);
    // The session check, the collection, the page: nothing per item.
    expect(counts[0]).toBeLessThanOrEqual(5);
  });
});

describe('notification settings', () => {
  it('answer the defaults, then what was saved; owner only', async () => {
    const { row, api } = await customer();
    const path = `/customers/${row.uuid}/notification-settings`;
    const all = { auctionEnd: true, newFollower: true, bid: true, drop: true, sale: true };
    expect((await api.get(path)).body).toEqual(all);
    const changed = { auctionEnd: false, newFollower: true, bid: false, drop: true, sale: false };
    const saved = await api.put(path, changed);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(changed);
    expect((await api.get(path)).body).toEqual(changed);

    for (const bad of [{ ...changed, bid: 'yes' }, { auctionEnd: true }, { ...changed, email: true }]) {
      const res = await api.put(path, bad);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('validation_failed');
    }

    const intruder = await customer();
    expect((await intruder.api.get(path)).status).toBe(404);
    expect((await intruder.api.put(path, all)).status).toBe(404);
    expect((await api.get(path)).body).toEqual(changed);
    expect((await shop(t.app).get(path)).status).toBe(401);
  });
});

describe('products of a collection that vanish', () => {
  it('leaves a disabled product out of favourites', async () => {
    const { api } = await customer();
    const { product } = await collectible();
    const fav = await collectionOf(api, 'favourites');
    await api.post('/product-collection-items', {
      product: productIri(product.code),
      productCollection: fav['@id'],
    });
    const { products } = await import('../../db/schema/index.ts');
    await t.app.db.update(products).set({ enabled: false }).where(eq(products.id, product.id));
    expect((await collectionOf(api, 'favourites')).items).toEqual([]);
  });
});
