import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

// The app as `npm start` serves it: the API and a built SPA whose public files are the real ones.
const publicDir = resolve(import.meta.dirname, '../../../web/public');
const webDist = mkdtempSync(join(tmpdir(), 'token-web-dist-'));
let t: TestApp;
beforeAll(async () => {
  cpSync(publicDir, webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  t = await createTestApp({ seed: 'none', webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('methods a path does not serve', () => {
  it('answers 405 with Allow when the path exists under other methods', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v2/shop/contact',
      headers: { 'accept-language': 'en' },
    });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST, OPTIONS');
    expect(get.headers['content-type']).toContain('application/problem+json');
    expect(get.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });

    const del = await t.app.inject({ method: 'DELETE', url: '/api/v2/shop/products/SOLAR_BRANDENBURG_2031' });
    expect(del.statusCode).toBe(405);
    // PUT: a creator edits their own product (issue 18).
    expect(del.headers.allow).toBe('GET, HEAD, PUT, OPTIONS');
    const post = await t.app.inject({ method: 'POST', url: '/api/health/' });
    expect(post.statusCode).toBe(405);
  });

  it('answers OPTIONS with 204 and Allow, and an unknown path with 404 whatever the method', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/v2/shop/countries/DE' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/v2/shop/nope' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('route_not_found');
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('answers TRACE like any method a path does not serve: 405 with Allow, 404 on unknown paths', async () => {
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/v2/shop/countries/DE' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(trace.headers['content-type']).toContain('application/problem+json');
    expect(trace.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
    const unknown = await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/v2/shop/nope' });
    expect(unknown.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'TRACE' as 'GET', url: '/contact' });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a method no route serves with 501', async () => {
    const res = await t.app.inject({ method: 'PURGE' as 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(501);
    expect(res.json().code).toBe('not_implemented');
  });

  it('keeps the SPA on GET and HEAD of app routes and refuses other methods there with 405', async () => {
    for (const url of ['/', '/products/SOLAR_BRANDENBURG_2031', '/contact', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
    const post = await t.app.inject({ method: 'POST', url: '/contact', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('files beside the SPA', () => {
  it('serves robots.txt as text', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });

  it('serves favicon.ico as an icon', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    // ICONDIR: reserved 0, type 1 (icon), at least one image
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
    expect(res.rawPayload.equals(readFileSync(join(publicDir, 'favicon.ico')))).toBe(true);
  });

  it('serves the HTML shell for a creator profile whose user name holds a dot', async () => {
    const res = await t.app.inject({ url: '/profile/anna.berg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers unknown file-like paths with a 404 problem, not the HTML shell', async () => {
    for (const url of ['/foo.png', '/wp-login.php', '/products/x/image.jpg', '/sitemap.xml?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.json().code).toBe('not_found');
    }
  });
});
