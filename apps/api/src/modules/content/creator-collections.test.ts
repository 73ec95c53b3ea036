import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { seedCreator } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { jsonCalls, shopPath as shop } from '../../test/json-calls.ts';
import { operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { readyImage as readyImageOf } from './testing.ts';

/*
 * Creators' collections (issue 18, decision 023): the draft of the preparation process (owner only;
 * another creator's is 404, visitors 401), items as the creator's products with `collection`, the
 * submit rules, deleting a draft, and the public read of a submitted collection with its approved
 * items only.
 */

let t: TestApp;
let creator: { token: string; uuid: string; id: number };
let other: { token: string; uuid: string; id: number };
let operator: { token: string };

const call = jsonCalls(() => t);

const readyImage = (token: string, opts: { private?: boolean } = {}) => readyImageOf(t, token, opts);

function itemPayload(media: string, collection: string | undefined, name = 'Blatt') {
  return {
    mediaFiles: [media],
    translations: {
      de: { name: `${name} (de)`, description: 'Teil der Sammlung.', locale: 'de' },
      en: { name: `${name} (en)`, description: 'Part of the collection.', locale: 'en' },
    },
    royalties: 10,
    traits: [{ type: 'Farbe', value: 'rot' }],
    itemType: 'multiple',
    copies: 3,
    price: 2_500,
    termsAccepted: true,
    noCopyrightInfringement: true,
    ...(collection !== undefined ? { collection } : {}),
  };
}

const complete = {
  name: 'Elbufer',
  artist: 'Anna Berg',
  minimumReservePrice: 10_000,
  mintingStart: '2026-12-01',
  mintingEnd: '2026-12-31',
  royalties: 8,
  network: 'polygon',
  parameters: [{ key: 'Serie', value: '1' }],
  metadata: [
    { key: 'Ort', value: 'Dresden' },
    { key: '', value: '' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedCreator(t.app.db);
  const b = await seedCreator(t.app.db);
  creator = { token: await tokenFor(t.app, a), uuid: a.uuid, id: a.id };
  other = { token: await tokenFor(t.app, b), uuid: b.uuid, id: b.id };
  operator = { token: (await operatorWithToken(t.app, t.config.appSecret)).token };
});
afterAll(async () => {
  await t.close();
});

describe('a collection through the preparation process', () => {
  let code: string;
  let iri: string;
  let itemCode: string;
  let secondItemCode: string;

  it('starts as the creator’s draft, named with its artist', async () => {
    const res = await call('POST', shop('/collections'), {
      token: creator.token,
      body: { name: ' Elbufer ', artist: 'Anna Berg' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Elbufer',
      artist: 'Anna Berg',
      state: 'draft',
      minimumReservePrice: null,
      mintingStart: null,
      network: null,
      items: [],
      creator: `/api/v2/shop/customers/${creator.uuid}`,
    });
    code = res.body.code;
    iri = res.body['@id'];
    expect(iri).toBe(`/api/v2/shop/collections/${code}`);
  });

  it('is the owner’s alone: visitors 401, another creator 404, and not public while a draft', async () => {
    expect((await call('GET', shop(`/created-collections/${code}`))).status).toBe(401);
    expect((await call('POST', shop('/collections'), { body: { name: 'x', artist: 'y' } })).status).toBe(401);
    for (const [method, url, body] of [
      ['GET', `/created-collections/${code}`, undefined],
      ['PUT', `/collections/${code}`, complete],
      ['POST', `/collections/${code}/submit`, {}],
      ['DELETE', `/collections/${code}`, undefined],
    ] as const) {
      const res = await call(method, shop(url), { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', shop('/created-collections'), { token: other.token });
    expect(list.body).toEqual([]);
    expect((await call('GET', shop(`/collections/${code}`))).status).toBe(404);
    const pub = await call('GET', shop(`/collections?creator=${creator.uuid}`));
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual([]);
    // The other creator cannot put an item into it either: the field says so.
    const media = await readyImage(other.token);
    const res = await call('POST', shop('/products'), { token: other.token, body: itemPayload(media, iri) });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'collection', code: 'collection_unusable' }),
    ]);
  });

  it('refuses bad input with violations on the fields (400/422), never a 500', async () => {
    const bad = await call('PUT', shop(`/collections/${code}`), {
      token: creator.token,
      body: {
        ...complete,
        royalties: 51,
        minimumReservePrice: -1,
        mintingStart: '2026-02-30',
        network: 'bitcoin',
      },
    });
    expect(bad.status).toBe(422);
    const paths = bad.body.violations.map((v: { propertyPath: string }) => v.propertyPath).sort();
    expect(paths).toEqual(['minimumReservePrice', 'mintingStart', 'network', 'royalties']);
    const emptyKey = await call('PUT', shop(`/collections/${code}`), {
      token: creator.token,
      body: { ...complete, parameters: [{ key: '', value: 'ohne Schlüssel' }] },
    });
    expect(emptyKey.status).toBe(422);
    expect(emptyKey.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'parameters.0.key', code: 'required' }),
    ]);
    const unknown = await call('PUT', shop(`/collections/${code}`), {
      token: creator.token,
      body: { ...complete, extra: 1 },
    });
    expect(unknown.status).toBe(422);
    expect(
      (await call('POST', shop('/collections'), { token: creator.token, body: { name: '' } })).status,
    ).toBe(422);
    expect((await call('GET', shop('/created-collections/k-lein'), { token: creator.token })).status).toBe(
      404,
    );
    expect((await call('GET', shop('/collections?creator=nope'))).status).toBe(400);
  });

  it('will not be submitted while parameters or items are missing', async () => {
    const res = await call('POST', shop(`/collections/${code}/submit`), { token: creator.token, body: {} });
    expect(res.status).toBe(422);
    const codes = Object.fromEntries(
      res.body.violations.map((v: { propertyPath: string; code: string }) => [v.propertyPath, v.code]),
    );
    expect(codes).toEqual({
      minimumReservePrice: 'required',
      mintingStart: 'required',
      mintingEnd: 'required',
      royalties: 'required',
      network: 'must_be_selected',
      items: 'collection_items_required',
    });
    expect(
      res.body.violations.find((v: { propertyPath: string }) => v.propertyPath === 'items').message,
    ).toBe('Die Kollektion braucht mindestens ein Werk');
  });

  it('keeps the parameters of later steps (cents, Berlin days) and drops wholly empty rows', async () => {
    const res = await call('PUT', shop(`/collections/${code}`), {
      token: creator.token,
      body: { ...complete, mintingEnd: '2026-12-01' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      minimumReservePrice: 10_000,
      mintingStart: '2026-12-01',
      mintingEnd: '2026-12-01',
      royalties: 8,
      network: 'polygon',
      metadata: [{ key: 'Ort', value: 'Dresden' }],
      parameters: [{ key: 'Serie', value: '1' }],
    });
  });

  it('takes the creator’s products as items, named on the item and in the review list', async () => {
    const first = await call('POST', shop('/products'), {
      token: creator.token,
      body: itemPayload(await readyImage(creator.token), iri, 'Erstes Blatt'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.collection).toEqual({ '@id': iri, code, name: 'Elbufer', state: 'draft' });
    itemCode = first.body.code;
    const second = await call('POST', shop('/products'), {
      token: creator.token,
      body: itemPayload(await readyImage(creator.token), iri, 'Zweites Blatt'),
    });
    secondItemCode = second.body.code;
    const own = await call('GET', shop(`/created-collections/${code}`), { token: creator.token });
    expect(own.body.items.map((i: { code: string }) => i.code)).toEqual([itemCode, secondItemCode]);
    expect(own.body.items[0].reviewState).toBe('pending');
    // items of a draft are still being prepared: not in the operators' queue, and not to be decided
    const review = await call('GET', '/api/v2/admin/products?state=pending', { token: operator.token });
    expect(review.body.some((p: { code: string }) => p.code === itemCode)).toBe(false);
    const early = await call('POST', `/api/v2/admin/products/${itemCode}/approve`, { token: operator.token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('collection_not_submitted');
    // a single item stays outside any collection
    const single = await call('POST', shop('/products'), {
      token: creator.token,
      body: itemPayload(await readyImage(creator.token), undefined),
    });
    expect(single.body.collection).toBeNull();
  });

  it('says the minting end must come after its start', async () => {
    const res = await call('POST', shop(`/collections/${code}/submit`), { token: creator.token });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'mintingEnd', code: 'minting_end_before_start' }),
    ]);
  });

  it('is submitted once complete, and is then no draft to change or throw away', async () => {
    await call('PUT', shop(`/collections/${code}`), { token: creator.token, body: complete });
    const res = await call('POST', shop(`/collections/${code}/submit`), {
      token: creator.token,
      locale: 'en',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.state).toBe('submitted');
    expect(res.body.submittedAt).not.toBeNull();
    const again = await call('POST', shop(`/collections/${code}/submit`), { token: creator.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('collection_submitted');
    const put = await call('PUT', shop(`/collections/${code}`), { token: creator.token, body: complete });
    expect(put.status).toBe(409);
    expect((await call('DELETE', shop(`/collections/${code}`), { token: creator.token })).status).toBe(409);
    const list = await call('GET', shop('/created-collections'), { token: creator.token });
    expect(list.body.map((c: { code: string; state: string }) => [c.code, c.state])).toEqual([
      [code, 'submitted'],
    ]);
    // submitted, its items wait in the operators' queue, named with their collection
    const review = await call('GET', '/api/v2/admin/products?state=pending', { token: operator.token });
    const row = review.body.find((p: { code: string }) => p.code === itemCode);
    expect(row.collection.name).toBe('Elbufer');
  });

  it('shows everyone the submitted collection with its approved items only', async () => {
    let pub = await call('GET', shop(`/collections/${code}`));
    expect(pub.status).toBe(200);
    expect(pub.body.items).toEqual([]);
    expect(pub.body).not.toHaveProperty('state');
    const approved = await call('POST', `/api/v2/admin/products/${itemCode}/approve`, {
      token: operator.token,
    });
    expect(approved.status).toBe(200);
    pub = await call('GET', shop(`/collections/${code}`), { locale: 'en' });
    expect(pub.body.items.map((p: { code: string; name: string }) => [p.code, p.name])).toEqual([
      [itemCode, 'Erstes Blatt (en)'],
    ]);
    expect(pub.body).toMatchObject({ name: 'Elbufer', artist: 'Anna Berg', minimumReservePrice: 10_000 });
    const byCreator = await call('GET', shop(`/collections?creator=${creator.uuid}`));
    expect(byCreator.body.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(byCreator.body[0].items.map((p: { code: string }) => p.code)).toEqual([itemCode]);
    expect(secondItemCode).toBeTruthy();
  });
});

describe('leaving the preparation process', () => {
  it('throws the draft away with its items still in review', async () => {
    const draft = await call('POST', shop('/collections'), {
      token: creator.token,
      body: { name: 'Verworfen', artist: 'Anna Berg' },
    });
    const item = await call('POST', shop('/products'), {
      token: creator.token,
      body: itemPayload(await readyImage(creator.token), draft.body['@id']),
    });
    expect(item.status).toBe(201);
    const res = await call('DELETE', shop(`/collections/${draft.body.code}`), { token: creator.token });
    expect(res.status).toBe(204);
    expect(
      (await call('GET', shop(`/created-collections/${draft.body.code}`), { token: creator.token })).status,
    ).toBe(404);
    expect(await t.app.db.select().from(products).where(eq(products.code, item.body.code))).toEqual([]);
  });
});
