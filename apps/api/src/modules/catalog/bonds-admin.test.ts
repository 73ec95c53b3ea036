import type { MediaFileView } from '@token/domain/catalog-views';
import { renditionSizes } from '@token/domain/marketplace';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceAuditLog,
  mediaFiles,
  productPaymentConfigurations,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { makePdf, postMultipart } from '../documents/testing.ts';
import { paidOrder } from '../register/register.test-kit.ts';
import { putTerms, termsOf } from '../servicing/servicing.test-kit.ts';

let t: TestApp;
let token: string;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  const op = await operatorWithToken(t.app, t.config.appSecret);
  token = op.token;
  operatorId = op.operator.id;
});
afterAll(async () => {
  await t.close();
});

let n = 0;
/** A valid create body with a fresh code. */
function newBond(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    code: `ADMIN_BOND_${n}`,
    taxon: 'bonds_energy',
    translations: {
      de: { name: `Windpark Nordsee ${n}`, shortDescription: 'Kurz', description: 'Lang' },
      en: { name: `North Sea wind farm ${n}`, shortDescription: 'Short', description: null },
    },
    priceCents: 100,
    totalSupply: 50_000,
    quantityStep: 1_000,
    blockchainName: 'Polygon',
    tokenId: null,
    whitelisting: false,
    moreInformationUrl: 'https://example.com/windpark',
    wkn: 'A1B2C3',
    issuerSeat: 'Husum',
    ...overrides,
  };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = token) {
  return t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    headers: {
      accept: 'application/json',
      'accept-language': 'en',
      ...(as ? { authorization: `Bearer ${as}` } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const shopProduct = (code: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/shop/products/${code}`,
    headers: { accept: 'application/json', ...headers },
  });

async function uploadDocument(code: string, fields: Record<string, string>, pdf: Buffer) {
  return postMultipart(t.app, {
    url: `/api/v2/admin/bonds/${code}/legal-documents`,
    token,
    parts: [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename: 'wib.pdf', data: pdf },
    ],
  });
}

async function auditActions(code: string) {
  const rows = await t.app.db
    .select()
    .from(complianceAuditLog)
    .where(and(eq(complianceAuditLog.customerId, operatorId), eq(complianceAuditLog.actorId, operatorId)));
  return rows
    .filter((r) => (r.details as { product?: string } | null)?.product === code)
    .map((r) => r.action);
}

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('creating a bond', () => {
  it('answers 422 on the field for bad input and writes nothing', async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const bad = await call(
      'POST',
      '/bonds',
      newBond({
        code: 'lower-case',
        taxon: 'collectibles_art',
        translations: { de: { name: '' }, en: { name: 'Fine' } },
        priceCents: -1,
      }),
    );
    expect(bad.statusCode).toBe(422);
    const paths = (bad.json().violations as { propertyPath: string }[]).map((v) => v.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['code', 'taxon', 'translations.de.name', 'priceCents']));
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('creates a draft with variant, price, texts, payment methods and attributes; a duplicate code is 409', async () => {
    const body = newBond();
    const created = await call('POST', '/bonds', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: body.code,
      status: 'draft',
      taxon: 'bonds_energy',
      priceCents: 100,
      totalSupply: 50_000,
      onHand: 50_000,
      sold: 0,
      quantityStep: 1_000,
      wkn: 'A1B2C3',
      issuerSeat: 'Husum',
      moreInformationUrl: 'https://example.com/windpark',
      translations: { de: { slug: `windpark-nordsee-${n}` }, en: { slug: `north-sea-wind-farm-${n}` } },
      missingForPublication: ['terms', 'information_sheet'],
    });
    const [product] = await t.app.db.select().from(products).where(eq(products.code, body.code));
    expect(product!.enabled).toBe(false);
    const methods = await t.app.db
      .select()
      .from(productPaymentConfigurations)
      .where(eq(productPaymentConfigurations.productId, product!.id));
    expect(methods.map((m) => m.maximumAmountCents).sort()).toEqual([1_000_000, null]);
    // drafts are not in the shop
    expect((await shopProduct(body.code)).statusCode).toBe(404);

    const duplicate = await call('POST', '/bonds', { ...newBond(), code: body.code });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('bond_code_taken');

    const list = await call('GET', `/bonds?q=${body.code}`);
    expect(list.json()).toEqual([
      expect.objectContaining({ code: body.code, status: 'draft', termsVersion: null }),
    ]);
    expect(await auditActions(body.code)).toEqual(['bond_created']);
  });

  it('gives a second bond of the same name a distinct slug', async () => {
    const first = newBond();
    await call('POST', '/bonds', first);
    const second = await call('POST', '/bonds', { ...newBond(), translations: first.translations });
    expect(second.statusCode).toBe(201);
    expect(second.json().translations.de.slug).toBe(
      `${(first.translations.de.name as string).toLowerCase().replace(/ /g, '-')}-2`,
    );
  });
});

describe('who may administer bonds', () => {
  it('answers a visitor 401 and an investor 403', async () => {
    const investor = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const investorToken = await tokenFor(t.app, investor);
    for (const [method, url, payload] of [
      ['GET', '/bonds'],
      ['POST', '/bonds', newBond()],
      ['GET', '/bonds/SOLAR_BRANDENBURG_2031'],
      ['PATCH', '/bonds/SOLAR_BRANDENBURG_2031', { wkn: 'X' }],
      ['POST', '/bonds/SOLAR_BRANDENBURG_2031/unpublish'],
    ] as const) {
      const anonymous = await call(method, url, payload, '');
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, payload, investorToken);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the life of a bond', () => {
  it('create -> edit -> publish refused until terms and information sheet -> published in the shop -> unpublished', async () => {
    const body = newBond();
    const code = body.code;
    expect((await call('POST', '/bonds', body)).statusCode).toBe(201);

    const edited = await call('PATCH', `/bonds/${code}`, {
      priceCents: 1_000,
      taxon: 'bonds_sme',
      translations: { en: { shortDescription: 'Wind power' } },
      whitelisting: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      priceCents: 1_000,
      taxon: 'bonds_sme',
      whitelisting: true,
      translations: { en: { shortDescription: 'Wind power', name: body.translations.en.name } },
    });

    const refused = await call('POST', `/bonds/${code}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('bond_not_publishable');
    expect(refused.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'terms', code: 'publication_terms_missing' }),
      expect.objectContaining({
        propertyPath: 'legalDocuments.information_sheet',
        code: 'publication_information_sheet_missing',
      }),
    ]);

    expect(
      (await putTerms(t, code, termsOf({ totalSupply: 50_000, issueVolumeCents: 5_000_000_000 }), token))
        .statusCode,
    ).toBe(200);
    const stillRefused = await call('POST', `/bonds/${code}/publish`);
    expect(stillRefused.json().violations).toHaveLength(1);

    const uploaded = await uploadDocument(
      code,
      { type: 'information_sheet', locale: '', title: 'Wertpapier-Informationsblatt' },
      await makePdf('WIB 1'),
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.missingForPublication).toEqual([]);

    const image = await postMultipart(t.app, {
      url: `/api/v2/admin/bonds/${code}/images`,
      token,
      parts: [{ name: 'file', filename: 'windpark.png', contentType: 'image/png', data: png }],
    });
    expect(image.status).toBe(201);
    const images = image.body.images as { id: number; url: string; fileName: string }[];
    expect(images.map((i) => i.fileName)).toEqual(['windpark.png']);

    const published = await call('POST', `/bonds/${code}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('published');

    const shop = await shopProduct(code);
    expect(shop.statusCode).toBe(200);
    const etag = shop.headers.etag as string;
    expect(shop.json().legalDocuments).toHaveLength(1);
    expect((await t.app.inject({ url: images[0]!.url })).statusCode).toBe(200);
    // the picture has WebP renditions sm..xxxl as a creator's upload has (a 1×1 image: one file serves all)
    const shopImage = (shop.json().mediaFiles as MediaFileView[])[0]!;
    expect(Object.keys(shopImage.renditions ?? {}).sort()).toEqual([...renditionSizes].sort());
    const rendition = shopImage.renditions!.xxxl!;
    expect([rendition.width, rendition.height]).toEqual([1, 1]);
    const served = await t.app.inject({ url: rendition.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // an edit shows at once, under a new ETag
    expect(
      (await call('PATCH', `/bonds/${code}`, { translations: { de: { shortDescription: 'Neu' } } }))
        .statusCode,
    ).toBe(200);
    const changed = await shopProduct(code, { 'accept-language': 'de', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().shortDescription).toBe('Neu');

    const unpublished = await call('POST', `/bonds/${code}/unpublish`);
    expect(unpublished.json().status).toBe('draft');
    expect((await shopProduct(code)).statusCode).toBe(404);
    const drafts = await call('GET', `/bonds?status=draft&q=${code}`);
    expect(drafts.json()).toHaveLength(1);

    expect(await auditActions(code)).toEqual(
      expect.arrayContaining([
        'bond_created',
        'bond_updated',
        'bond_legal_document_added',
        'bond_image_added',
        'bond_published',
        'bond_unpublished',
      ]),
    );
  });

  it('a second legal document version supersedes the first in the shop; the first stays downloadable', async () => {
    const body = newBond();
    const code = body.code;
    await call('POST', '/bonds', body);
    await putTerms(t, code, termsOf({ totalSupply: 50_000, issueVolumeCents: 5_000_000_000 }), token);
    const fields = { type: 'information_sheet', title: 'WIB' };
    const first = await uploadDocument(code, fields, await makePdf('Version 1'));
    expect(first.status).toBe(201);
    expect((await call('POST', `/bonds/${code}/publish`)).statusCode).toBe(200);
    const v1 = (first.body.legalDocuments as { id: string }[])[0]!.id;
    expect((await shopProduct(code)).json().legalDocuments.map((d: { id: string }) => d.id)).toEqual([v1]);

    const second = await uploadDocument(code, fields, await makePdf('Version 2'));
    expect(second.status).toBe(201);
    const docs = second.body.legalDocuments as { id: string; version: number; current: boolean }[];
    expect(docs.map((d) => [d.version, d.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const v2 = docs[0]!.id;
    const shop = (await shopProduct(code)).json();
    expect(shop.legalDocuments.map((d: { id: string }) => d.id)).toEqual([v2]);
    const old = await t.app.inject({ url: `/api/v2/shop/legal-documents/${v1}` });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toContain('application/pdf');
  });

  it('refuses a bad upload: a PNG as a legal document, a PDF as an image, a bad type field', async () => {
    const body = newBond();
    await call('POST', '/bonds', body);
    const notPdf = await postMultipart(t.app, {
      url: `/api/v2/admin/bonds/${body.code}/legal-documents`,
      token,
      parts: [
        { name: 'type', value: 'information_sheet' },
        { name: 'title', value: 'WIB' },
        { name: 'file', filename: 'x.pdf', data: png },
      ],
    });
    expect(notPdf.status).toBe(415);
    const notImage = await postMultipart(t.app, {
      url: `/api/v2/admin/bonds/${body.code}/images`,
      token,
      parts: [{ name: 'file', filename: 'x.png', data: await makePdf('x') }],
    });
    expect(notImage.status).toBe(415);
    const badType = await uploadDocument(body.code, { type: 'flyer', title: 'x' }, await makePdf('x'));
    expect(badType.status).toBe(422);
    expect((badType.body.violations as { propertyPath: string }[])[0]!.propertyPath).toBe('type');
    expect((await call('GET', `/bonds/${body.code}`)).json().legalDocuments).toEqual([]);
  });

  it('keeps no file of a removed picture, and refuses an image its decoder cannot read', async () => {
    const body = newBond();
    await call('POST', '/bonds', body);
    const upload = (file: Buffer) =>
      postMultipart(t.app, {
        url: `/api/v2/admin/bonds/${body.code}/images`,
        token,
        parts: [{ name: 'file', filename: 'bild.png', contentType: 'image/png', data: file }],
      });
    const added = await upload(png);
    expect(added.status).toBe(201);
    const [image] = added.body.images as { id: number; url: string }[];
    const [row] = await t.app.db.select().from(mediaFiles).where(eq(mediaFiles.id, image!.id));
    const renditionPaths = Object.values(row!.renditions ?? {}).map((r) => `/media/${r.storageKey}`);
    expect(renditionPaths.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: renditionPaths[0]! })).statusCode).toBe(200);

    expect((await call('DELETE', `/bonds/${body.code}/images/${image!.id}`)).statusCode).toBe(200);
    for (const url of [image!.url, ...renditionPaths])
      expect((await t.app.inject({ url })).statusCode).toBe(404);

    // PNG magic bytes, then nothing a decoder can read
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    const refused = await upload(broken);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('file_not_recognized');
    expect((await call('GET', `/bonds/${body.code}`)).json().images).toEqual([]);
  });

  it('refuses price and supply changes once tokens are sold', async () => {
    const body = newBond();
    await call('POST', '/bonds', body);
    const [variant] = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.code, body.code));
    await paidOrder(t, { variant: variant!, quantity: 1_000 });
    const price = await call('PATCH', `/bonds/${body.code}`, { priceCents: 200 });
    expect(price.statusCode).toBe(409);
    expect(price.json().code).toBe('bond_tokens_sold');
    const supply = await call('PATCH', `/bonds/${body.code}`, { totalSupply: 60_000 });
    expect(supply.statusCode).toBe(409);
    // texts still change
    const texts = await call('PATCH', `/bonds/${body.code}`, { wkn: 'Z9Z9Z9', priceCents: 100 });
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toMatchObject({ wkn: 'Z9Z9Z9', priceCents: 100 });
  });

  it('lists the demo bonds with their figures', async () => {
    const list = await call('GET', '/bonds?itemsPerPage=100');
    expect(list.statusCode).toBe(200);
    const demo = (list.json() as { code: string; status: string; termsVersion: number | null }[]).find(
      (b) => b.code === 'SOLAR_BRANDENBURG_2031',
    );
    expect(demo).toMatchObject({ status: 'published' });
    expect((await call('GET', '/bonds/NOT_A_BOND')).statusCode).toBe(404);
  });
});
