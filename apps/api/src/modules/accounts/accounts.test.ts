import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, customers, rateLimitCounters } from '../../db/schema/index.ts';
import { buildApp } from '../../server.ts';
import {
  lastMail,
  linkToken,
  loginAs,
  shop,
  signUpVerified,
  testPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const registration = (over: Record<string, unknown> = {}) => ({
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: uniqueEmail(),
  password: testPassword,
  confirmPassword: testPassword,
  accountType: 'personal',
  termsConsent: true,
  subscribedToNewsletter: true,
  ...over,
});

const byPath = (body: Record<string, unknown>) =>
  Object.fromEntries(
    ((body.violations as { propertyPath: string; code: string; message: string }[]) ?? []).map((v) => [
      v.propertyPath,
      v,
    ]),
  );

describe('sign-up (POST customers, POST companies)', () => {
  it('registers a customer, gives a referral code and link, and mails the verification link in their language', async () => {
    const body = registration({ locale: 'en' });
    const res = await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, verified: false, accountType: 'personal' });
    expect(res.body).not.toHaveProperty('password');
    const mail = await lastMail(t.app, body.email as string, 'verify_email');
    expect(mail?.subject).toBe('Please confirm your e-mail address at Tokenwerk');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{40,}/);
    const [row] = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.email, body.email as string));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(row!.subscribedToNewsletter).toBe(true);
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('writes German mails for a German request', async () => {
    const body = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    const mail = await lastMail(t.app, body.email as string, 'verify_email');
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse bei Tokenwerk');
  });

  it('answers a taken address with already_signed_up, whatever its case', async () => {
    const body = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    const again = await shop(t.app, undefined, uniqueIp()).post('/customers', {
      ...body,
      email: (body.email as string).toUpperCase(),
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('already_signed_up');
    expect(byPath(again.body).email?.code).toBe('already_signed_up');
  });

  it.each([
    ['termsConsent', { termsConsent: false }, 'terms_required'],
    ['confirmPassword', { confirmPassword: 'Quarz-Fenster-49!' }, 'password_mismatch'],
    ['password', { password: 'kurz', confirmPassword: 'kurz' }, 'weak_password'],
    ['password', { password: 'Password1!', confirmPassword: 'Password1!' }, 'common_password'],
    ['email', { email: 'not-an-address' }, 'invalid_email'],
    ['email', { email: '' }, 'required'],
    ['firstName', { firstName: '' }, 'required'],
    ['firstName', { firstName: 'x'.repeat(101) }, 'too_long'],
    ['accountType', { accountType: 'admin' }, 'invalid_value'],
    ['roles', { roles: ['admin'] }, 'unknown_parameter'],
  ])('refuses a bad %s (%j) with %s and stores nothing', async (path, change, code) => {
    const body = registration(change);
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const res = await shop(t.app, undefined, uniqueIp()).post('/customers', body, {
      'accept-language': 'en',
    });
    expect(res.status).toBe(422);
    expect(byPath(res.body)[path]?.code).toBe(code);
    expect(byPath(res.body)[path]?.message).toBeTruthy();
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses malformed JSON and wrong types with a 4xx', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/customers',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    const typed = await shop(t.app, undefined, uniqueIp()).post(
      '/customers',
      registration({ termsConsent: 'yes' }),
    );
    expect(typed.status).toBe(422);
    expect(byPath(typed.body).termsConsent?.code).toBe('invalid_type');
  });

  it('accepts an existing referral code and refuses an unknown one', async () => {
    const referrer = await signUpVerified(t.app);
    const [ref] = await t.app.db.select().from(customers).where(eq(customers.uuid, referrer.uuid));
    const ok = await shop(t.app, undefined, uniqueIp()).post(
      '/customers',
      registration({ referralCode: ref!.referralCode }),
    );
    expect(ok.status).toBe(201);
    const [referred] = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.uuid, ok.body.uuid as string));
    expect(referred!.referredById).toBe(ref!.id);
    const bad = await shop(t.app, undefined, uniqueIp()).post(
      '/customers',
      registration({ referralCode: 'NOPE2345' }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('referral_code_invalid');
  });

  it('registers a company and refuses a taken company name', async () => {
    const company = registration({
      accountType: 'company',
      companyName: 'Nordlicht Energie GmbH',
      companyType: 'limited_liability_company',
    });
    const res = await shop(t.app, undefined, uniqueIp()).post('/companies', company);
    expect(res.status).toBe(201);
    expect(res.body.accountType).toBe('company');
    const taken = await shop(t.app, undefined, uniqueIp()).post(
      '/companies',
      registration({
        accountType: 'company',
        companyName: 'nordlicht energie gmbh',
        companyType: 'limited_partnership',
      }),
    );
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('company_name_exists');
    expect(byPath(taken.body).companyName?.code).toBe('company_name_exists');
  });

  it.each([
    ['left out', {}],
    ['left on the placeholder', { companyType: '' }],
  ])('says a company type %s must be selected (spec 5), in both languages', async (_, change) => {
    const body = registration({ accountType: 'company', companyName: 'Südwind Solar GmbH', ...change });
    for (const [locale, message] of [
      ['de', 'Bitte wählen Sie eine Option aus'],
      ['en', 'An option must be selected'],
    ] as const) {
      const res = await shop(t.app, undefined, uniqueIp()).post('/companies', body, {
        'accept-language': locale,
      });
      expect(res.status).toBe(422);
      expect(byPath(res.body).companyType).toMatchObject({ code: 'must_be_selected', message });
    }
  });

  it('limits sign-ups per IP (429 with Retry-After)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await shop(t.app, undefined, ip).post('/customers', registration())).status).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/customers',
      payload: registration(),
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().title).toBe('Too many requests. Please try again shortly.');
  });
});

describe('e-mail verification', () => {
  it('verifies once; a second use answers already_verified (422); a made-up token 404', async () => {
    const body = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    const token = linkToken(
      (await lastMail(t.app, body.email as string, 'verify_email'))!.text,
      '/verify-email',
    );
    expect((await shop(t.app).patch(`/account-verification-requests/${token}`)).status).toBe(200);
    const again = await shop(t.app).patch(`/account-verification-requests/${token}`);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('already_verified');
    const unknown = await shop(t.app).patch(`/account-verification-requests/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('token_invalid');
    // a link cut short or mangled when copied is just as invalid, and the page says so in those words
    for (const mangled of ['bogus', 'abc.def~ghi%21jklmnop']) {
      const res = await shop(t.app).patch(`/account-verification-requests/${mangled}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('token_invalid');
    }
  });

  it('answers a resend the same whether or not the address exists, and mails only real unverified ones', async () => {
    const body = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    const known = await shop(t.app, undefined, uniqueIp()).post('/account-verification-requests', {
      email: body.email,
    });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await shop(t.app, undefined, uniqueIp()).post('/account-verification-requests', {
      email: unknownEmail,
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(await lastMail(t.app, unknownEmail)).toBeUndefined();
    const res = await t.app.inject({
      url: `/api/dev/mailbox?to=${encodeURIComponent(body.email as string)}&template=verify_email`,
    });
    expect(res.json()).toHaveLength(2);
  });

  it('refuses an expired link', async () => {
    const body = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', body);
    const token = linkToken(
      (await lastMail(t.app, body.email as string, 'verify_email'))!.text,
      '/verify-email',
    );
    await t.app.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'verify_email'`,
    );
    const res = await shop(t.app).patch(`/account-verification-requests/${token}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('token_invalid');
  });
});

describe('login, refresh and logout', () => {
  it('answers token, refresh_token and the customer IRI; the JWT lives 15 minutes', async () => {
    const who = await signUpVerified(t.app);
    const res = await shop(t.app).post('/authentication-token', { email: who.email, password: who.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['customer', 'refresh_token', 'token']);
    expect(res.body.customer).toBe(`/api/v2/shop/customers/${who.uuid}`);
    const claims = decodeJwt(res.body.token as string);
    expect(claims.sub).toBe(who.uuid);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    const me = await shop(t.app, res.body.token as string).get(`/customers/${who.uuid}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: who.email,
      verified: true,
      twoFactorEnabled: false,
      fullName: 'Erika Mustermann',
    });
  });

  it('gives wrong passwords, unknown addresses and unverified accounts one and the same 401', async () => {
    const who = await signUpVerified(t.app);
    const unverified = registration();
    await shop(t.app, undefined, uniqueIp()).post('/customers', unverified);
    const answers = await Promise.all([
      shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
        email: who.email,
        password: 'Wrong-Password-1!',
      }),
      shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
        email: uniqueEmail(),
        password: testPassword,
      }),
      shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
        email: unverified.email,
        password: testPassword,
      }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body.code).toBe('bad_credentials');
    }
    expect(answers[0]!.body.title).toBe(answers[2]!.body.title);
  });

  it('rotates refresh tokens; reusing one ends the whole session', async () => {
    const who = await signUpVerified(t.app);
    const first = await loginAs(t.app, who);
    const second = await shop(t.app).post('/token/refresh', { refresh_token: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refreshToken);
    const third = await shop(t.app).post('/token/refresh', { refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    // The first token again: someone holds a copy. The session ends for everyone.
    const reuse = await shop(t.app).post('/token/refresh', { refresh_token: first.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('refresh_token_invalid');
    expect(
      (await shop(t.app).post('/token/refresh', { refresh_token: third.body.refresh_token })).status,
    ).toBe(401);
    expect((await shop(t.app, third.body.token as string).get(`/customers/${who.uuid}`)).status).toBe(401);
  });

  it('logs out: the refresh token and the access token stop working', async () => {
    const who = await signUpVerified(t.app);
    const s = await loginAs(t.app, who);
    expect((await shop(t.app).post('/token/revoke', { refresh_token: s.refreshToken })).status).toBe(204);
    expect((await shop(t.app).post('/token/refresh', { refresh_token: s.refreshToken })).status).toBe(401);
    expect((await shop(t.app, s.token).get(`/customers/${who.uuid}`)).status).toBe(401);
    expect((await shop(t.app).post('/token/revoke', { refresh_token: 'unknown-token' })).status).toBe(204);
  });

  it('ends a session after 30 minutes without use and 12 hours after login', async () => {
    const who = await signUpVerified(t.app);
    const idle = await loginAs(t.app, who);
    const late = await loginAs(t.app, who);
    const [s1, s2] = await t.app.db
      .select()
      .from(authSessions)
      .orderBy(authSessions.createdAt)
      .then((rows) => rows.slice(-2));
    await t.app.db
      .update(authSessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.id, s1!.id));
    await t.app.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, s2!.id));
    expect((await shop(t.app, idle.token).get(`/customers/${who.uuid}`)).status).toBe(401);
    expect((await shop(t.app).post('/token/refresh', { refresh_token: idle.refreshToken })).status).toBe(401);
    expect((await shop(t.app, late.token).get(`/customers/${who.uuid}`)).status).toBe(401);
    expect((await shop(t.app).post('/token/refresh', { refresh_token: late.refreshToken })).status).toBe(401);
  });

  it('refuses tampered, foreign and missing tokens with 401', async () => {
    const who = await signUpVerified(t.app);
    const s = await loginAs(t.app, who);
    const [h, p] = s.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    for (const token of [forged, 'abc', '']) {
      const res = await shop(t.app, token || undefined).get(`/customers/${who.uuid}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('lists active sessions and signs out another device', async () => {
    const who = await signUpVerified(t.app);
    const laptop = await loginAs(t.app, who);
    const phone = await loginAs(t.app, who);
    const list = await shop(t.app, laptop.token).get('/sessions');
    expect(list.status).toBe(200);
    const sessions = list.body as unknown as { id: string; current: boolean; device: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect((await shop(t.app, laptop.token).delete(`/sessions/${other.id}`)).status).toBe(204);
    expect((await shop(t.app, phone.token).get('/sessions')).status).toBe(401);
    expect((await shop(t.app, laptop.token).get('/sessions')).status).toBe(200);
  });

  it('mails a sign-in from a device never seen before, not the first login', async () => {
    const who = await signUpVerified(t.app);
    await shop(t.app, undefined, uniqueIp()).post(
      '/authentication-token',
      { email: who.email, password: who.password },
      { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0' },
    );
    expect(await lastMail(t.app, who.email, 'new_sign_in')).toBeUndefined();
    await shop(t.app, undefined, uniqueIp()).post(
      '/authentication-token',
      { email: who.email, password: who.password },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1' },
    );
    const mail = await lastMail(t.app, who.email, 'new_sign_in');
    expect(mail?.text).toContain('Safari · iOS');
  });

  it('throttles failed logins per account (429) and a success clears the count', async () => {
    const who = await signUpVerified(t.app);
    for (let i = 0; i < 10; i++) {
      const r = await shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
        email: who.email,
        password: 'Wrong-Password-1!',
      });
      expect(r.status).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/authentication-token',
      payload: { email: who.email, password: who.password },
      remoteAddress: uniqueIp(),
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} like 'login-fail|account|%'`);
    expect(
      (await shop(t.app).post('/authentication-token', { email: who.email, password: who.password })).status,
    ).toBe(200);
  });

  it('counts failed logins in the database: a second API process shares the limit', async () => {
    const who = await signUpVerified(t.app);
    const second = await buildApp({ ...t.buildOptions, db: { ...t.app.dbHandle, close: async () => {} } });
    try {
      for (let i = 0; i < 5; i++)
        await shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
          email: who.email,
          password: 'Wrong-1!aaaa',
        });
      for (let i = 0; i < 5; i++)
        await shop(second, undefined, uniqueIp()).post('/authentication-token', {
          email: who.email,
          password: 'Wrong-1!aaaa',
        });
      expect(
        (
          await shop(second, undefined, uniqueIp()).post('/authentication-token', {
            email: who.email,
            password: who.password,
          })
        ).status,
      ).toBe(429);
      expect(
        (
          await shop(t.app, undefined, uniqueIp()).post('/authentication-token', {
            email: who.email,
            password: who.password,
          })
        ).status,
      ).toBe(429);
    } finally {
      await second.close();
    }
  });
});

// PGlite runs one query at a time, so a race there cannot fail: these run on PostgreSQL.
describe.runIf(process.env.TEST_DB === 'postgres')('races (PostgreSQL)', () => {
  it('twenty concurrent refreshes of one token: exactly one succeeds', async () => {
    const who = await signUpVerified(t.app);
    const s = await loginAs(t.app, who);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => shop(t.app).post('/token/refresh', { refresh_token: s.refreshToken })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(19);
  });

  it('two concurrent sign-ups of one address: one account, the other hears already_signed_up', async () => {
    const body = registration();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shop(t.app, undefined, uniqueIp()).post('/customers', body)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.body.code).toBe('already_signed_up');
    const rows = await t.app.db
      .select()
      .from(customers)
      .where(eq(customers.email, body.email as string));
    expect(rows).toHaveLength(1);
  });
});
