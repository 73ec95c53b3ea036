import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/*
 * What the four sandbox partners' pages share (partners/sandbox-pages.ts, registered by
 * partners/sandbox-routes.ts): one frame, one way of sending a page, one form parser and one origin
 * check. Each partner's own behaviour is tested with the module it serves (bank.test.ts, card.test.ts,
 * identification.test.ts, custody-webhook.test.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

const unknownCaseId = 'A'.repeat(43);
const unknownSessionId = `cs_test_${'A'.repeat(43)}`;
const unknownWalletId = '00000000-0000-4000-8000-000000000000';

/**
 * A page of each partner (an unknown case, session or wallet still gets the partner's page), and
 * whether it links to itself in the other language (an unknown identification case does not: its
 * address is the only key to a case).
 */
const pages = [
  ['bank', '/sandbox/bank', 200, true],
  ['card', `/sandbox/card/${unknownSessionId}`, 404, true],
  ['identification', `/sandbox/kyc/${unknownCaseId}`, 404, false],
  ['custody list', '/sandbox/custody', 200, true],
  ['custody wallet', `/sandbox/custody/${unknownWalletId}`, 404, true],
] as const;

/** Each partner's form post. */
const forms = [
  ['bank', '/sandbox/bank/transfers'],
  ['card', `/sandbox/card/${unknownSessionId}/actions`],
  ['identification', `/sandbox/kyc/${unknownCaseId}/actions`],
  ['custody', `/sandbox/custody/${unknownWalletId}`],
] as const;

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the sandbox partners’ pages', () => {
  it.each(pages)(
    '%s: one frame in the asked language, never stored or indexed',
    async (_name, path, status, linksLanguages) => {
      for (const locale of ['de', 'en'] as const) {
        const res = await t.app.inject({ url: `${path}?locale=${locale}` });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.body).toContain(`<html lang="${locale}">`);
        expect(res.body.match(/<h1>/g)).toHaveLength(1);
        const other = locale === 'de' ? 'en' : 'de';
        expect(res.body.includes(`href="${path}?locale=${other}"`)).toBe(linksLanguages);
        // No inline script (the CSP forbids it); the identification page loads one from this site.
        expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)/);
      }
    },
  );

  it.each(forms)('%s: refuses a form posted from another origin with a page (403)', async (_name, path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}?locale=en`,
      headers: { ...formHeaders, origin: 'https://evil.example' },
      payload: 'token=x&action=SUCCESS&decision=approved',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en">');
  });

  it.each(forms)('%s: reads no form body over 16 KiB', async (_name, path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: formHeaders,
      payload: `token=${'x'.repeat(17 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('keeps the form parser to the sandbox pages: the API still refuses form bodies (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      headers: formHeaders,
      payload: 'email=a%40b.example',
    });
    expect(res.statusCode).toBe(415);
  });
});
