import { isListed, productLabel } from '@token/domain/catalog';
import {
  type ProductView,
  productVariantDetailViewSchema,
  productViewSchema,
  taxonViewSchema,
} from '@token/domain/catalog-views';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  channelPricings,
  customers,
  legalDocuments,
  productMetadata,
  products,
  productTranslations,
  productVariants,
} from '../../db/schema/index.ts';
import { seedProduct } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';
const ld = { accept: 'application/ld+json' };
const json = { accept: 'application/json' };

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url: `${base}${url}`, headers });
}

/** Every listed product for a filter, as plain JSON, in one page. */
async function listAll(query = '', locale: 'de' | 'en' = 'de'): Promise<ProductView[]> {
  const res = await get(`/products?itemsPerPage=100${query}`, { ...json, 'accept-language': locale });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The variant's stock in the database, which the answers must show. */
async function variantStock(code: string) {
  const [v] = await t.app.db
    .select({ onHand: productVariants.onHand, onHold: productVariants.onHold })
    .from(productVariants)
    .where(eq(productVariants.code, code));
  return v!;
}

const codes = (items: { code: string }[]) => items.map((p) => p.code);

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = res.json() as { status: number; code: string; violations?: { propertyPath: string }[] };
  expect(body.status).toBe(status);
  return body;
}

const listedBonds = [
  'SOLAR_BRANDENBURG_2031',
  'WIND_NORDSEE_2030',
  'WOHNEN_LEIPZIG_2029',
  'MITTELSTAND_KREDIT_2028',
  'HOTEL_MUENCHEN_2032',
  'BIOGAS_BAYERN_2030',
  'LOGISTIK_HAMBURG_2029',
];

describe('taxons', () => {
  it('returns the tree as a Hydra collection of top-level taxons with nested children', async () => {
    const res = await get('/taxons', ld);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    const roots = body['hydra:member'];
    expect(body['hydra:totalItems']).toBe(roots.length);
    const bonds = roots.find((r: { code: string }) => r.code === 'bonds');
    expect(bonds).toMatchObject({
      '@id': `${base}/taxons/bonds`,
      '@type': 'Taxon',
      level: 0,
      name: 'Anleihen',
      parent: null,
      translations: { de: { name: 'Anleihen', locale: 'de' }, en: { name: 'Bonds', locale: 'en' } },
    });
    expect(bonds.children.map((c: { code: string }) => c.code)).toEqual([
      'bonds_energy',
      'bonds_real_estate',
      'bonds_sme',
    ]);
    expect(bonds.children[0]).toMatchObject({
      level: 1,
      name: 'Erneuerbare Energien',
      parent: `${base}/taxons/bonds`,
    });
    expect(roots.map((r: { code: string }) => r.code)).toContain('collectibles');
    for (const root of roots) taxonViewSchema.parse(root);
  });

  it('answers in English as a plain array for application/json', async () => {
    const res = await get('/taxons?locale=en', json);
    const roots = res.json();
    expect(Array.isArray(roots)).toBe(true);
    const bonds = roots.find((r: { code: string }) => r.code === 'bonds');
    expect(bonds.name).toBe('Bonds');
    expect(bonds['@id']).toBeUndefined();
    expect(bonds.children.find((c: { code: string }) => c.code === 'bonds_energy').name).toBe(
      'Renewable energy',
    );
  });

  it('reads one taxon by code, 404s an unknown one', async () => {
    const res = await get('/taxons/bonds_energy', { ...ld, 'accept-language': 'en' });
    expect(res.json()).toMatchObject({
      '@id': `${base}/taxons/bonds_energy`,
      code: 'bonds_energy',
      name: 'Renewable energy',
      parent: `${base}/taxons/bonds`,
      level: 1,
    });
    expectProblem(await get('/taxons/nope'), 404);
  });
});

describe('product list', () => {
  it('lists 12 per page, oldest first, as a Hydra collection with paging links', async () => {
    const all = await listAll();
    const res = await get('/products', ld);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(all.length);
    expect(body['hydra:member']).toHaveLength(Math.min(12, all.length));
    expect(body['hydra:member'][0]).toMatchObject({
      '@id': `${base}/products/SOLAR_BRANDENBURG_2031`,
      '@type': 'Product',
      code: 'SOLAR_BRANDENBURG_2031',
    });
    const created = all.map((p) => p.createdAt);
    expect([...created].sort()).toEqual(created);
    expect(codes(all).slice(0, 7)).toEqual(listedBonds);
    expect(body['hydra:view']).toMatchObject({ 'hydra:first': `${base}/products?page=1` });
    if (all.length > 12) expect(body['hydra:view']['hydra:next']).toBe(`${base}/products?page=2`);
  });

  it('pages with page and itemsPerPage', async () => {
    const all = await listAll();
    const res = await get('/products?page=2&itemsPerPage=3', ld);
    const body = res.json();
    expect(codes(body['hydra:member'])).toEqual(codes(all.slice(3, 6)));
    expect(body['hydra:totalItems']).toBe(all.length);
    expect(body['hydra:view']).toMatchObject({
      '@id': `${base}/products?page=2&itemsPerPage=3`,
      'hydra:previous': `${base}/products?page=1&itemsPerPage=3`,
      'hydra:next': `${base}/products?page=3&itemsPerPage=3`,
      'hydra:last': `${base}/products?page=${Math.ceil(all.length / 3)}&itemsPerPage=3`,
    });
    const beyond = (await get('/products?page=50&itemsPerPage=3', ld)).json();
    expect(beyond['hydra:member']).toEqual([]);
    expect(beyond['hydra:totalItems']).toBe(all.length);
  });

  it('answers a plain array of product views for application/json', async () => {
    const res = await get('/products?itemsPerPage=4', json);
    expect(res.headers['content-type']).toContain('application/json');
    const items = res.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(4);
    for (const item of items) {
      expect(item['@id']).toBeUndefined();
      productViewSchema.parse(item);
    }
  });

  it('orders newest first on request', async () => {
    const all = await listAll();
    expect(codes(await listAll('&order[createdAt]=desc'))).toEqual(codes(all).reverse());
  });

  it('hides products without a default variant or out of stock, keeps sold-out ones', async () => {
    const listed = codes(await listAll());
    expect(listed).not.toContain('GEOTHERMIE_OBERRHEIN_2033');
    expect(listed).not.toContain('PFLEGE_DRESDEN_2031');
    expect(listed).toContain('WOHNEN_LEIPZIG_2029');
    const wohnen = (await listAll()).find((p) => p.code === 'WOHNEN_LEIPZIG_2029')!;
    expect(wohnen.defaultVariant).toMatchObject({ availableQuantity: 0, inStock: true });
    expect(
      productLabel({ enabled: true, allowToBuy: wohnen.allowToBuy, defaultVariant: wohnen.defaultVariant }),
    ).toBe('sold');
  });

  it('lists exactly the products the domain rule isListed accepts (SQL filter agrees with isListed)', async () => {
    const db = t.app.db;
    const all = await db
      .select({ id: products.id, code: products.code, enabled: products.enabled })
      .from(products);
    const variants = await db
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    const expected = all
      .filter((p) => {
        const defaultVariant = variants.find((v) => v.productId === p.id && v.enabled) ?? null;
        return isListed({ enabled: p.enabled, defaultVariant });
      })
      .map((p) => p.code)
      .sort();
    expect(codes(await listAll()).sort()).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(listedBonds));
  });

  it('reads the whole page in one SQL statement (no N+1)', async () => {
    const spy = vi.spyOn(t.app.db, 'execute');
    try {
      // A query no earlier test asked, so the cache cannot answer it.
      const res = await get('/products?itemsPerPage=12&order[createdAt]=asc', ld);
      expect(res.json()['hydra:member'].length).toBeGreaterThanOrEqual(10);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('product filters', () => {
  it('filters by a case-insensitive name phrase in German', async () => {
    const all = await listAll();
    const solar = all.find((p) => p.code === 'SOLAR_BRANDENBURG_2031')!;
    const word = solar.translations.de!.name.split(/\s+/).find((w) => w.length >= 4)!;
    const phrase = word.slice(1, 4).toUpperCase();
    const expected = all.filter((p) => p.name.toLowerCase().includes(phrase.toLowerCase()));
    const found = await listAll(`&translations.name=${encodeURIComponent(phrase)}`);
    expect(codes(found)).toEqual(codes(expected));
    expect(codes(found)).toContain('SOLAR_BRANDENBURG_2031');
    expect(codes(await listAll(`&name=${encodeURIComponent(phrase)}`))).toEqual(codes(expected));
  });

  it('filters by the English name for English requests', async () => {
    const all = await listAll('', 'en');
    const wind = all.find((p) => p.code === 'WIND_NORDSEE_2030')!;
    expect(wind.name).toBe(wind.translations.en!.name);
    const phrase = wind.translations.en!.name.toLowerCase();
    const found = await listAll(`&translations.name=${encodeURIComponent(phrase)}`, 'en');
    expect(codes(found)).toEqual(['WIND_NORDSEE_2030']);
    // The same phrase in a German request only matches if the German name contains it.
    const inGerman = await listAll(`&translations.name=${encodeURIComponent(phrase)}`, 'de');
    expect(inGerman.every((p) => p.name.toLowerCase().includes(phrase))).toBe(true);
  });

  it('treats % and _ in a phrase literally', async () => {
    expect(await listAll('&translations.name=%25')).toEqual([]);
    expect(await listAll('&translations.name=_')).toEqual([]);
  });

  it('filters by taxon including its descendants', async () => {
    expect(codes(await listAll('&taxon.code=bonds_energy'))).toEqual([
      'SOLAR_BRANDENBURG_2031',
      'WIND_NORDSEE_2030',
      'BIOGAS_BAYERN_2030',
    ]);
    expect(codes(await listAll('&productTaxons.taxon.code=bonds_sme'))).toEqual([
      'MITTELSTAND_KREDIT_2028',
      'LOGISTIK_HAMBURG_2029',
    ]);
    expect(codes(await listAll('&taxon.code=bonds'))).toEqual(listedBonds);
    const collectibles = await listAll('&taxon.code=collectibles');
    expect(collectibles.length).toBeGreaterThan(0);
    expect(collectibles.every((p) => p.code.startsWith('NFT_'))).toBe(true);
    expect(await listAll('&taxon.code=unknown_taxon')).toEqual([]);
  });

  it('filters by a list of taxon codes', async () => {
    expect(codes(await listAll('&taxon.code[]=bonds_sme&taxon.code[]=bonds_real_estate'))).toEqual([
      'WOHNEN_LEIPZIG_2029',
      'MITTELSTAND_KREDIT_2028',
      'HOTEL_MUENCHEN_2032',
      'LOGISTIK_HAMBURG_2029',
    ]);
    expect(codes(await listAll('&productTaxons.taxon.code[]=bonds_sme'))).toHaveLength(2);
  });

  it('filters by creator uuid', async () => {
    const all = await listAll();
    const creator = all.find((p) => p.creator)!.creator!;
    const expected = all.filter((p) => p.creator?.uuid === creator.uuid);
    const found = await listAll(`&creator.uuid=${creator.uuid}`);
    expect(codes(found)).toEqual(codes(expected));
    expect(found.length).toBeGreaterThan(0);
    expect(await listAll('&creator.uuid=00000000-0000-4000-8000-000000000000')).toEqual([]);
    expectProblem(await get('/products?creator.uuid=not-a-uuid'), 400);
    expect(codes(await listAll('&creator.uuid='))).toEqual(codes(all));
  });

  it('filters by price range in cents and ignores empty or zero bounds', async () => {
    const all = await listAll();
    const price = (p: ProductView) => p.defaultVariant!.channelPricings.token!.price;
    expect(codes(await listAll('&price[lte]=100'))).toEqual(codes(all.filter((p) => price(p) <= 100)));
    expect(codes(await listAll('&price[lte]=100'))).toEqual(listedBonds);
    const nfts = await listAll('&price[gte]=2500');
    expect(nfts.length).toBeGreaterThan(0);
    expect(nfts.every((p) => p.code.startsWith('NFT_'))).toBe(true);
    expect(codes(await listAll('&price[gt]=2500&price[lt]=250000'))).toEqual(
      codes(all.filter((p) => price(p) > 2500 && price(p) < 250000)),
    );
    expect(codes(await listAll('&price[gte]=0&price[lte]='))).toEqual(codes(all));
    expect(codes(await listAll('&price[gte]=&price[lte]=0'))).toEqual(codes(all));
    expect(codes(await listAll('&translations.name=&taxon.code='))).toEqual(codes(all));
  });

  it('combines filters', async () => {
    expect(codes(await listAll('&taxon.code=bonds&price[gte]=1000'))).toEqual([]);
    expect(codes(await listAll('&taxon.code=bonds_energy&translations.name=xyzxyz'))).toEqual([]);
  });
});

describe('creators', () => {
  /** Distinct creators of the listed products in browse order: what the endpoint must answer. */
  async function creatorsFromProducts() {
    const uuids: string[] = [];
    for (const p of await listAll())
      if (p.creator && !uuids.includes(p.creator.uuid)) uuids.push(p.creator.uuid);
    return uuids;
  }

  it('lists the creators of listed products in browse order, 8 by default', async () => {
    const expected = await creatorsFromProducts();
    expect(expected.length).toBeGreaterThanOrEqual(8);
    const res = await get('/creators', ld);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body['hydra:member'].map((c: { uuid: string }) => c.uuid)).toEqual(expected.slice(0, 8));
    expect(body['hydra:member'][0]).toMatchObject({
      '@id': `/api/v2/shop/customers/${expected[0]}`,
      '@type': 'Creator',
      fullName: expect.any(String),
      profileName: expect.any(String),
      profileImage: expect.stringMatching(/^\/media\/public\//),
    });
  });

  it('pages as a plain array for JSON', async () => {
    const expected = await creatorsFromProducts();
    const second = (await get('/creators?itemsPerPage=5&page=2', json)).json();
    expect(second.map((c: { uuid: string }) => c.uuid)).toEqual(expected.slice(5, 10));
  });

  it('leaves out a creator whose products are all hidden', async () => {
    const first = (await get('/creators?itemsPerPage=1', json)).json()[0];
    const owned = (await listAll()).filter((p) => p.creator?.uuid === first.uuid).map((p) => p.code);
    await t.app.db.update(products).set({ enabled: false }).where(inArray(products.code, owned));
    try {
      const after = (await get('/creators?itemsPerPage=100', json)).json();
      expect(after.map((c: { uuid: string }) => c.uuid)).not.toContain(first.uuid);
    } finally {
      await t.app.db.update(products).set({ enabled: true }).where(inArray(products.code, owned));
    }
  });

  it('rejects bad paging with a 400 problem', async () => {
    expectProblem(await get('/creators?itemsPerPage=101'), 400);
    expectProblem(await get('/creators?page=0'), 400);
    expectProblem(await get('/creators?sort=name'), 400);
  });
});

describe('product details', () => {
  it('reads a full product by code in German with fullname, attributes, documents, media and variant', async () => {
    const res = await get('/products/SOLAR_BRANDENBURG_2031', ld);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    // the stock as the seed left it (the demo register's orders hold some: docs/demo-data.md)
    const stock = await variantStock('SOLAR_BRANDENBURG_2031');
    expect(p).toMatchObject({
      '@id': `${base}/products/SOLAR_BRANDENBURG_2031`,
      '@type': 'Product',
      code: 'SOLAR_BRANDENBURG_2031',
      allowToBuy: true,
      mainTaxon: {
        code: 'bonds_energy',
        name: 'Erneuerbare Energien',
        fullname: 'Anleihen / Erneuerbare Energien',
        parent: `${base}/taxons/bonds`,
      },
      taxCategory: { code: 'bonds', rateBasisPoints: 0 },
      defaultVariant: {
        totalSupply: 5_000_000,
        onHand: stock.onHand,
        onHold: stock.onHold,
        availableQuantity: stock.onHand - stock.onHold,
        inStock: true,
        tracked: true,
        channelPricings: { token: { channelCode: 'token', price: 100 } },
      },
    });
    expect(p.taxons).toContain(`${base}/taxons/bonds_energy`);
    expect(p.variants).toContain(`${base}/product-variants/${p.defaultVariant.code}`);
    expect(p.name).toBe(p.translations.de.name);
    expect(p.attributes.map((a: { code: string }) => a.code)).toContain('isin');
    expect(p.legalDocuments.length).toBeGreaterThanOrEqual(2);
    for (const d of p.legalDocuments) expect(d.path).toBe(`${base}/legal-documents/${d.id}`);
    expect(p.legalDocuments.map((d: { type: string }) => d.type)).toEqual(
      expect.arrayContaining(['information_sheet', 'bond_terms']),
    );
    expect(p.mediaFiles[0]).toMatchObject({ mediaType: 'image', bucket: 'public' });
    expect(p.mediaFiles[0].path).toMatch(/^\/media\/public\//);
    productViewSchema.parse(p);
  });

  it('answers in English with translated taxon names and attribute values', async () => {
    const de = (await get('/products/SOLAR_BRANDENBURG_2031', json)).json();
    const en = (await get('/products/SOLAR_BRANDENBURG_2031?locale=en', json)).json();
    expect(en.name).toBe(en.translations.en.name);
    expect(en.name).not.toBe(de.name);
    expect(en.mainTaxon.fullname).toBe('Bonds / Renewable energy');
    const payment = (v: { attributes: { code: string; stringValue: string }[] }) =>
      v.attributes.find((a) => a.code === 'interest_payment')?.stringValue;
    if (payment(de)) expect(payment(en)).not.toBe(payment(de));
    const isin = (v: { attributes: { code: string; stringValue: string }[] }) =>
      v.attributes.find((a) => a.code === 'isin')?.stringValue;
    expect(isin(en)).toBe(isin(de));
  });

  it('reads by numeric id as well as by code', async () => {
    const byCode = (await get('/products/WIND_NORDSEE_2030', json)).json();
    const byId = (await get(`/products/${byCode.id}`, json)).json();
    expect(byId).toEqual(byCode);
    expect(byCode).toMatchObject({
      whitelisting: true,
      investorRestrictions: { investorLimit: 149 },
    });
  });

  it('shows investor restrictions in cents', async () => {
    expect((await get('/products/MITTELSTAND_KREDIT_2028', json)).json().investorRestrictions).toMatchObject({
      professionalOnly: true,
      minimumSubscription: 20_000_000,
    });
    expect((await get('/products/BIOGAS_BAYERN_2030', json)).json().investorRestrictions).toMatchObject({
      minimumSubscription: 100_000,
      maximumOrderNonProfessional: 2_500_000,
      quantityStep: 1000,
    });
    const hotel = (await get('/products/HOTEL_MUENCHEN_2032', json)).json();
    expect(hotel.allowToBuy).toBe(false);
    expect(productLabel({ ...hotel, enabled: true })).toBe('exclusive');
  });

  it('still reads hidden products by code, shown as unavailable', async () => {
    const geo = await get('/products/GEOTHERMIE_OBERRHEIN_2033', json);
    expect(geo.statusCode).toBe(200);
    expect(geo.json().defaultVariant).toMatchObject({ onHand: 0, inStock: false });
    expect(productLabel({ ...geo.json(), enabled: true })).toBe('unavailable');
    const pflege = await get('/products/PFLEGE_DRESDEN_2031', json);
    expect(pflege.statusCode).toBe(200);
    expect(pflege.json()).toMatchObject({ defaultVariant: null, variants: [] });
  });

  it('never returns metadata keys starting with an underscore', async () => {
    const hidden = await t.app.db
      .select({ productId: productMetadata.productId })
      .from(productMetadata)
      .where(like(productMetadata.key, '\\_%'));
    expect(hidden.length).toBeGreaterThan(0);
    const [owner] = await t.app.db
      .select({ code: products.code })
      .from(products)
      .where(eq(products.id, hidden[0]!.productId));
    const p = (await get(`/products/${owner!.code}`, json)).json();
    expect(p.metadata.length).toBeGreaterThan(0);
    expect(p.metadata.some((m: { key: string }) => m.key.startsWith('_'))).toBe(false);
    for (const item of await listAll()) expect(item.metadata.every((m) => !m.key.startsWith('_'))).toBe(true);
  });

  it('shows a creator by the public name and a public avatar on collectibles, never the legal names', async () => {
    const nft = (await listAll()).find((p) => p.creator)!;
    const [owner] = await t.app.db
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        displayName: customers.displayName,
      })
      .from(customers)
      .where(eq(customers.uuid, nft.creator!.uuid));
    await t.app.db
      .update(customers)
      .set({ firstName: 'Privata', lastName: 'Geheimhaber' })
      .where(eq(customers.uuid, nft.creator!.uuid));
    try {
      const creator = (await get(`/products/${nft.code}`, json)).json().creator;
      expect(creator).toMatchObject({
        id: nft.creator!.uuid,
        firstName: null,
        lastName: null,
        displayName: owner!.displayName,
        fullName: owner!.displayName,
      });
      expect(creator.profileImage).toMatch(/^\/media\/public\//);
      expect(JSON.stringify(creator)).not.toMatch(/@|Privata|Geheimhaber/);
    } finally {
      await t.app.db.update(customers).set(owner!).where(eq(customers.uuid, nft.creator!.uuid));
    }
  });

  it('404s unknown codes, ids and weird input with a problem', async () => {
    for (const code of [
      'NOPE',
      '999999',
      '0',
      '%00',
      "x'%20or%201=1--",
      '%E2%82%AC',
      'a'.repeat(150),
      '..%2F..%2Fetc',
    ]) {
      const res = await get(`/products/${code}`);
      expect([400, 404], code).toContain(res.statusCode);
      expectProblem(res, res.statusCode);
    }
    // Rejected by the router before any route runs (414 URI Too Long, 400 bad URL): a 4xx, never 500.
    for (const url of [`/products/${'a'.repeat(300)}`, '/products/%']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('404s a disabled product', async () => {
    await t.app.db.update(products).set({ enabled: false }).where(eq(products.code, 'LOGISTIK_HAMBURG_2029'));
    try {
      expectProblem(await get('/products/LOGISTIK_HAMBURG_2029'), 404);
      expect(codes(await listAll())).not.toContain('LOGISTIK_HAMBURG_2029');
    } finally {
      await t.app.db
        .update(products)
        .set({ enabled: true })
        .where(eq(products.code, 'LOGISTIK_HAMBURG_2029'));
    }
    expect((await get('/products/LOGISTIK_HAMBURG_2029')).statusCode).toBe(200);
  });
});

describe('product variants', () => {
  it('reads a variant by code with stock, pricing and its product', async () => {
    const p = (await get('/products/SOLAR_BRANDENBURG_2031', json)).json();
    const res = await get(`/product-variants/${p.defaultVariant.code}`, ld);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      '@id': `${base}/product-variants/${p.defaultVariant.code}`,
      '@type': 'ProductVariant',
      product: `${base}/products/SOLAR_BRANDENBURG_2031`,
      availableQuantity: p.defaultVariant.onHand - p.defaultVariant.onHold,
      channelPricings: { token: { price: 100 } },
    });
    productVariantDetailViewSchema.parse(v);
    expectProblem(await get('/product-variants/NOPE'), 404);
    expectProblem(await get('/product-variants/%00'), 400); // a NUL anywhere is refused as a violation (http/nul-guard.ts)
  });
});

describe('caching', () => {
  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/products?itemsPerPage=5', ld);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toContain('must-revalidate');
    const again = await get('/products?itemsPerPage=5', { ...ld, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another representation has another tag.
    const plain = await get('/products?itemsPerPage=5', json);
    expect(plain.headers.etag).not.toBe(etag);
    const detail = await get('/products/SOLAR_BRANDENBURG_2031');
    expect(
      (await get('/products/SOLAR_BRANDENBURG_2031', { 'if-none-match': detail.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    const taxons = await get('/taxons');
    expect((await get('/taxons', { 'if-none-match': taxons.headers.etag as string })).statusCode).toBe(304);
  });

  it('serves the change at once after the catalogue changes (stock and prices)', async () => {
    const before = (await get('/products/WIND_NORDSEE_2030', json)).json();
    const listBefore = await get('/products?itemsPerPage=5', ld);
    const [variant] = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.code, before.defaultVariant.code));
    await t.app.db
      .update(productVariants)
      .set({ onHold: variant!.onHold + 1000 })
      .where(eq(productVariants.id, variant!.id));
    await t.app.db
      .update(channelPricings)
      .set({ price: 105 })
      .where(eq(channelPricings.variantId, variant!.id));
    try {
      const after = (await get('/products/WIND_NORDSEE_2030', json)).json();
      expect(after.defaultVariant.availableQuantity).toBe(before.defaultVariant.availableQuantity - 1000);
      expect(after.defaultVariant.channelPricings.token.price).toBe(105);
      const listAfter = await get('/products?itemsPerPage=5', {
        ...ld,
        'if-none-match': listBefore.headers.etag as string,
      });
      expect(listAfter.statusCode).toBe(200);
      expect(codes(await listAll('&price[gte]=101&price[lte]=200'))).toEqual(['WIND_NORDSEE_2030']);
    } finally {
      await t.app.db
        .update(productVariants)
        .set({ onHold: variant!.onHold })
        .where(eq(productVariants.id, variant!.id));
      await t.app.db
        .update(channelPricings)
        .set({ price: 100 })
        .where(eq(channelPricings.variantId, variant!.id));
    }
    expect((await get('/products/WIND_NORDSEE_2030', json)).json()).toEqual(before);
  });

  it('sends cached bodies compressed when the client accepts it', async () => {
    const plain = await get('/products', ld);
    const br = await get('/products', { ...ld, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/products', { ...ld, 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
  });
});

describe('legal documents', () => {
  it('downloads a product legal document as a PDF with ETag', async () => {
    const p = (await get('/products/SOLAR_BRANDENBURG_2031', json)).json();
    const doc = p.legalDocuments[0];
    const res = await t.app.inject({ url: doc.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[A-Za-z0-9_().,-]+\.pdf"; filename\*=UTF-8''/,
    );
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: doc.path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('404s unknown, malformed and other-resource ids, never 500', async () => {
    expectProblem(await get('/legal-documents/00000000-0000-4000-8000-000000000000'), 404);
    expectProblem(await get('/legal-documents/not-a-uuid'), 404);
    expectProblem(await get('/legal-documents/1'), 404);
    expectProblem(await get('/legal-documents/%00'), 400); // a NUL anywhere is refused as a violation (http/nul-guard.ts)
  });

  it('404s a document of a disabled product', async () => {
    const [doc] = await t.app.db
      .select({ uuid: legalDocuments.uuid, productId: legalDocuments.productId })
      .from(legalDocuments)
      .limit(1);
    await t.app.db.update(products).set({ enabled: false }).where(eq(products.id, doc!.productId));
    try {
      expectProblem(await get(`/legal-documents/${doc!.uuid}`), 404);
    } finally {
      await t.app.db.update(products).set({ enabled: true }).where(eq(products.id, doc!.productId));
    }
  });
});

describe('bad input', () => {
  it.each([
    ['/products?foo=1', 'foo'],
    ['/products?page=0', 'page'],
    ['/products?itemsPerPage=1000', 'itemsPerPage'],
    ['/products?itemsPerPage=abc', 'itemsPerPage'],
    ['/products?price[gte]=abc', 'price[gte]'],
    ['/products?price[lte]=-5', 'price[lte]'],
    ['/products?price[gte]=99999999999', 'price[gte]'],
    ['/products?translations.name=%00', 'translations.name'],
    ['/products?order[createdAt]=sideways', 'order[createdAt]'],
    ['/taxons?page=0', 'page'],
    ['/taxons/bonds?foo=1', 'foo'],
  ])('%s -> 400 problem naming %s', async (url, property) => {
    const body = expectProblem(await get(url, { 'accept-language': 'en' }), 400);
    expect(body.code).toBe('invalid_query');
    expect(body.violations?.map((v) => v.propertyPath)).toContain(property);
  });
});

describe('language fallback', () => {
  it('falls back to German per field when an English translation or field is missing', async () => {
    const db = t.app.db;
    // German texts only; the variant has no name of its own
    const { product: onlyDe } = await seedProduct(db, {
      code: 'TEST_ONLY_GERMAN',
      createdAt: new Date('2030-01-01T00:00:00Z'),
      translations: {
        de: {
          name: 'Nur Deutsch Wertpapier',
          description: 'Deutsche Beschreibung',
          shortDescription: 'Deutsch kurz',
        },
      },
      variant: { totalSupply: 10 },
    });

    const en = (await get('/products/TEST_ONLY_GERMAN?locale=en', json)).json();
    expect(en).toMatchObject({
      name: 'Nur Deutsch Wertpapier',
      slug: 'nur-deutsch-wertpapier',
      shortDescription: 'Deutsch kurz',
      translations: { de: { name: 'Nur Deutsch Wertpapier' } },
    });
    expect(en.translations.en).toBeUndefined();
    expect(en.defaultVariant.name).toBe('Nur Deutsch Wertpapier');
    // The name filter of an English request searches the German fallback.
    expect(codes(await listAll('&translations.name=deutsch%20wert', 'en'))).toEqual(['TEST_ONLY_GERMAN']);

    // An English row without a short description shows the German one, its own name otherwise.
    await db.insert(productTranslations).values({
      productId: onlyDe.id,
      locale: 'en',
      name: 'English security',
      slug: 'english-security',
      description: null,
      shortDescription: null,
    });
    const mixed = (await get('/products/TEST_ONLY_GERMAN?locale=en', json)).json();
    expect(mixed).toMatchObject({
      name: 'English security',
      slug: 'english-security',
      description: 'Deutsche Beschreibung',
      shortDescription: 'Deutsch kurz',
    });
    expect(codes(await listAll('&translations.name=deutsch%20wert', 'en'))).toEqual([]);
    expect(codes(await listAll('&translations.name=english', 'en'))).toEqual(['TEST_ONLY_GERMAN']);
    const list = await listAll('', 'en');
    expect(codes(list).at(-1)).toBe('TEST_ONLY_GERMAN');
    await db.delete(products).where(and(eq(products.code, 'TEST_ONLY_GERMAN'), eq(products.id, onlyDe.id)));
    expectProblem(await get('/products/TEST_ONLY_GERMAN'), 404);
  });
});
