import { contactMessageSchema } from '@token/domain/contact';
import { type ErrorCode, errorMessage, type Violation } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web form's own resolver (react-hook-form + zod): the path a visitor's input takes in the browser.
import { formResolver } from '../../../web/src/lib/validation.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/*
 * Convention 1: the API and the web word the same failure the same way. The web's side of error
 * codes is tested in apps/web/src/lib/errors.test.ts (every code renders the domain's sentence);
 * here the API's answers are held to the same catalogue, and the contact form's violations as the
 * browser computes them are compared with the API's for the same input.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

/** The first violation per field, as the API answers a contact message in `locale`. */
async function apiViolations(body: object, locale: Locale, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/shop/contact',
    payload: body,
    headers: { 'accept-language': locale },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(422);
  const out: Record<string, Pick<Violation, 'code' | 'message'>> = {};
  for (const v of res.json().violations as Violation[]) {
    out[v.propertyPath] ??= { code: v.code, message: v.message };
  }
  return out;
}

/** The message per field the web form shows for the same input, via its resolver. */
async function webMessages(values: Record<string, string>, locale: Locale) {
  const resolve = formResolver(contactMessageSchema, locale);
  const result = await resolve(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(result.errors).map(([path, e]) => [path, (e as { message?: string }).message]),
  );
}

describe('violations: the API and the web form agree', () => {
  const inputs = [
    { name: '', email: '', subject: '', message: '' },
    { name: 'Erika', email: '   ', subject: 'Frage', message: 'Wann wird der Kupon ausgezahlt?' },
    { name: 'E', email: 'keine-adresse', subject: 'Hi', message: 'kurz' },
    { name: '  ', email: 'erika@', subject: 'x'.repeat(151), message: 'x'.repeat(5001) },
  ];

  it.each(inputs.flatMap((input, i) => (['de', 'en'] as const).map((locale) => [i, locale, input] as const)))(
    'input %i in %s: same fields, same sentences',
    async (i, locale, input) => {
      const api = await apiViolations(input, locale, `10.9.${i}.${locale === 'de' ? 1 : 2}`);
      const web = await webMessages(input, locale);
      expect(Object.keys(web).sort()).toEqual(Object.keys(api).sort());
      for (const [path, v] of Object.entries(api)) expect(web[path], path).toBe(v.message);
    },
  );

  it('calls a blank e-mail address required on both sides', async () => {
    const input = inputs[1]!;
    const api = await apiViolations(input, 'en', '10.9.9.9');
    expect(api.email).toEqual({ code: 'required', message: 'This field is required' });
    expect((await webMessages(input, 'en')).email).toBe('This field is required');
  });
});

describe("problem titles are the catalogue's sentences", () => {
  it.each([
    ['/api/v2/shop/nope', 'route_not_found'],
    ['/api/v2/shop/countries/XX', 'not_found'],
    ['/api/v2/shop/countries?foo=1', 'invalid_query'],
  ] as const)('%s -> %s', async (url, code: ErrorCode) => {
    for (const locale of ['de', 'en'] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-language': locale } });
      expect(res.json()).toMatchObject({ code, title: errorMessage(code, locale) });
    }
  });
});
