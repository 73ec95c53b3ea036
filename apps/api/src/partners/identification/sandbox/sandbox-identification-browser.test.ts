import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvestor } from '../../../db/seed/factories.ts';
import { loginAs, shop, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';

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

  it('"Zurück zur Plattform" closes the partner window, or goes to the platform at the top level', async () => {
    const path = await startedCase();
    const page = await t.app.inject({ url: path });
    const link =
      /<a class="back" href="([^"]+)" target="_top" data-back-to-platform>Zurück zur Plattform<\/a>/.exec(
        page.body,
      );
    expect(link?.[1]).toBe(`${t.config.publicUrl}/self-disclosure/kyc`);
    const src = /<script src="([^"]+)" defer><\/script>/.exec(page.body)?.[1] ?? '';
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');

    const href = link?.[1] ?? '';
    const opened = clickBack(script.body, { closable: true, href });
    expect(opened).toEqual({ prevented: true, closed: true, navigatedTo: [] });
    const fromLink = clickBack(script.body, { closable: false, href });
    expect(fromLink).toEqual({ prevented: true, closed: false, navigatedTo: [href] });
  });
});

/** Runs the page's script in a stand-in browser and clicks the link back to the platform. */
function clickBack(source: string, opts: { closable: boolean; href: string }) {
  let onClick: ((event: unknown) => void) | undefined;
  const navigatedTo: string[] = [];
  const timers: (() => void)[] = [];
  const win = {
    closed: false,
    close() {
      if (opts.closable) win.closed = true;
    },
    top: { location: { assign: (url: string) => navigatedTo.push(url) } },
  };
  const doc = { addEventListener: (_type: string, fn: (event: unknown) => void) => (onClick = fn) };
  new Function('document', 'window', 'setTimeout', source)(doc, win, (fn: () => void) => timers.push(fn));
  const link = { href: opts.href };
  let prevented = false;
  onClick?.({
    target: { closest: (selector: string) => (selector === 'a[data-back-to-platform]' ? link : null) },
    defaultPrevented: false,
    button: 0,
    preventDefault: () => {
      prevented = true;
    },
  });
  for (const fire of timers) fire();
  return { prevented, closed: win.closed, navigatedTo };
}
