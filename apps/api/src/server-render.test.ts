import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { ensureWebBuild } from '../../../scripts/web-build.mjs';
import { createTestApp, type TestApp } from './test/create-test-app.ts';
import { webDistDir } from './web-dist.ts';

// Decision 021: the public pages rendered on the server, with their data, head and language.

let t: TestApp;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ webDist: webDistDir });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de', ...headers } });

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
  return m?.[1] ? (JSON.parse(m[1]) as Record<string, unknown>) : null;
};
const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html);
  return m?.[1] ? (JSON.parse(m[1]) as { queries: { queryKey: unknown[] }[] }) : null;
};

const pages = [
  {
    path: '/products/SOLAR_BRANDENBURG_2031',
    de: 'Solarpark Brandenburg 2031',
    en: 'Solar Park Brandenburg 2031',
    type: 'product',
  },
  { path: '/categories/art', de: 'Kunst', en: 'Art', type: 'website' },
  { path: '/imprint', de: 'Impressum', en: 'Imprint', type: 'website' },
] as const;

describe('public pages rendered on the server', () => {
  for (const p of pages) {
    for (const locale of ['de', 'en'] as const) {
      it(`${p.path} in ${locale}: heading, title, description, canonical and Open Graph`, async () => {
        const res = await page(p.path, { 'accept-language': locale });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-language']).toBe(locale);
        const html = res.body;
        expect(html).toContain(`<html lang="${locale}"`);
        expect(h1Of(html)).toBe(p[locale]);
        expect(titleOf(html)).toBe(`${p[locale]} · Tokenwerk`);
        // one title and one description, not the shell's beside the page's
        expect(html.match(/<title>/g)).toHaveLength(1);
        expect(html.match(/<meta name="description"/g)).toHaveLength(1);
        expect(metaOf(html, 'description')).toBeTruthy();
        expect(canonicalOf(html)).toBe(`http://localhost:3000${p.path}?locale=${locale}`);
        expect(metaOf(html, 'og:title')).toBe(`${p[locale]} · Tokenwerk`);
        expect(metaOf(html, 'og:type')).toBe(p.type);
        expect(metaOf(html, 'og:url')).toBe(canonicalOf(html));
        expect(metaOf(html, 'og:locale')).toBe(locale === 'de' ? 'de_DE' : 'en_GB');
        expect(html).toContain(`hreflang="${locale === 'de' ? 'en' : 'de'}"`);
        // the data the client would load, for hydration without a second fetch
        expect(stateOf(html)?.queries.length).toBeGreaterThan(0);
      });
    }
  }

  it('an item page carries a JSON-LD Product with its offer in EUR, in the page language', async () => {
    const product = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v2/shop/products/SOLAR_BRANDENBURG_2031',
        headers: { accept: 'application/json', 'accept-language': 'en' },
      })
    ).json() as { name: string; defaultVariant: { channelPricings: Record<string, { price: number }> } };
    const price = Object.values(product.defaultVariant.channelPricings)[0]?.price ?? 0;
    for (const locale of ['de', 'en'] as const) {
      const html = (await page('/products/SOLAR_BRANDENBURG_2031', { 'accept-language': locale })).body;
      const ld = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: pages[0][locale],
        sku: 'SOLAR_BRANDENBURG_2031',
        offers: {
          '@type': 'Offer',
          priceCurrency: 'EUR',
          price: (price / 100).toFixed(2),
          availability: 'https://schema.org/InStock',
        },
      });
      expect(ld?.description).toEqual(expect.any(String));
      expect(ld?.image).toMatch(/^http:\/\/localhost:3000\/media\//);
      expect(metaOf(html, 'og:image')).toBe(ld?.image);
    }
  });

  it('the language: ?locale= first, then the locale cookie, then Accept-Language', async () => {
    const path = '/imprint';
    expect(h1Of((await page(path, { 'accept-language': 'en' })).body)).toBe('Imprint');
    expect(h1Of((await page(path, { 'accept-language': 'en', cookie: 'x=1; locale=de' })).body)).toBe(
      'Impressum',
    );
    expect(h1Of((await page(`${path}?locale=en`, { cookie: 'locale=de' })).body)).toBe('Imprint');
    // an unknown language anywhere is ignored, never an error
    const odd = await page(`${path}?locale=xx`, { cookie: 'locale=zz', 'accept-language': '*;q=bad' });
    expect(odd.statusCode).toBe(200);
    expect(h1Of(odd.body)).toBe('Impressum');
  });

  it('an unknown product, category, CMS page or path renders page-not-found with 404', async () => {
    for (const path of [
      '/products/NO_SUCH_PRODUCT',
      '/categories/no-such-category',
      '/cms/no-such-page',
      '/no/such/page',
      `/products/${'x'.repeat(190)}`,
      '/products/%E2%9C%93%20%3Cscript%3E',
    ]) {
      for (const locale of ['de', 'en'] as const) {
        const res = await page(path, { 'accept-language': locale });
        expect(res.statusCode, path).toBe(404);
        expect(h1Of(res.body), path).toBe(locale === 'de' ? 'Seite nicht gefunden' : 'Page not found');
        expect(res.body).not.toContain('<script>');
      }
    }
  });

  it('the other public pages render too; the logged-in area gets the client-rendered shell', async () => {
    for (const [path, heading] of [
      ['/browse', 'Entdecken'],
      ['/search?phrase=solar', 'Suche'],
      ['/contact', 'Kontakt'],
      ['/login', 'Anmelden'],
      ['/sign-up', 'Registrieren'],
      ['/privacy-policy', 'Datenschutzerklärung'],
    ] as const) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(h1Of(res.body), path).toBe(heading);
    }
    for (const path of ['/account', '/my-collection', '/admin']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
      expect(res.body, path).not.toContain('ssr-state');
    }
  });

  it("preloads the page's texts in its language only: common and the route's namespaces", async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const manifest = JSON.parse(readFileSync(join(webDistDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const chunk = (locale: string, ns: string) => manifest[`src/locales/${locale}/${ns}.json`]?.file;
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]);
    for (const locale of ['de', 'en'] as const) {
      const other = locale === 'de' ? 'en' : 'de';
      const login = preloaded((await page(`/login?locale=${locale}`)).body);
      expect(login).toContain(chunk(locale, 'common'));
      expect(login).toContain(chunk(locale, 'accounts'));
      expect(login).not.toContain(chunk(other, 'common'));
      const product = preloaded((await page(`/products/SOLAR_BRANDENBURG_2031?locale=${locale}`)).body);
      expect(product).toContain(chunk(locale, 'marketplace'));
      expect(product).toContain(chunk(locale, 'products'));
      expect(product).not.toContain(chunk(locale, 'accounts'));
      const contact = preloaded((await page(`/contact?locale=${locale}`)).body);
      expect(contact).toContain(chunk(locale, 'contact'));
      expect(contact).not.toContain(chunk(locale, 'products'));
    }
  });

  it("inlines the app's stylesheet and does not link it a second time", async () => {
    for (const path of ['/login', '/sign-up', '/products/SOLAR_BRANDENBURG_2031', '/browse', '/imprint']) {
      const html = (await page(path)).body;
      expect(html.match(/<style>/g)?.length, path).toBe(1);
      expect(html, path).toContain('tailwindcss');
      expect(html.match(/<link rel="stylesheet"[^>]*>/g) ?? [], path).toEqual([]);
    }
  });

  it('keeps the CSP strict: no inline JavaScript, the state in a JSON script tag that cannot be closed', async () => {
    const res = await page('/search?phrase=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    for (const tag of res.body.match(/<script[^>]*>/g) ?? []) {
      expect(tag).toMatch(/ src="|type="application\/(json|ld\+json)"/);
    }
    expect(res.body).not.toContain('<script>alert(1)');
    const html = (await page('/products/SOLAR_BRANDENBURG_2031')).body;
    const state = stateOf(html);
    expect(state?.queries.map((q) => q.queryKey.join('/'))).toContain(
      'products/detail/SOLAR_BRANDENBURG_2031/de',
    );
  });
});
