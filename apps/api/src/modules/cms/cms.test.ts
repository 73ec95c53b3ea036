import { cmsBlockViewSchema, cmsPageViewSchema } from '@token/domain/cms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsBlocks, cmsBlockTranslations, cmsPages, cmsPageTranslations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { expectExactView } from '../../test/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Rows the demo data lacks: a German-only block and page, half-translated ones, disabled ones.
  const db = t.app.db;
  const [deOnly, half, hiddenBlock] = await db
    .insert(cmsBlocks)
    .values([{ code: 'test-de-only' }, { code: 'test-half' }, { code: 'test-hidden', enabled: false }])
    .returning();
  await db.insert(cmsBlockTranslations).values([
    { blockId: deOnly!.id, locale: 'de', name: 'Nur Deutsch', content: '<p>Nur auf Deutsch</p>' },
    { blockId: half!.id, locale: 'de', name: 'Halb', content: '<p>Halb deutsch</p>' },
    { blockId: half!.id, locale: 'en', name: null, content: '<p>Half English</p>' },
    { blockId: hiddenBlock!.id, locale: 'de', name: 'Versteckt', content: '<p>Versteckt</p>' },
  ]);
  const [pageDeOnly, hiddenPage] = await db
    .insert(cmsPages)
    .values([{ code: 'test-page-de-only' }, { code: 'test-page-hidden', enabled: false }])
    .returning();
  await db.insert(cmsPageTranslations).values([
    {
      pageId: pageDeOnly!.id,
      locale: 'de',
      name: 'Testseite',
      slug: 'testseite',
      title: 'Testseite',
      content: '<p>Deutsch</p>',
      metaDescription: 'Beschreibung',
    },
    {
      pageId: hiddenPage!.id,
      locale: 'de',
      name: 'Versteckt',
      slug: 'versteckt',
      title: 'Versteckt',
      content: '<p>Versteckt</p>',
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

const shop = '/api/v2/shop';
const demoPages = [
  'imprint',
  'privacy-policy',
  'terms-and-conditions',
  'data-protection',
  'legal-indications',
  'contact',
];
const demoBlocks = ['home-welcome', 'home-how-to-start', 'footer-partners'];
type Coded = { code: string };
const codes = (list: Coded[]) => list.map((x) => x.code);

describe('the answers are the domain views (convention 6)', () => {
  it('GET cms-plugin/blocks and pages answer exactly their views, listed and one by one', async () => {
    const plain = { accept: 'application/json' };
    const blocks = (await t.app.inject({ url: '/api/v2/shop/cms-plugin/blocks', headers: plain })).json();
    const pages = (await t.app.inject({ url: '/api/v2/shop/cms-plugin/pages', headers: plain })).json();
    expect(blocks.length).toBeGreaterThan(0);
    expect(pages.length).toBeGreaterThan(0);
    expectExactView(z.array(cmsBlockViewSchema), blocks);
    expectExactView(z.array(cmsPageViewSchema), pages);
    const block = await t.app.inject({
      url: `/api/v2/shop/cms-plugin/blocks/${blocks[0].code}`,
      headers: plain,
    });
    expectExactView(cmsBlockViewSchema, block.json());
    const page = await t.app.inject({
      url: `/api/v2/shop/cms-plugin/pages/${pages[0].code}`,
      headers: plain,
    });
    expectExactView(cmsPageViewSchema, page.json());
  });
});

describe('cms blocks', () => {
  it('lists enabled blocks as a Hydra collection, German by default, with every translation', async () => {
    const res = await t.app.inject({ url: `${shop}/cms-plugin/blocks` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const body = res.json();
    expect(codes(body['hydra:member'])).toEqual(expect.arrayContaining([...demoBlocks, 'test-de-only']));
    expect(codes(body['hydra:member'])).not.toContain('test-hidden');
    const welcome = body['hydra:member'].find((b: Coded) => b.code === 'home-welcome');
    expect(welcome).toMatchObject({
      '@id': `${shop}/cms-plugin/blocks/home-welcome`,
      '@type': 'Block',
      id: expect.any(Number),
      enabled: true,
      content: welcome.translations.de.content,
    });
    expect(Object.keys(welcome.translations).sort()).toEqual(['de', 'en']);
    expect(welcome.translations.en).toMatchObject({ locale: 'en', content: expect.any(String) });
    expect(welcome.translations.en.content).not.toBe(welcome.translations.de.content);
  });

  it('filters by code and answers a plain array in English', async () => {
    const res = await t.app.inject({
      url: `${shop}/cms-plugin/blocks?code=home-welcome`,
      headers: { accept: 'application/json', 'accept-language': 'en-GB,en;q=0.9' },
    });
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(body[0].code).toBe('home-welcome');
    expect(body[0].content).toBe(body[0].translations.en.content);
    expect(body[0]).not.toHaveProperty('@id');
    const none = await t.app.inject({
      url: `${shop}/cms-plugin/blocks?code=nope`,
      headers: { accept: 'application/json' },
    });
    expect(none.json()).toEqual([]);
    const hidden = await t.app.inject({ url: `${shop}/cms-plugin/blocks?code=test-hidden` });
    expect(hidden.json()['hydra:totalItems']).toBe(0);
  });

  it('falls back to German per field when English is missing', async () => {
    const deOnly = await t.app.inject({ url: `${shop}/cms-plugin/blocks/test-de-only?locale=en` });
    expect(deOnly.json()).toMatchObject({ name: 'Nur Deutsch', content: '<p>Nur auf Deutsch</p>' });
    expect(Object.keys(deOnly.json().translations)).toEqual(['de']);
    const half = await t.app.inject({
      url: `${shop}/cms-plugin/blocks/test-half`,
      headers: { 'accept-language': 'en' },
    });
    expect(half.json()).toMatchObject({ name: 'Halb', content: '<p>Half English</p>' });
  });

  it('answers one block by code; 404 for unknown or disabled, 400 for malformed codes', async () => {
    const ok = await t.app.inject({ url: `${shop}/cms-plugin/blocks/footer-partners` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      '@id': `${shop}/cms-plugin/blocks/footer-partners`,
      code: 'footer-partners',
    });
    for (const code of ['nope', 'test-hidden']) {
      const res = await t.app.inject({ url: `${shop}/cms-plugin/blocks/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const bad = await t.app.inject({ url: `${shop}/cms-plugin/blocks/a%20b` });
    expect(bad.statusCode).toBe(400);
    const badFilter = await t.app.inject({ url: `${shop}/cms-plugin/blocks?code=%3Cscript%3E` });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.headers['content-type']).toContain('application/problem+json');
  });
});

describe('cms pages', () => {
  it('lists enabled pages with their texts and dates', async () => {
    const res = await t.app.inject({ url: `${shop}/cms-plugin/pages` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(codes(body['hydra:member'])).toEqual(expect.arrayContaining([...demoPages, 'test-page-de-only']));
    expect(codes(body['hydra:member'])).not.toContain('test-page-hidden');
    const imprint = body['hydra:member'].find((p: Coded) => p.code === 'imprint');
    expect(imprint).toMatchObject({
      '@id': `${shop}/cms-plugin/pages/imprint`,
      '@type': 'Page',
      id: expect.any(Number),
      enabled: true,
      name: imprint.translations.de.name,
      slug: imprint.translations.de.slug,
      title: imprint.translations.de.title,
      content: imprint.translations.de.content,
      metaDescription: imprint.translations.de.metaDescription,
    });
    expect(imprint.content).toContain('Tokenwerk');
    expect(new Date(imprint.createdAt).toISOString()).toBe(imprint.createdAt);
    expect(new Date(imprint.updatedAt).toISOString()).toBe(imprint.updatedAt);
    expect(Object.keys(imprint.translations).sort()).toEqual(['de', 'en']);
  });

  it('filters by code and by a code[] list', async () => {
    const one = await t.app.inject({
      url: `${shop}/cms-plugin/pages?code=imprint`,
      headers: { accept: 'application/json' },
    });
    expect(codes(one.json())).toEqual(['imprint']);
    const list = await t.app.inject({
      url: `${shop}/cms-plugin/pages?code[]=imprint&code[]=contact&code[]=nope&code[]=test-page-hidden`,
      headers: { accept: 'application/json' },
    });
    expect(codes(list.json()).sort()).toEqual(['contact', 'imprint']);
    const single = await t.app.inject({ url: `${shop}/cms-plugin/pages?code[]=privacy-policy` });
    expect(codes(single.json()['hydra:member'])).toEqual(['privacy-policy']);
  });

  it('pages with limit (default and maximum 200) and page', async () => {
    const all = await t.app.inject({ url: `${shop}/cms-plugin/pages?limit=200` });
    const total = all.json()['hydra:totalItems'];
    expect(total).toBeGreaterThanOrEqual(7);
    expect(all.json()['hydra:member']).toHaveLength(total);
    const first = await t.app.inject({ url: `${shop}/cms-plugin/pages?limit=2` });
    expect(first.json()['hydra:member']).toHaveLength(2);
    expect(first.json()['hydra:totalItems']).toBe(total);
    expect(first.json()['hydra:view']['hydra:next']).toContain('page=2');
    const second = await t.app.inject({
      url: `${shop}/cms-plugin/pages?limit=2&page=2`,
      headers: { accept: 'application/json' },
    });
    expect(codes(second.json())).toEqual(codes(all.json()['hydra:member']).slice(2, 4));
    const tooMany = await t.app.inject({ url: `${shop}/cms-plugin/pages?limit=201` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'invalid_query',
      violations: [{ propertyPath: 'limit', code: 'too_big' }],
    });
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages?limit=0` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages?limit=ten` })).statusCode).toBe(400);
  });

  it('reads a page in English via Accept-Language and via ?locale=en, German as fallback', async () => {
    const de = (await t.app.inject({ url: `${shop}/cms-plugin/pages/imprint` })).json();
    const byHeader = await t.app.inject({
      url: `${shop}/cms-plugin/pages/imprint`,
      headers: { 'accept-language': 'en' },
    });
    const byQuery = await t.app.inject({ url: `${shop}/cms-plugin/pages/imprint?locale=en` });
    expect(byHeader.json().title).toBe(de.translations.en.title);
    expect(byHeader.json().slug).toBe(de.translations.en.slug);
    expect(byHeader.json().content).not.toBe(de.content);
    expect(byQuery.json()).toEqual(byHeader.json());
    const fallback = await t.app.inject({ url: `${shop}/cms-plugin/pages/test-page-de-only?locale=en` });
    expect(fallback.json()).toMatchObject({
      name: 'Testseite',
      slug: 'testseite',
      content: '<p>Deutsch</p>',
      metaDescription: 'Beschreibung',
    });
  });

  it('answers 404 for unknown or disabled pages and 400 for bad input', async () => {
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages/nope` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages/test-page-hidden` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages/imprint.html` })).statusCode).toBe(400);
    const unknown = await t.app.inject({ url: `${shop}/cms-plugin/pages?slug=impressum` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'slug', code: 'unknown_parameter' }),
    ]);
    expect((await t.app.inject({ url: `${shop}/cms-plugin/pages?code=` })).statusCode).toBe(400);
  });
});

describe('cms caching and robustness', () => {
  it('answers 304 to a matching If-None-Match and changes the tag when content changes', async () => {
    for (const path of [
      'cms-plugin/blocks?code=home-welcome',
      'cms-plugin/pages/imprint',
      'cms-plugin/pages?limit=200',
    ]) {
      const first = await t.app.inject({ url: `${shop}/${path}` });
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^W\/"/);
      const again = await t.app.inject({ url: `${shop}/${path}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode, path).toBe(304);
    }
    const before = await t.app.inject({ url: `${shop}/cms-plugin/blocks/test-half` });
    const [half] = await t.app.db.select().from(cmsBlocks).where(eq(cmsBlocks.code, 'test-half'));
    await t.app.db
      .update(cmsBlockTranslations)
      .set({ content: '<p>Geändert</p>' })
      .where(eq(cmsBlockTranslations.blockId, half!.id));
    const after = await t.app.inject({
      url: `${shop}/cms-plugin/blocks/test-half`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().content).toBe('<p>Geändert</p>');
  });

  it('never answers a 500 to odd input', async () => {
    const urls = [
      'cms-plugin/pages?page=0',
      'cms-plugin/pages?page=99999',
      'cms-plugin/pages?limit=1e3',
      'cms-plugin/pages?code[]=a&code=b',
      `cms-plugin/pages?${Array.from({ length: 101 }, (_, i) => `code[]=c${i}`).join('&')}`,
      'cms-plugin/pages?code[0]=imprint',
      'cms-plugin/blocks?code=home-welcome&code=footer-partners',
      'cms-plugin/blocks?itemsPerPage=201',
      'cms-plugin/blocks/%E0%A4%A',
      `cms-plugin/pages/${'x'.repeat(150)}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url: `${shop}/${url}` });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
