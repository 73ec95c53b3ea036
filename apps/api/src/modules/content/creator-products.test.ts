import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, orders, productVariants } from '../../db/schema/index.ts';
import { seedCreator, seedOrder } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { type JsonAnswer, jsonCalls, shopPath as shop } from '../../test/json-calls.ts';
import { operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { readCatalogRevision } from '../catalog/catalog-revision.ts';
import { readyImage as readyImageOf } from './testing.ts';

/*
 * Creators' products (issue 18): create, edit, variants, review by an operator, and the shop's
 * listing of approved products only. Ownership: another creator's product and catalogue products are
 * not found; visitors 401.
 */

let t: TestApp;
let creator: { token: string; uuid: string; id: number };
let other: { token: string; uuid: string; id: number };
let operator: { token: string; id: number };

const call = jsonCalls(() => t);

const readyImage = (token: string, opts: { private?: boolean } = {}) => readyImageOf(t, token, opts);

function payload(media: string[], overrides: Record<string, unknown> = {}) {
  return {
    mediaFiles: media,
    translations: {
      de: { name: 'Nebel über der Elbe', description: 'Eine digitale Fotografie.', locale: 'de' },
      en: { name: 'Fog over the Elbe', description: 'A digital photograph.', locale: 'en' },
    },
    royalties: 10,
    metadata: [
      { key: 'Kamera', value: 'Leica' },
      { key: '', value: 'ohne Schlüssel' },
    ],
    traits: [{ type: 'Stimmung', value: 'ruhig' }],
    whitelisting: false,
    mainTaxon: 'collectibles',
    subCategory: 'collectibles_art',
    itemType: 'multiple',
    copies: 5,
    price: 4_900,
    currency: 'EUR',
    tags: ['fotografie', 'elbe'],
    collaboration: false,
    copyrightTransfer: false,
    unlockOnPurchase: true,
    termsAccepted: true,
    noCopyrightInfringement: true,
    ...overrides,
  };
}

async function listedCodes(creatorUuid: string): Promise<string[]> {
  const res = await call('GET', shop(`/products?creator.uuid=${creatorUuid}&itemsPerPage=50`));
  return (res.body as unknown as { code: string }[]).map((p) => p.code);
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedCreator(t.app.db);
  const b = await seedCreator(t.app.db);
  creator = { token: await tokenFor(t.app, a), uuid: a.uuid, id: a.id };
  other = { token: await tokenFor(t.app, b), uuid: b.uuid, id: b.id };
  const op = await operatorWithToken(t.app, t.config.appSecret);
  operator = { token: op.token, id: op.operator.id };
});
afterAll(async () => {
  await t.close();
});

describe('a creator’s product through review', () => {
  let code: string;

  it('creates a pending collectible that the shop does not list', async () => {
    const media = await readyImage(creator.token);
    const res = await call('POST', shop('/products'), { token: creator.token, body: payload([media]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    code = res.body.code;
    expect(res.body).toMatchObject({
      name: 'Nebel über der Elbe',
      reviewState: 'pending',
      royalties: 10,
      metadata: [{ key: 'Kamera', value: 'Leica' }],
      traits: [{ type: 'Stimmung', value: 'ruhig' }],
      mainTaxon: 'collectibles',
      subCategory: 'collectibles_art',
      copies: 5,
      price: 4_900,
      unlockOnPurchase: true,
      defaultVariant: {
        onHand: 5,
        totalSupply: 5,
        tracked: true,
        channelPricings: { token: { price: 4_900 } },
      },
    });
    expect(res.body.slug).toMatch(/^nebel-ueber-der-elbe-/);
    expect(res.body.mediaFiles[0]['@id']).toBe(media);

    expect(await listedCodes(creator.uuid)).not.toContain(code);
    for (const token of [undefined, creator.token, other.token]) {
      expect((await call('GET', shop(`/products/${code}`), { token })).status).toBe(404);
      expect((await call('GET', shop(`/product-variants/${code}`), { token })).status).toBe(404);
    }
    const created = await call('GET', shop('/created-products'), { token: creator.token });
    expect(created.body.map((p: { code: string }) => p.code)).toContain(code);
    const own = await call('GET', shop(`/created-products/${code}`), { token: creator.token });
    expect(own.body.reviewState).toBe('pending');
    // Not for sale either: the order offer follows the same rule.
    const cart = await call('POST', shop('/orders'), { token: other.token, body: { locale: 'de' } });
    expect(cart.status).toBe(201);
    const item = await call('POST', shop(`/orders/${cart.body.tokenValue}/items`), {
      token: other.token,
      body: { productVariant: `/api/v2/shop/product-variants/${code}`, quantity: 1 },
    });
    expect(item.status).toBe(422);
    expect(item.body.code).toBe('variant_not_found');
  });

  it('is approved by an operator, audit-logged, listed, and the catalogue revision moves', async () => {
    const pending = await call('GET', `/api/v2/admin/products?state=pending`, { token: operator.token });
    expect(pending.status).toBe(200);
    expect(pending.body.map((p: { code: string }) => p.code)).toContain(code);
    const before = await readCatalogRevision(t.app.db);
    const approved = await call('POST', `/api/v2/admin/products/${code}/approve`, { token: operator.token });
    expect(approved.status).toBe(200);
    expect(approved.body.reviewState).toBe('approved');
    const after = await readCatalogRevision(t.app.db);
    expect(after!.revision).toBeGreaterThan(before!.revision);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(eq(complianceAuditLog.customerId, creator.id), eq(complianceAuditLog.action, 'product_approved')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(operator.id);

    expect(await listedCodes(creator.uuid)).toContain(code);
    const product = await call('GET', shop(`/products/${code}`));
    expect(product.status).toBe(200);
    expect(product.body.taxCategory).toEqual({ code: 'standard', rateBasisPoints: 1900 });
    expect(product.body.creator.uuid).toBe(creator.uuid);
    // Its traits are public now, in the product read and in lists; catalogue products have none.
    expect(product.body.traits).toEqual([{ type: 'Stimmung', value: 'ruhig' }]);
    const listed = await call('GET', shop(`/products?creator.uuid=${creator.uuid}&itemsPerPage=50`));
    const row = (listed.body as unknown as { code: string; traits: unknown }[]).find((p) => p.code === code);
    expect(row?.traits).toEqual([{ type: 'Stimmung', value: 'ruhig' }]);
    const catalogue = await call('GET', shop('/products?itemsPerPage=5'));
    const others = (catalogue.body as unknown as { code: string; traits: unknown }[]).filter(
      (p) => p.code !== code,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const p of others) expect(p.traits).toEqual([]);
    // Rejecting an approved product takes it down again, with the reason.
    expect(
      (await call('POST', `/api/v2/admin/products/${code}/reject`, { token: operator.token, body: {} }))
        .status,
    ).toBe(422);
  });

  it('keeps an approved product listed on a price change, sends it back to review on a new text', async () => {
    const current = (await call('GET', shop(`/created-products/${code}`), { token: creator.token })).body;
    const media = current.mediaFiles.map((f: { '@id': string }) => f['@id']);
    const priced = await call('PUT', shop(`/products/${code}`), {
      token: creator.token,
      body: payload(media, { price: 5_900, termsAccepted: undefined, noCopyrightInfringement: undefined }),
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body).toMatchObject({ reviewState: 'approved', price: 5_900 });
    expect(await listedCodes(creator.uuid)).toContain(code);

    const retitled = await call('PUT', shop(`/products/${code}`), {
      token: creator.token,
      body: payload(media, {
        translations: {
          de: { name: 'Nebel über der Saale', description: 'Neu.' },
          en: { name: 'Fog over the Saale', description: 'New.' },
        },
      }),
    });
    expect(retitled.status).toBe(200);
    expect(retitled.body.reviewState).toBe('pending');
    expect(await listedCodes(creator.uuid)).not.toContain(code);
  });

  it('changes its variant by PUT and PATCH, and refuses another channel', async () => {
    const put = await call('PUT', shop(`/product-variants/${code}`), {
      token: creator.token,
      body: { channelPricings: { token: { price: 7_500 } }, onHand: 3, tracked: true, name: 'Edition' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      onHand: 3,
      name: 'Edition',
      channelPricings: { token: { price: 7_500 } },
    });
    const patch = await call('PATCH', shop('/product-variants'), {
      token: creator.token,
      body: { code, product: `/api/v2/shop/products/${code}`, onHand: 4 },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.onHand).toBe(4);
    const wrong = await call('PUT', shop(`/product-variants/${code}`), {
      token: creator.token,
      body: { channelPricings: { other: { price: 1 } } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations[0].propertyPath).toBe('channelPricings.other');
  });

  it('is rejected with a reason the creator reads', async () => {
    const res = await call('POST', `/api/v2/admin/products/${code}/reject`, {
      token: operator.token,
      body: { reason: 'Bildrechte unklar' },
    });
    expect(res.status).toBe(200);
    const own = await call('GET', shop(`/created-products/${code}`), { token: creator.token });
    expect(own.body).toMatchObject({ reviewState: 'rejected', rejectionReason: 'Bildrechte unklar' });
    // Approving a rejected product is not a move the review allows; the creator edits it first.
    const again = await call('POST', `/api/v2/admin/products/${code}/approve`, { token: operator.token });
    expect(again.status).toBe(409);
  });

  it('is nobody else’s: another creator gets 404 on every call, a visitor 401, a customer no admin list', async () => {
    const media = await readyImage(other.token);
    const calls: [Parameters<typeof call>[0], string, unknown][] = [
      ['GET', shop(`/created-products/${code}`), undefined],
      ['PUT', shop(`/products/${code}`), payload([media])],
      ['PUT', shop(`/product-variants/${code}`), { onHand: 1 }],
      ['PATCH', shop('/product-variants'), { code, onHand: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, { token: other.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    // Catalogue products (a bond, a demo collectible) are not creators’ products to edit.
    for (const catalogue of ['SOLAR_BRANDENBURG_2031', 'NFT_KIEFERNWALD_ABENDLICHT']) {
      expect(
        (await call('PUT', shop(`/products/${catalogue}`), { token: creator.token, body: payload([media]) }))
          .status,
      ).toBe(404);
      expect(
        (
          await call('PUT', shop(`/product-variants/${catalogue}`), {
            token: creator.token,
            body: { onHand: 1 },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call('POST', `/api/v2/admin/products/${catalogue}/approve`, { token: operator.token })).status,
      ).toBe(404);
    }
    expect((await call('POST', shop('/products'), { body: payload([media]) })).status).toBe(401);
    expect((await call('GET', shop('/created-products'))).status).toBe(401);
    expect(
      (await call('GET', '/api/v2/admin/products', { token: creator.token })).status,
    ).toBeGreaterThanOrEqual(401);
    expect((await call('GET', shop('/created-products'), { token: other.token })).body).toEqual([]);
  });
});

describe('several media files per item', () => {
  it('keeps the order given on POST and a new order on PUT (the first is the cover)', async () => {
    const [a, b, c] = [
      await readyImage(creator.token),
      await readyImage(creator.token),
      await readyImage(creator.token),
    ];
    const created = await call('POST', shop('/products'), { token: creator.token, body: payload([b, a, c]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids = (res: JsonAnswer) => res.body.mediaFiles.map((f: { '@id': string }) => f['@id']);
    expect(ids(created)).toEqual([b, a, c]);
    const code = created.body.code;
    const reordered = await call('PUT', shop(`/products/${code}`), {
      token: creator.token,
      body: payload([c, b]),
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(ids(reordered)).toEqual([c, b]);
    expect(ids(await call('GET', shop(`/created-products/${code}`), { token: creator.token }))).toEqual([
      c,
      b,
    ]);
    // The same file twice, or another's file among own ones, is refused at its position.
    const foreign = await readyImage(other.token);
    const twice = await call('PUT', shop(`/products/${code}`), {
      token: creator.token,
      body: payload([c, foreign, c]),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      'mediaFiles[1]',
      'mediaFiles[2]',
    ]);
  });
});

describe('withdrawing an item', () => {
  const withdraw = (code: string, token?: string) =>
    call('POST', shop(`/created-products/${code}/withdraw`), { token, locale: 'en' });

  async function approvedItem(): Promise<{ code: string; variant: typeof productVariants.$inferSelect }> {
    const created = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([await readyImage(creator.token)]),
    });
    expect(created.status).toBe(201);
    const code = created.body.code;
    expect(
      (await call('POST', `/api/v2/admin/products/${code}/approve`, { token: operator.token })).status,
    ).toBe(200);
    const [variant] = await t.app.db.select().from(productVariants).where(eq(productVariants.code, code));
    return { code, variant: variant! };
  }

  it('takes an approved item off the shop: not listed, not for sale, audit-logged, the revision moves', async () => {
    const { code, variant } = await approvedItem();
    // A cart already holding it, ready to be placed.
    const buyer = await seedCreator(t.app.db);
    const cart = await seedOrder(t.app.db, { customerId: buyer.id, variant, quantity: 1, state: 'ready' });
    expect(await listedCodes(creator.uuid)).toContain(code);
    const before = await readCatalogRevision(t.app.db);

    const res = await withdraw(code, creator.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reviewState).toBe('withdrawn');
    expect((await readCatalogRevision(t.app.db))!.revision).toBeGreaterThan(before!.revision);
    expect(await listedCodes(creator.uuid)).not.toContain(code);
    expect((await call('GET', shop(`/products/${code}`))).status).toBe(404);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(
          eq(complianceAuditLog.customerId, creator.id),
          eq(complianceAuditLog.action, 'product_withdrawn'),
        ),
      );
    expect(audit.find((a) => (a.details as { productCode?: string }).productCode === code)).toMatchObject({
      actorId: creator.id,
      details: { productCode: code, from: 'approved' },
    });
    // The cart cannot be placed with an item no longer offered.
    const placed = await call('PATCH', shop(`/orders/${cart.order.tokenValue}/complete`), {
      token: await tokenFor(t.app, buyer),
      body: { digitalContentConsent: { immediateDelivery: true, withdrawalLossAcknowledged: true } },
    });
    expect(placed.status).toBe(422);
    expect(placed.body.code).toBe('variant_not_found');
    // Twice is once; the operators can neither approve it nor find it in their queue.
    expect((await withdraw(code, creator.token)).body.reviewState).toBe('withdrawn');
    expect(
      (await call('POST', `/api/v2/admin/products/${code}/approve`, { token: operator.token })).status,
    ).toBe(409);
    const queue = await call('GET', '/api/v2/admin/products?state=pending', { token: operator.token });
    expect(queue.body.map((p: { code: string }) => p.code)).not.toContain(code);
    const withdrawn = await call('GET', '/api/v2/admin/products?state=withdrawn', { token: operator.token });
    expect(withdrawn.body.map((p: { code: string }) => p.code)).toContain(code);
    // Saving it again resubmits it for review.
    const media = res.body.mediaFiles.map((f: { '@id': string }) => f['@id']);
    const saved = await call('PUT', shop(`/products/${code}`), {
      token: creator.token,
      body: payload(media),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.reviewState).toBe('pending');
  });

  it('refuses while a placed order awaits payment, and allows it once paid: the buyer keeps the edition', async () => {
    const { code, variant } = await approvedItem();
    const placed = await seedOrder(t.app.db, {
      customerId: other.id,
      variant,
      quantity: 1,
      unitPrice: 4_900,
      state: 'completed',
    });
    const refused = await withdraw(code, creator.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'product_has_open_orders',
      title: 'This item can be withdrawn only once no order of it is awaiting payment.',
    });
    expect(await listedCodes(creator.uuid)).toContain(code);

    await t.app.db.update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, placed.order.id));
    const res = await withdraw(code, creator.token);
    expect(res.status).toBe(200);
    expect(res.body.reviewState).toBe('withdrawn');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({ checkoutState: 'completed', paymentState: 'paid' });
  });

  it('is nobody else’s: another creator 404, a visitor 401, a catalogue product 404', async () => {
    const { code } = await approvedItem();
    expect((await withdraw(code, other.token)).status).toBe(404);
    expect((await withdraw(code)).status).toBe(401);
    expect((await withdraw('NFT_KIEFERNWALD_ABENDLICHT', creator.token)).status).toBe(404);
    expect((await withdraw('no/such', creator.token)).status).toBe(404);
    expect(await listedCodes(creator.uuid)).toContain(code);
  });
});

describe('private files of an item that unlocks on purchase', () => {
  it('gives its buyer a signed link once paid, and nobody else', async () => {
    const privateFile = await readyImage(creator.token, { private: true });
    const id = privateFile.split('/').pop();
    const created = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([privateFile], { unlockOnPurchase: true }),
    });
    expect(created.status).toBe(201);
    const link = () => call('GET', shop(`/media-files/${id}/presign`), { token: other.token });
    expect((await link()).status).toBe(404);
    const [variant] = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.code, created.body.code));
    await seedOrder(t.app.db, { customerId: other.id, variant: variant!, quantity: 1, state: 'completed' });
    expect((await link()).status, 'an unpaid order unlocks nothing').toBe(404);
    await seedOrder(t.app.db, {
      customerId: other.id,
      variant: variant!,
      quantity: 1,
      state: 'completed',
      paymentState: 'paid',
    });
    const paid = await link();
    expect(paid.status).toBe(200);
    const u = new URL(paid.body.url, 'http://localhost');
    expect((await t.app.inject({ url: u.pathname + u.search })).statusCode).toBe(200);
    // An operator reviewing the product reads it too; a customer cannot use the operator's call.
    const review = await call('GET', `/api/v2/admin/media-files/${id}/presign?size=sm`, {
      token: operator.token,
    });
    expect(review.status).toBe(200);
    const seen = await call('GET', `/api/v2/admin/media-files/${id}/presign`, { token: other.token });
    expect(seen.status).toBeGreaterThanOrEqual(401);
    expect(seen.status).toBeLessThan(500);
    // The buyer reads the link, not the owner's view of the file.
    expect((await call('GET', shop(`/media-files/${id}`), { token: other.token })).status).toBe(404);
  });
});

describe('bad product payloads', () => {
  let media: string;
  beforeAll(async () => {
    media = await readyImage(creator.token);
  });

  const violationsOf = (res: JsonAnswer) =>
    (res.body.violations as { propertyPath: string; code: string; message: string }[]).map(
      (v) => v.propertyPath,
    );

  it.each([
    ['royalties 90', { royalties: 90 }, 'royalties'],
    ['royalties as text', { royalties: '10' }, 'royalties'],
    ['an empty trait type', { traits: [{ type: '', value: 'ruhig' }] }, 'traits.0.type'],
    ['a trait without value', { traits: [{ type: 'Stimmung' }] }, 'traits.0.value'],
    [
      'an oversized name',
      { translations: { de: { name: 'x'.repeat(201) }, en: { name: 'y' } } },
      'translations.de.name',
    ],
    ['a missing English text', { translations: { de: { name: 'Nur deutsch' } } }, 'translations.en'],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted'],
    ['no copyright confirmation', { noCopyrightInfringement: undefined }, 'noCopyrightInfringement'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price in euro with decimals', { price: 49.5 }, 'price'],
    ['another currency', { currency: 'USD' }, 'currency'],
    ['no media', { mediaFiles: [] }, 'mediaFiles'],
    ['a media path that is no IRI', { mediaFiles: ['/etc/passwd'] }, 'mediaFiles.0'],
    ['an unknown field', { evil: true }, ''],
  ])('refuses %s with 422 and names the field', async (_name, overrides, path) => {
    const res = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([media], overrides),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    const paths = violationsOf(res).map((p) => p.replace(/\[(\d+)\]/g, '.$1'));
    if (path)
      expect(
        paths.some((p) => p === path || p.startsWith(`${path}.`)),
        paths.join(', '),
      ).toBe(true);
  });

  it('says which confirmation is missing, in the creator’s language', async () => {
    const res = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([media], { termsAccepted: false, noCopyrightInfringement: false }),
      locale: 'en',
    });
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'termsAccepted',
        code: 'terms_required',
        message: 'Please accept the terms and conditions',
      }),
      expect.objectContaining({
        propertyPath: 'noCopyrightInfringement',
        code: 'no_copyright_infringement_required',
        message: 'Please confirm that your work does not infringe anyone’s copyright',
      }),
    ]);
  });

  it('refuses another customer’s, an unknown or an unfinished media file, without telling them apart', async () => {
    const foreign = await readyImage(other.token);
    const unfinished = await call('POST', shop('/media-files/presign'), {
      token: creator.token,
      body: { filename: 'later.png', private: false, hash: 'a'.repeat(64) },
    });
    for (const iri of [foreign, '/api/v2/shop/media-files/999999', unfinished.body['@id']]) {
      const res = await call('POST', shop('/products'), {
        token: creator.token,
        body: payload([iri]),
        locale: 'en',
      });
      expect(res.status).toBe(422);
      expect(res.body.violations).toEqual([
        {
          propertyPath: 'mediaFiles[0]',
          code: 'media_file_unusable',
          message: 'This file is not available or has not finished uploading',
        },
      ]);
    }
  });

  it('refuses an unknown category and a sub-category outside it, in German', async () => {
    const res = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([media], { mainTaxon: 'collectibles_music', subCategory: 'collectibles_art' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.title).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect(violationsOf(res)).toEqual(['subCategory']);
    const unknown = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([media], { mainTaxon: 'nope', subCategory: undefined }),
    });
    expect(violationsOf(unknown)).toEqual(['mainTaxon']);
  });

  it('makes a single item one copy, and drops metadata rows without a key', async () => {
    const res = await call('POST', shop('/products'), {
      token: creator.token,
      body: payload([media], { itemType: 'single', copies: 7 }),
    });
    expect(res.status).toBe(201);
    expect(res.body.copies).toBe(1);
    expect(res.body.metadata).toEqual([{ key: 'Kamera', value: 'Leica' }]);
  });
});
