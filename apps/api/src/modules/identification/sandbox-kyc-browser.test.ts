import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

/*
 * The sandbox identification page as a browser uses it. The app's helmet answers
 * `Referrer-Policy: no-referrer`, with which a browser sends `Origin: null` along with the page's own
 * form posts, and the origin check refuses them; the page keeps its origin with `same-origin`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

async function startedCase() {
  const row = await seedInvestor(t.app.db, {
    appSecret: t.config.appSecret,
    firstName: 'Erika',
    lastName: 'Mustermann',
    birthDate: '1985-04-12',
    nationality: 'DE',
    mobileNumber: '+49 151 23456789',
    address: { street: 'Friedrichstraße 10', postcode: '10117', city: 'Berlin', countryCode: 'DE' },
  });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  const res = await shop(t.app, token).post('/identification/start');
  expect(res.status).toBe(201);
  return new URL(res.body.urlKycStart as string).pathname;
}

describe('sandbox identification page in a browser', () => {
  it('keeps its origin on its own form posts (Referrer-Policy same-origin), so the tester can act', async () => {
    const path = await startedCase();
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const formToken = /name="token" value="([0-9a-f]{40})"/.exec(page.body)?.[1];
    expect(formToken).toBeTruthy();
    // what a browser sends from the page under that policy: the site's own origin
    const act = await t.app.inject({
      method: 'POST',
      url: `${path}/actions`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(t.config.publicUrl).origin,
      },
      payload: new URLSearchParams({ token: formToken!, action: 'start_call' }).toString(),
    });
    expect(act.statusCode).toBe(303);
  });

  it('still refuses a post whose origin is hidden or foreign', async () => {
    const path = await startedCase();
    const page = await t.app.inject({ url: path });
    const formToken = /name="token" value="([0-9a-f]{40})"/.exec(page.body)?.[1] ?? '';
    for (const origin of ['null', 'https://evil.example']) {
      const act = await t.app.inject({
        method: 'POST',
        url: `${path}/actions`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams({ token: formToken, action: 'start_call' }).toString(),
      });
      expect(act.statusCode).toBe(403);
    }
  });
});
