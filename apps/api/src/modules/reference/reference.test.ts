import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('countries', () => {
  it('lists countries as a Hydra collection with German names by default', async () => {
    const res = await t.app.inject({ url: '/api/v2/shop/countries?itemsPerPage=400' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const body = res.json();
    expect(body['hydra:totalItems']).toBeGreaterThanOrEqual(249);
    const de = body['hydra:member'].find((c: { code: string }) => c.code === 'DE');
    expect(de).toMatchObject({ '@id': '/api/v2/shop/countries/DE', '@type': 'Country', name: 'Deutschland' });
  });

  it('answers a plain array in English for application/json and Accept-Language en', async () => {
    const res = await t.app.inject({
      url: '/api/v2/shop/countries?itemsPerPage=400',
      headers: { accept: 'application/json', 'accept-language': 'en-US,en;q=0.9' },
    });
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.find((c: { code: string }) => c.code === 'DE')).toEqual({
      id: expect.any(Number),
      code: 'DE',
      name: 'Germany',
      enabled: true,
    });
  });

  it('rejects unknown query parameters and oversized pages with a 400 problem', async () => {
    const res = await t.app.inject({
      url: '/api/v2/shop/countries?foo=1',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'invalid_query', violations: [{ propertyPath: 'foo' }] });
    const big = await t.app.inject({ url: '/api/v2/shop/countries?itemsPerPage=401' });
    expect(big.statusCode).toBe(400);
    expect(big.json().violations[0]).toMatchObject({ propertyPath: 'itemsPerPage', code: 'too_big' });
  });

  it('finds one country by code and 404s an unknown one', async () => {
    const ok = await t.app.inject({ url: '/api/v2/shop/countries/at?locale=en' });
    expect(ok.json()).toMatchObject({ code: 'AT', name: 'Austria' });
    const missing = await t.app.inject({ url: '/api/v2/shop/countries/XX' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});
