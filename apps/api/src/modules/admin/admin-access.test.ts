import { errorMessage } from '@token/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/content/investors.ts';
import { DEMO_OPERATOR_TOTP_SECRET, demoOperator } from '../../db/seed/content/operators.ts';
import { seedInvestor, seedOperator } from '../../db/seed/factories.ts';
import { seedDemoOperator } from '../../db/seed/operators.ts';
import { isOperatorPath } from '../../http/auth.ts';
import { createOperatorLinks } from '../../http/operator-links.ts';
import { buildApp } from '../../server.ts';
import { currentCode, shop, testPassword, uniqueIp } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { openSession, revokeSessions } from '../accounts/sessions.service.ts';
import {
  admin,
  operatorSecret,
  operatorWithToken,
  seedIdentifiedCustomer,
  tokenFor,
} from './admin.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

/** Every operator route with its parameters filled, as the router knows them. */
function adminRoutes(): { method: string; url: string }[] {
  return t.app.routeList
    .filter((r) => r.url.startsWith('/api/v2/admin') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      method: r.method,
      url: r.url.replace(':uuid', '00000000-0000-4000-8000-000000000000').replace(':id', '1'),
    }));
}

describe('who reaches /api/v2/admin/', () => {
  it('covers the review: queue, customer file, audit log, decisions, files', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/, '{uuid}')}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v2/admin/customers',
        'GET /api/v2/admin/customers/{uuid}',
        'GET /api/v2/admin/customers/{uuid}/audit-log',
        'POST /api/v2/admin/customers/{uuid}/approve',
        'POST /api/v2/admin/customers/{uuid}/follow-up',
        'POST /api/v2/admin/customers/{uuid}/ban',
        'POST /api/v2/admin/customers/{uuid}/lift-ban',
        'POST /api/v2/admin/professional-requests/1/approve',
        'POST /api/v2/admin/professional-requests/1/refuse',
        'GET /api/v2/admin/files/{uuid}',
        'POST /api/v2/admin/files/{uuid}/link',
      ]),
    );
  });

  it('answers a visitor 401 on every operator route', async () => {
    for (const route of adminRoutes()) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url, payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers a customer 403 `forbidden` on every operator route, in their language, and changes nothing', async () => {
    const customer = await seedInvestor(t.app.db, { appSecret: t.config.appSecret });
    const victim = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const token = await tokenFor(t.app, customer);
    for (const route of adminRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace('00000000-0000-4000-8000-000000000000', victim.uuid),
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        payload: { reason: 'Selbst freigeschaltet', message: 'Ich schalte mich selbst frei.' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'forbidden', title: errorMessage('forbidden', 'en') });
    }
    const file = await admin(t.app, (await operatorWithToken(t.app, t.config.appSecret)).token).get(
      `/customers/${victim.uuid}`,
    );
    expect(file.body.customer).toMatchObject({ status: null });
  });

  it('answers an admin without two-factor 403 `operator_two_factor_required`', async () => {
    const half = await seedOperator(t.app.db, { appSecret: t.config.appSecret, twoFactorSecret: null });
    const res = await admin(t.app, await tokenFor(t.app, half)).get('/customers');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'operator_two_factor_required',
      title: errorMessage('operator_two_factor_required', 'de'),
    });
  });

  it('lets an operator in after a login with the two-factor code', async () => {
    const operator = await seedOperator(t.app.db, {
      appSecret: t.config.appSecret,
      twoFactorSecret: operatorSecret,
      firstName: 'Olivia',
      lastName: 'Prüfer',
    });
    const ip = uniqueIp();
    const withoutCode = await shop(t.app, undefined, ip).post('/authentication-token', {
      email: operator.email,
      password: testPassword,
    });
    expect(withoutCode.body.code).toBe('two_factor_required');
    const login = await shop(t.app, undefined, ip).post('/authentication-token', {
      email: operator.email,
      password: testPassword,
      code: await currentCode(operatorSecret),
    });
    expect(login.status).toBe(200);
    const me = await admin(t.app, login.body.token as string).get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ uuid: operator.uuid, email: operator.email, fullName: 'Olivia Prüfer' });
    // personal data: never kept by a cache
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('refuses an admin who logged in before enabling two-factor until they log in again with a code', async () => {
    const operator = await seedOperator(t.app.db, { appSecret: t.config.appSecret, twoFactorSecret: null });
    const ip = uniqueIp();
    const before = await shop(t.app, undefined, ip).post('/authentication-token', {
      email: operator.email,
      password: testPassword,
    });
    expect(before.status).toBe(200);
    const early = before.body.token as string;
    expect((await admin(t.app, early).get('/me')).body.code).toBe('operator_two_factor_required');

    // two-factor enabled within that very session
    const enrol = await shop(t.app, early, ip).get(`/customers/${operator.uuid}/2fa/qr-code`);
    expect(enrol.status).toBe(200);
    const enabled = await shop(t.app, early, ip).put(`/customers/${operator.uuid}/2fa/verify`, {
      code: await currentCode(enrol.body.secret as string),
    });
    expect(enabled.status).toBe(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];

    // the session opened without a code still does not count, nor does a refresh of it
    const stillEarly = await admin(t.app, early, 'en').get('/customers');
    expect(stillEarly.status).toBe(403);
    expect(stillEarly.body).toMatchObject({
      code: 'operator_two_factor_required',
      title: errorMessage('operator_two_factor_required', 'en'),
    });
    const refreshed = await shop(t.app, undefined, ip).post('/token/refresh', {
      refresh_token: before.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await admin(t.app, refreshed.body.token as string).get('/me')).body.code).toBe(
      'operator_two_factor_required',
    );

    // a new login with a code (here a recovery code) opens the operator area, and refreshing keeps it open
    const again = await shop(t.app, undefined, ip).post('/authentication-token', {
      email: operator.email,
      password: testPassword,
      code: recoveryCodes[0],
    });
    expect(again.status).toBe(200);
    expect((await admin(t.app, again.body.token as string).get('/me')).status).toBe(200);
    const kept = await shop(t.app, undefined, ip).post('/token/refresh', {
      refresh_token: again.body.refresh_token,
    });
    expect(kept.status).toBe(200);
    expect((await admin(t.app, kept.body.token as string).get('/customers')).status).toBe(200);
  });

  it('refuses an operator whose session ended, or who lost the role or two-factor', async () => {
    const { operator, token } = await operatorWithToken(t.app, t.config.appSecret);
    expect((await admin(t.app, token).get('/me')).status).toBe(200);
    await revokeSessions({ db: t.app.db, customerId: operator.id, reason: 'logout' });
    expect((await admin(t.app, token).get('/me')).status).toBe(401);

    const second = await operatorWithToken(t.app, t.config.appSecret);
    await t.app.db
      .update(customers)
      .set({ twoFactorEnabled: false })
      .where(eq(customers.id, second.operator.id));
    expect((await admin(t.app, second.token).get('/me')).body.code).toBe('operator_two_factor_required');
    await t.app.db
      .update(customers)
      .set({ twoFactorEnabled: true, roles: ['professional_investor'] })
      .where(eq(customers.id, second.operator.id));
    expect((await admin(t.app, second.token).get('/me')).body.code).toBe('forbidden');
  });

  it('keeps everything under /api/v2/admin/ operator-only, also a route that forgot its auth config', async () => {
    // A second app on the same database, with one more admin route that declares nothing.
    const second = await buildApp({ ...t.buildOptions, db: { ...t.app.dbHandle, close: async () => {} } });
    second.get('/api/v2/admin/forgotten', async () => ({ secret: 'operators only' }));
    second.get('/api/v2/admin/declared-public', { config: { auth: 'public' } }, async () => ({
      secret: 'x',
    }));
    await second.ready();
    try {
      const customer = await seedInvestor(second.db, { appSecret: t.config.appSecret });
      const customerToken = await tokenFor(second, customer);
      const { token } = await operatorWithToken(second, t.config.appSecret);
      for (const path of ['/api/v2/admin/forgotten', '/api/v2/admin/declared-public']) {
        expect((await second.inject({ url: path })).statusCode, path).toBe(401);
        const asCustomer = await second.inject({
          url: path,
          headers: { authorization: `Bearer ${customerToken}` },
        });
        expect(asCustomer.statusCode, path).toBe(403);
        expect(asCustomer.body).not.toContain('operators only');
        const asOperator = await second.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
        expect(asOperator.statusCode, path).toBe(200);
      }
      // unknown paths there do not tell a visitor which exist, whatever their spelling
      for (const path of [
        '/api/v2/admin/nothing-here',
        '/api/v2/admin',
        '/api/v2/%61dmin/customers',
        '/API/V2/ADMIN/x',
      ]) {
        expect((await second.inject({ url: path })).statusCode, path).toBe(401);
      }
      const unknownAsOperator = await second.inject({
        url: '/api/v2/admin/nothing-here',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(unknownAsOperator.statusCode).toBe(404);
      expect(unknownAsOperator.json().code).toBe('route_not_found');
    } finally {
      await second.close();
    }
  });

  it('tells operator paths apart', () => {
    expect(isOperatorPath('/api/v2/admin')).toBe(true);
    expect(isOperatorPath('/api/v2/admin/')).toBe(true);
    expect(isOperatorPath('/api/v2/admin/customers?x=1')).toBe(true);
    expect(isOperatorPath('/api/v2/administration')).toBe(false);
    expect(isOperatorPath('/api/v2/shop/admin')).toBe(false);
    expect(isOperatorPath(undefined)).toBe(false);
  });
});

describe('file links (a document opened in a new tab, without the bearer token)', () => {
  it('open exactly one file for the operator session that asked, for two minutes', async () => {
    const { operator, token } = await operatorWithToken(t.app, t.config.appSecret);
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const other = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const link = await admin(t.app, token).post(`/files/${customer.fileUuid}/link`);
    expect(link.status).toBe(201);
    const url = link.body.url as string;
    expect(url).toMatch(new RegExp(`^/api/v2/admin/files/${customer.fileUuid}\\?access=`));
    const expiresIn = new Date(link.body.expiresAt as string).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(100_000);
    expect(expiresIn).toBeLessThanOrEqual(120_000);

    const opened = await t.app.inject({ url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('inline');
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // the same link names no other file
    const access = new URL(url, 'http://x').searchParams.get('access')!;
    const elsewhere = await t.app.inject({
      url: `/api/v2/admin/files/${other.fileUuid}?access=${encodeURIComponent(access)}`,
    });
    expect(elsewhere.statusCode).toBe(401);
    // a changed link is refused: another session named in the body, or a changed signature
    const [body, signature] = access.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const otherBody = Buffer.from(JSON.stringify({ ...claims, r: `file:${other.fileUuid}` })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const changed of [`${otherBody}.${signature}`, `${body}.${flipped}`, `${body}.`, 'x']) {
      const res = await t.app.inject({
        url: `/api/v2/admin/files/${other.fileUuid}?access=${encodeURIComponent(changed)}`,
      });
      expect(res.statusCode, changed).toBe(401);
    }
    // a link only opens files, not the other operator routes
    const queue = await t.app.inject({ url: `/api/v2/admin/customers?access=${encodeURIComponent(access)}` });
    expect(queue.statusCode).toBe(401);

    // expired
    const links = createOperatorLinks(t.config.appSecret);
    const old = links.sign(
      { resource: `file:${customer.fileUuid}`, customerUuid: operator.uuid, sessionId: 'x' },
      new Date(Date.now() - 121_000),
    );
    expect(links.verify(old.token, `file:${customer.fileUuid}`)).toBeNull();
    const expired = await t.app.inject({
      url: `/api/v2/admin/files/${customer.fileUuid}?access=${encodeURIComponent(old.token)}`,
    });
    expect(expired.statusCode).toBe(401);

    // the operator logs out: the link dies with the session
    await revokeSessions({ db: t.app.db, customerId: operator.id, reason: 'logout' });
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('never write the link into the request log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      ...t.buildOptions,
      db: { ...t.app.dbHandle, close: async () => {} },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.ready();
    try {
      const { token } = await operatorWithToken(logged, t.config.appSecret);
      const customer = await seedIdentifiedCustomer(logged, t.config.appSecret);
      const link = await admin(logged, token).post(`/files/${customer.fileUuid}/link`);
      const access = new URL(link.body.url as string, 'http://x').searchParams.get('access')!;
      expect((await logged.inject({ url: link.body.url as string })).statusCode).toBe(200);
      const requestLines = lines.filter((l) => l.includes(`/api/v2/admin/files/${customer.fileUuid}`));
      expect(requestLines.length).toBeGreaterThan(0);
      expect(requestLines.some((l) => l.includes('access=[redacted]'))).toBe(true);
      expect(lines.filter((l) => l.includes(access.slice(0, 20)))).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('give a customer who is no operator nothing, even with a valid signature', async () => {
    const customer = await seedIdentifiedCustomer(t.app, t.config.appSecret);
    const token = await tokenFor(t.app, customer);
    expect((await admin(t.app, token).post(`/files/${customer.fileUuid}/link`)).status).toBe(403);
    // a link signed for the customer's own session (as if the key leaked into a customer's hands)
    const opened = await openSession({
      db: t.app.db,
      tokens: t.app.accountKit.tokens,
      customer,
      client: { ip: null, userAgent: null },
      secondFactorPassed: false,
    });
    const forged = createOperatorLinks(t.config.appSecret).sign({
      resource: `file:${customer.fileUuid}`,
      customerUuid: customer.uuid,
      sessionId: opened.sessionId,
    });
    const res = await t.app.inject({
      url: `/api/v2/admin/files/${customer.fileUuid}?access=${encodeURIComponent(forged.token)}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('demo operator', () => {
  it('logs in with the demo password and the documented two-factor secret and reaches the admin area', async () => {
    await t.app.db.transaction((tx) => seedDemoOperator(tx, { appSecret: t.config.appSecret }));
    expect(demoOperator.email).toBe('compliance@demo.tokenwerk.example');
    const login = await shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
      email: demoOperator.email,
      password: DEMO_PASSWORD,
      code: await currentCode(DEMO_OPERATOR_TOTP_SECRET),
    });
    expect(login.status).toBe(200);
    const me = await admin(t.app, login.body.token as string).get('/me');
    expect(me.body).toMatchObject({ email: demoOperator.email, fullName: 'Clara Hoffmann' });
  });
});
