import { type SearchHitView, searchHitViewSchema } from '@token/domain/marketplace';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema/index.ts';
import { seedInvestor, seedProduct } from '../../db/seed/factories.ts';
import { loginAs, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v2/shop';

async function search(phrase: string, opts: { locale?: 'de' | 'en'; query?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    url: `${base}/search?phrase=${encodeURIComponent(phrase)}${opts.query ?? ''}`,
    headers: { accept: 'application/json', 'accept-language': opts.locale ?? 'de', ...opts.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  const hits = res.json() as SearchHitView[];
  for (const hit of hits) searchHitViewSchema.parse(hit);
  return hits;
}

const codes = (hits: SearchHitView[]) => hits.map((h) => h.code);
/** The marked words of a highlight. */
const marked = (segments: { text: string; match: boolean }[]) => segments.filter((s) => s.match).map((s) => s.text);

describe('GET /search: German and English, umlauts and transcriptions', () => {
  it.each([
    ['Kiefernwald', 'de', 'NFT_KIEFERNWALD_ABENDLICHT'],
    ['alpengluehen', 'de', 'NFT_ALPENGLUEHEN'],
    ['Alpenglühen', 'en', 'NFT_ALPENGLUEHEN'],
  ])('%s (%s) finds %s', async (phrase, locale, code) => {
    const hits = await search(phrase, { locale: locale as 'de' | 'en' });
    console.log(phrase, JSON.stringify(hits.map((h) => [h.code, h.highlights])));
    expect(codes(hits)).toContain(code);
  });
});
