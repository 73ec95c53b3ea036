import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { ensureWebBuild } from '../../../scripts/web-build.mjs';
import { createTestApp, type TestApp } from './test/create-test-app.ts';
import { webDistDir } from './web-dist.ts';

let t: TestApp;
let productCode: string;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ webDist: webDistDir });
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/shop/products?itemsPerPage=50',
    headers: { accept: 'application/json' },
  });
  const products = res.json() as { code: string; name: string }[];
  productCode = products[0]!.code;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('server-rendered product page', () => {
  it('renders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/products/${productCode}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    for (const url of [
      '/browse',
      '/categories/art',
      '/categories/nope',
      '/products/NOPE',
      '/search?phrase=solar',
      '/cms/imprint',
      '/imprint',
      '/privacy-policy',
      '/contact',
      '/login',
      '/sign-up',
      '/profile/nobody',
      '/customer?id=x',
      '/unknown/page',
      '/account',
      '/',
    ]) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
      const title = /<title>([^<]*)<\/title>/.exec(r.body)?.[1];
      const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(r.body)?.[1];
      console.log(url, r.statusCode, title, '|', h1?.slice(0, 80), '|', r.body.includes('ssr-state'));
    }
  });
});
