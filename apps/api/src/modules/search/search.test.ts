import { type SearchHitView, searchHitViewSchema } from '@token/domain/marketplace';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTranslations } from '../../db/schema/index.ts';
import { seedInvestor, seedProduct } from '../../db/seed/factories.ts';
import { loginAs, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Words the demo catalogue lacks: umlauts and ß in names, a plural, a name against a description.
  await seedProduct(t.app.db, {
    code: 'S_MUELLER',
    translations: {
      de: { name: 'Werkstatt Müller an der Straße', description: 'Ein Atelier in Köln.' },
      en: { name: 'Müller Workshop on the Street', description: 'A studio in Cologne.' },
    },
  });
  await seedProduct(t.app.db, {
    code: 'S_WAELDER',
    translations: { de: { name: 'Dunkle Wälder' }, en: { name: 'Dark Woods' } },
  });
  await seedProduct(t.app.db, {
    code: 'S_LIGHTHOUSE_TEXT',
    translations: {
      de: { name: 'Küstenstudie eins', description: 'Ein Leuchtturm im Nebel, ein Leuchtturm im Sturm.' },
      en: { name: 'Coast Study One', description: 'A lighthouse in fog, a lighthouse in a storm.' },
    },
  });
  await seedProduct(t.app.db, {
    code: 'S_LIGHTHOUSE_NAME',
    translations: { de: { name: 'Leuchtturm' }, en: { name: 'Lighthouse' } },
  });
  await seedProduct(t.app.db, {
    code: 'S_HIDDEN_DISABLED',
    enabled: false,
    translations: { de: { name: 'Leuchtturm verborgen' }, en: { name: 'Hidden lighthouse' } },
  });
  await seedProduct(t.app.db, {
    code: 'S_HIDDEN_SOLD_OUT',
    variant: { onHand: 0, tracked: true },
    translations: { de: { name: 'Leuchtturm ausverkauft' }, en: { name: 'Lighthouse sold out' } },
  });
  for (let i = 1; i <= 14; i++) {
    await seedProduct(t.app.db, {
      code: `S_CARD_${i}`,
      translations: { de: { name: `Sammelkarte Zebrafink ${i}` }, en: { name: `Zebra finch card ${i}` } },
    });
  }
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url: `${base}${url}`, headers });
}

async function search(
  phrase: string,
  opts: { locale?: 'de' | 'en'; query?: string; headers?: Record<string, string> } = {},
): Promise<SearchHitView[]> {
  const res = await get(`/search?phrase=${encodeURIComponent(phrase)}${opts.query ?? ''}`, {
    accept: 'application/json',
    'accept-language': opts.locale ?? 'de',
    ...opts.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const hits = res.json() as SearchHitView[];
  for (const hit of hits) searchHitViewSchema.parse(hit);
  return hits;
}

const codes = (hits: SearchHitView[]) => hits.map((h) => h.code);
const hitOf = (hits: SearchHitView[], code: string) => hits.find((h) => h.code === code)!;
/** The marked words of a highlight. */
const marked = (segments: { text: string; match: boolean }[]) =>
  segments.filter((s) => s.match).map((s) => s.text);

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return res.json() as { status: number; code: string; title: string; detail: string };
}

describe('GET /search finds German and English words with umlauts, transcriptions and stems', () => {
  it.each([
    // [phrase, reader's language, product, marked words of the shown name]
    ['Kiefernwald', 'de', 'NFT_KIEFERNWALD_ABENDLICHT', ['Kiefernwald']],
    ['Alpenglühen', 'de', 'NFT_ALPENGLUEHEN', ['Alpenglühen']],
    ['alpengluehen', 'de', 'NFT_ALPENGLUEHEN', ['Alpenglühen']],
    ['Spaetschicht', 'de', 'NFT_SPAETSCHICHT_LOOP', ['Spätschicht']],
    ['Muenchen', 'de', 'HOTEL_MUENCHEN_2032', ['München']],
    ['Munich', 'en', 'HOTEL_MUENCHEN_2032', ['Munich']],
    ['Mueller', 'de', 'S_MUELLER', ['Müller']],
    ['Müller', 'en', 'S_MUELLER', ['Müller']],
    ['Strasse', 'de', 'S_MUELLER', ['Straße']],
    ['Straße', 'de', 'S_MUELLER', ['Straße']],
    ['Wald', 'de', 'S_WAELDER', ['Wälder']],
    ['Waelder', 'de', 'S_WAELDER', ['Wälder']],
    ['Kiefernw', 'de', 'NFT_KIEFERNWALD_ABENDLICHT', ['Kiefernwald']],
    ['pine forest', 'en', 'NFT_KIEFERNWALD_ABENDLICHT', ['Pine', 'Forest']],
  ])('%s (%s) finds %s', async (phrase, locale, code, words) => {
    const hits = await search(phrase, { locale: locale as 'de' | 'en' });
    expect(codes(hits)).toContain(code);
    expect(marked(hitOf(hits, code).highlights.name)).toEqual(words);
  });

  it('finds words of the descriptions by their stems and marks them in the excerpt', async () => {
    // "paintings" meets "painted" in the English description of the forest (English stemming).
    const paintings = await search('paintings', { locale: 'en' });
    const forest = hitOf(paintings, 'NFT_KIEFERNWALD_ABENDLICHT');
    expect(forest).toBeDefined();
    expect(marked(forest.highlights.description)).toEqual(['painted']);
    // "Darss" finds "Darß" in the German description of the Baltic horizon.
    const darss = await search('Darss');
    expect(marked(hitOf(darss, 'NFT_OSTSEE_HORIZONT').highlights.description)).toEqual(['Darß']);
  });

  it('ranks a name match above a description match', async () => {
    const hits = await search('Leuchtturm');
    expect(codes(hits)).toEqual(['S_LIGHTHOUSE_NAME', 'S_LIGHTHOUSE_TEXT']);
    expect(marked(hits[1]!.highlights.description)).toEqual(['Leuchtturm', 'Leuchtturm']);
    expect(marked(hits[1]!.highlights.name)).toEqual([]);
  });

  it('finds only listed products (not disabled, not out of stock)', async () => {
    const hits = await search('Leuchtturm verborgen ausverkauft');
    expect(codes(hits)).toEqual([]);
  });

  it('offers names close to a phrase with a typo, its close words marked', async () => {
    const typo = await search('Kiefernwlad');
    expect(codes(typo)[0]).toBe('NFT_KIEFERNWALD_ABENDLICHT');
    expect(marked(typo[0]!.highlights.name)).toEqual(['Kiefernwald']);
    const strase = await search('Strase');
    expect(codes(strase)).toContain('S_MUELLER');
    expect(marked(hitOf(strase, 'S_MUELLER').highlights.name)).toEqual(['Straße']);
    expect(await search('Qxzvbnmkjh')).toEqual([]);
  });

  it('follows a changed name at once', async () => {
    const [row] = await t.app.db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.slug, 'sammelkarte-zebrafink-14'));
    expect(row).toBeDefined();
    await t.app.db
      .update(productTranslations)
      .set({ name: 'Sammelkarte Kolibri' })
      .where(eq(productTranslations.slug, 'sammelkarte-zebrafink-14'));
    expect(codes(await search('Kolibri'))).toEqual(['S_CARD_14']);
    expect(codes(await search('Zebrafink', { query: '&itemsPerPage=50' }))).not.toContain('S_CARD_14');
  });
});

describe('GET /search answers a phrase without searchable words with an empty list', () => {
  it.each(['und die der', 'the and', '!!! ???', '', '   ', '"" - or', '-Kiefernwald'])(
    '%j',
    async (phrase) => {
      expect(await search(phrase)).toEqual([]);
      expect(await search(phrase, { locale: 'en' })).toEqual([]);
    },
  );
});

describe('GET /search pages', () => {
  it('12 per page by default, up to 50, with the Hydra total', async () => {
    const first = await get('/search?phrase=Zebrafink', { accept: 'application/ld+json' });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { 'hydra:member': SearchHitView[]; 'hydra:totalItems': number };
    expect(body['hydra:member']).toHaveLength(12);
    expect(body['hydra:totalItems']).toBe(13);
    const second = await search('Zebrafink', { query: '&page=2' });
    expect(second).toHaveLength(1);
    expect(new Set([...codes(body['hydra:member']), ...codes(second)]).size).toBe(13);
    expect(await search('Zebrafink', { query: '&itemsPerPage=50' })).toHaveLength(13);
    const past = await get('/search?phrase=Zebrafink&page=5', { accept: 'application/ld+json' });
    expect(past.json()).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 13 });
  });
});

describe('GET /search rejects bad input with a 400 problem in the reader’s language', () => {
  it('a phrase over 200 characters, control characters, bad paging, unknown parameters', async () => {
    const long = expectProblem(await get(`/search?phrase=${'a'.repeat(201)}`, { 'accept-language': 'de' }));
    expect(long.code).toBe('invalid_query');
    expect(long.title).toBe('Die Abfrageparameter sind ungültig.');
    const en = expectProblem(await get(`/search?phrase=${'a'.repeat(201)}`, { 'accept-language': 'en' }));
    expect(en.title).toBe('The query parameters are invalid.');
    expect((await get(`/search?phrase=${'a'.repeat(200)}`)).statusCode).toBe(200);
    expectProblem(await get('/search?phrase=Wald%07'));
    expectProblem(await get('/search?phrase=Wald%00'));
    expectProblem(await get('/search?phrase=Wald&itemsPerPage=51'));
    expectProblem(await get('/search?phrase=Wald&page=0'));
    expectProblem(await get('/search?phrase=Wald&sort=name'));
    expectProblem(await get('/search?phrase=a&phrase=b'));
  });
});

describe('GET /search is public and the same for everyone', () => {
  it('a visitor and a logged-in customer get the same hits; a repeated read is 304', async () => {
    const investor = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const { token } = await loginAs(t.app, { email: investor.email, password: testPassword });
    const visitor = await search('Leuchtturm');
    const customer = await search('Leuchtturm', { headers: { authorization: `Bearer ${token}` } });
    expect(customer).toEqual(visitor);
    const first = await get('/search?phrase=Leuchtturm');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await get('/search?phrase=Leuchtturm', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});
