import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTotpSecretBox } from '../../crypto/secrets.ts';
import { customers, recoveryCodes } from '../../db/schema/index.ts';
import {
  currentCode,
  lastMail,
  linkToken,
  loginAs,
  shop,
  signUpVerified,
  type TestCustomer,
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

const address = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  countryCode: 'DE',
  street: 'Friedrichstraße 10',
  city: 'Berlin',
  postcode: '10117',
  phoneNumber: '+49 30 1234567',
};

async function withSession(): Promise<TestCustomer & { token: string; refreshToken: string }> {
  const who = await signUpVerified(t.app);
  return { ...who, ...(await loginAs(t.app, who)) };
}

/** Enables two-factor as a person with an authenticator app would; answers the secret and recovery codes. */
async function enableTwoFactor(who: { uuid: string; token: string }) {
  const qr = await shop(t.app, who.token).get(`/customers/${who.uuid}/2fa/qr-code`);
  expect(qr.status).toBe(200);
  expect(qr.body.qrCodeFormat).toMatch(/^data:image\/png;base64,/);
  const secret = qr.body.secret as string;
  const verified = await shop(t.app, who.token).put(`/customers/${who.uuid}/2fa/verify`, {
    code: await currentCode(secret),
  });
  expect(verified.status).toBe(200);
  return { secret, recoveryCodes: verified.body.recoveryCodes as string[] };
}

/** Moves the stored "last accepted step" back, as if the last code was used long ago. */
async function forgetLastStep(uuid: string) {
  await t.app.db.update(customers).set({ twoFactorLastStep: null }).where(eq(customers.uuid, uuid));
}

describe('customer record (GET/PUT customers/{uuid})', () => {
  it('changes what a customer may change and ignores platform-managed fields', async () => {
    const me = await withSession();
    const res = await shop(t.app, me.token).put(`/customers/${me.uuid}`, {
      salutation: 'ms',
      title: 'Dr.',
      firstName: 'Eva',
      mobileNumber: '+49 151 23456789',
      subscribedToNewsletter: true,
      verified: false,
      kycPassed: true,
      customerRolesAsString: ['professional_investor'],
      status: 'approved',
      referralCommissionPerPaidOrder: 999,
      tokenAmount: 1000,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      salutation: 'ms',
      title: 'Dr.',
      firstName: 'Eva',
      fullName: 'Eva Mustermann',
      // stored E.164 (onboarding: one spelling for the KYC partner and the operators)
      mobileNumber: '+4915123456789',
      verified: true,
      kycPassed: false,
      customerRolesAsString: [],
      status: null,
      referralCommissionPerPaidOrder: 0,
      tokenAmount: 0,
    });
    expect(res.body.referralLink).toBe(`http://localhost:3000/sign-up/${res.body.referralCode}`);
  });

  it('refuses a NUL character from a logged-in customer too, and changes nothing', async () => {
    const me = await withSession();
    const res = await shop(t.app, me.token).put(`/customers/${me.uuid}`, { firstName: 'Ev\u0000a' });
    expect(res.status).toBe(422);
    expect((res.body.violations as { propertyPath: string; code: string }[])[0]).toMatchObject({
      propertyPath: 'firstName',
      code: 'invalid_characters',
    });
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.firstName).toBe('Erika');
  });

  it('refuses a mobile number that is not in international format', async () => {
    const me = await withSession();
    const res = await shop(t.app, me.token).put(`/customers/${me.uuid}`, { mobileNumber: '0151 23456789' });
    expect(res.status).toBe(422);
    expect((res.body.violations as { code: string }[])[0]!.code).toBe('invalid_mobile');
  });
});

describe('ownership', () => {
  it('answers 404 to another customer and 401 without a token, for every owned resource', async () => {
    const a = await withSession();
    const b = await withSession();
    const created = await shop(t.app, b.token).post('/addresses', address);
    expect(created.status).toBe(201);
    const addressId = created.body.id as number;
    const bSession = ((await shop(t.app, b.token).get('/sessions')).body as unknown as { id: string }[])[0]!
      .id;
    const requests: [string, string, unknown?][] = [
      ['GET', `/customers/${b.uuid}`],
      ['PUT', `/customers/${b.uuid}`, { firstName: 'Mallory' }],
      ['PUT', `/companies/${b.uuid}`, { companyName: 'Evil GmbH', companyType: 'limited_liability_company' }],
      [
        'PUT',
        `/customers/${b.uuid}/password`,
        {
          currentPassword: testPassword,
          newPassword: 'Neues-Passwort-77!',
          confirmNewPassword: 'Neues-Passwort-77!',
        },
      ],
      ['GET', `/customers/${b.uuid}/2fa/qr-code`],
      ['PUT', `/customers/${b.uuid}/2fa/verify`, { code: '123456' }],
      ['PUT', `/customers/${b.uuid}/2fa/status`, { enabled: false, code: '123456' }],
      ['GET', `/addresses/${addressId}`],
      ['PUT', `/addresses/${addressId}`, address],
      ['DELETE', `/sessions/${bSession}`],
    ];
    for (const [method, path, body] of requests) {
      const asA = await t.app.inject({
        method: method as 'GET',
        url: `/api/v2/shop${path}`,
        headers: { authorization: `Bearer ${a.token}` },
        ...(body ? { payload: body as object } : {}),
      });
      expect([method, path, asA.statusCode]).toEqual([method, path, 404]);
      const anonymous = await t.app.inject({
        method: method as 'GET',
        url: `/api/v2/shop${path}`,
        ...(body ? { payload: body as object } : {}),
      });
      expect([method, path, anonymous.statusCode]).toEqual([method, path, 401]);
    }
    // Nothing of B changed.
    expect((await shop(t.app, b.token).get(`/customers/${b.uuid}`)).body.firstName).toBe('Erika');
    expect((await shop(t.app, b.token).get(`/addresses/${addressId}`)).status).toBe(200);
    expect(((await shop(t.app, a.token).get('/addresses')).body as unknown as unknown[]).length).toBe(0);
  });
});

describe('addresses', () => {
  it('creates an address, makes it the default, lists and changes it', async () => {
    const me = await withSession();
    const created = await shop(t.app, me.token).post('/addresses', address);
    expect(created.status).toBe(201);
    const record = await shop(t.app, me.token).get(`/customers/${me.uuid}`);
    expect(record.body.defaultAddress).toBe(`/api/v2/shop/addresses/${created.body.id}`);
    const second = await shop(t.app, me.token).post('/addresses', {
      ...address,
      street: 'Unter den Linden 1',
    });
    const one = await shop(t.app, me.token).get('/addresses?itemsPerPage=1');
    expect((one.body as unknown as { id: number }[]).map((a) => a.id)).toEqual([second.body.id]);
    const ld = await shop(t.app, me.token).get('/addresses?itemsPerPage=1', {
      accept: 'application/ld+json',
    });
    expect(ld.body['hydra:totalItems']).toBe(2);
    const changed = await shop(t.app, me.token).put(`/addresses/${created.body.id}`, {
      ...address,
      city: 'Potsdam',
      postcode: '14467',
    });
    expect(changed.body).toMatchObject({ city: 'Potsdam', postcode: '14467' });
    const company = await shop(t.app, me.token).post('/addresses', {
      ...address,
      kind: 'company',
      company: 'Muster GmbH',
    });
    expect(company.status).toBe(201);
    const companyList = await shop(t.app, me.token).get('/addresses/company?itemsPerPage=1');
    expect((companyList.body as unknown as { company: string }[])[0]!.company).toBe('Muster GmbH');
  });

  it.each([
    [{ countryCode: 'XX' }, 'countryCode', 'invalid_country'],
    [{ countryCode: 'de' }, 'countryCode', 'invalid_format'],
    [{ street: '' }, 'street', 'required'],
    [{ postcode: '10117; drop' }, 'postcode', 'invalid_format'],
  ])('refuses %j', async (change, path, code) => {
    const me = await withSession();
    const res = await shop(t.app, me.token).post('/addresses', { ...address, ...change });
    expect(res.status).toBe(422);
    const v = (res.body.violations as { propertyPath: string; code: string }[]).find(
      (x) => x.propertyPath === path,
    );
    expect(v?.code === code || (code === 'invalid_format' && v?.code === 'invalid_value')).toBe(true);
  });
});

describe('company data (PUT companies/{uuid})', () => {
  // The company form is saved whole (spec 5 "company data complete"); more cases in profile.test.ts.
  const companyForm = {
    taxnumber: '21/815/08150',
    foundingDate: '2015-03-01',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Hafennebel GmbH',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
  };
  it('changes name and type of a company account and refuses a taken name', async () => {
    const res = await shop(t.app, undefined, uniqueIp()).post('/companies', {
      firstName: 'Max',
      lastName: 'Muster',
      email: uniqueEmail('company'),
      password: testPassword,
      confirmPassword: testPassword,
      termsConsent: true,
      subscribedToNewsletter: false,
      accountType: 'company',
      companyName: 'Elbufer AG',
      companyType: 'public_company',
    });
    expect(res.status).toBe(201);
    const mine = await shop(t.app, undefined, uniqueIp()).post('/companies', {
      firstName: 'Eva',
      lastName: 'Muster',
      email: uniqueEmail('company'),
      password: testPassword,
      confirmPassword: testPassword,
      termsConsent: true,
      subscribedToNewsletter: false,
      accountType: 'company',
      companyName: 'Hafennebel GmbH',
      companyType: 'limited_liability_company',
    });
    const email = (mine.body.email as string) ?? '';
    const token = linkToken((await lastMail(t.app, email, 'verify_email'))!.text, '/verify-email');
    await shop(t.app).patch(`/account-verification-requests/${token}`);
    const s = await loginAs(t.app, { email, password: testPassword });
    const uuid = mine.body.uuid as string;
    const ok = await shop(t.app, s.token).put(`/companies/${uuid}`, {
      ...companyForm,
      companyName: 'Hafennebel Invest GmbH',
      companyType: 'limited_liability_limited_partnership',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      companyName: 'Hafennebel Invest GmbH',
      companyType: 'limited_liability_limited_partnership',
    });
    const taken = await shop(t.app, s.token).put(`/companies/${uuid}`, {
      ...companyForm,
      companyName: 'ELBUFER AG',
      companyType: 'public_company',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('company_name_exists');
  });
});

describe('password change (PUT customers/{uuid}/password)', () => {
  it('reports a wrong current password as bad credentials and changes nothing', async () => {
    const me = await withSession();
    const res = await shop(t.app, me.token).put(`/customers/${me.uuid}/password`, {
      currentPassword: 'Falsch-Passwort-1!',
      newPassword: 'Neues-Passwort-77!',
      confirmNewPassword: 'Neues-Passwort-77!',
    });
    expect([400, 422]).toContain(res.status);
    expect(res.body.code).toBe('bad_credentials');
    await loginAs(t.app, me);
  });

  it('changes the password, signs out every other session and mails a notice', async () => {
    const me = await withSession();
    const other = await loginAs(t.app, me);
    const res = await shop(t.app, me.token).put(`/customers/${me.uuid}/password`, {
      currentPassword: testPassword,
      newPassword: 'Neues-Passwort-77!',
      confirmNewPassword: 'Neues-Passwort-77!',
    });
    expect(res.status).toBe(204);
    expect((await shop(t.app, other.token).get(`/customers/${me.uuid}`)).status).toBe(401);
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).status).toBe(200);
    expect(
      (await shop(t.app).post('/authentication-token', { email: me.email, password: testPassword })).status,
    ).toBe(401);
    await loginAs(t.app, { email: me.email, password: 'Neues-Passwort-77!' });
    expect((await lastMail(t.app, me.email, 'password_changed'))?.subject).toBe(
      'Ihr Passwort wurde geändert',
    );
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses; the link works once, for one hour', async () => {
    const me = await withSession();
    const known = await shop(t.app, undefined, uniqueIp()).post('/reset-password-requests', {
      email: me.email,
    });
    const unknown = await shop(t.app, undefined, uniqueIp()).post('/reset-password-requests', {
      email: uniqueEmail(),
    });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    const token = linkToken((await lastMail(t.app, me.email, 'reset_password'))!.text, '/new-password');
    const weak = await shop(t.app).patch(`/reset-password-requests/${token}`, {
      newPassword: 'abc',
      confirmNewPassword: 'abc',
    });
    expect(weak.status).toBe(422);
    const ok = await shop(t.app).patch(`/reset-password-requests/${token}`, {
      newPassword: 'Zurueck-Gesetzt-5!',
      confirmNewPassword: 'Zurueck-Gesetzt-5!',
    });
    expect(ok.status).toBe(204);
    // Every session ends; the old password is gone; the link is used up.
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).status).toBe(401);
    expect(
      (await shop(t.app).post('/authentication-token', { email: me.email, password: testPassword })).status,
    ).toBe(401);
    await loginAs(t.app, { email: me.email, password: 'Zurueck-Gesetzt-5!' });
    const again = await shop(t.app).patch(`/reset-password-requests/${token}`, {
      newPassword: 'Noch-Einmal-55!',
      confirmNewPassword: 'Noch-Einmal-55!',
    });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('token_invalid');
  });

  it('refuses a link older than one hour', async () => {
    const me = await signUpVerified(t.app);
    await shop(t.app, undefined, uniqueIp()).post('/reset-password-requests', { email: me.email });
    const token = linkToken((await lastMail(t.app, me.email, 'reset_password'))!.text, '/new-password');
    await t.app.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'`,
    );
    const res = await shop(t.app).patch(`/reset-password-requests/${token}`, {
      newPassword: 'Zurueck-Gesetzt-5!',
      confirmNewPassword: 'Zurueck-Gesetzt-5!',
    });
    expect(res.status).toBe(404);
  });
});

describe('two-factor authentication', () => {
  it('stores the secret encrypted; login then needs the code; wrong codes are refused', async () => {
    const me = await withSession();
    const { secret } = await enableTwoFactor(me);
    const [row] = await t.app.db.select().from(customers).where(eq(customers.uuid, me.uuid));
    expect(row!.twoFactorSecret).not.toContain(secret);
    expect(createTotpSecretBox(t.config.appSecret).open(row!.twoFactorSecret!)).toBe(secret);
    expect(await lastMail(t.app, me.email, 'two_factor_enabled')).toBeDefined();

    const noCode = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body.code).toBe('two_factor_required');
    const wrong = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code: '000000',
    });
    expect(wrong.body.code).toBe('two_factor_invalid');
    // A wrong password with two-factor on still says bad credentials (nothing about 2FA).
    const badPw = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: 'Wrong-Password-1!',
    });
    expect(badPw.body.code).toBe('bad_credentials');
    await forgetLastStep(me.uuid);
    const ok = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code: await currentCode(secret),
    });
    expect(ok.status).toBe(200);
  });

  it('accepts each code once (replay refused)', async () => {
    const me = await withSession();
    const { secret } = await enableTwoFactor(me);
    await forgetLastStep(me.uuid);
    const code = await currentCode(secret);
    const first = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code,
    });
    expect(first.status).toBe(200);
    const replay = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code,
    });
    expect(replay.body.code).toBe('two_factor_invalid');
  });

  it('locks two-factor checks for 15 minutes after five wrong codes', async () => {
    const me = await withSession();
    const { secret } = await enableTwoFactor(me);
    await forgetLastStep(me.uuid);
    for (let i = 0; i < 5; i++) {
      const r = await shop(t.app).post('/authentication-token', {
        email: me.email,
        password: me.password,
        code: '000000',
      });
      expect(r.body.code).toBe('two_factor_invalid');
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/authentication-token',
      payload: { email: me.email, password: me.password, code: await currentCode(secret) },
    });
    expect(locked.statusCode).toBe(429);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  });

  it('lets each recovery code log in once', async () => {
    const me = await withSession();
    const { recoveryCodes: codes } = await enableTwoFactor(me);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.app.db.select().from(recoveryCodes);
    expect(stored.some((r) => codes.includes(r.codeHash))).toBe(false);
    const first = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code: codes[0],
    });
    expect(first.status).toBe(200);
    const again = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code: codes[0],
    });
    expect(again.body.code).toBe('two_factor_invalid');
    const upper = await shop(t.app).post('/authentication-token', {
      email: me.email,
      password: me.password,
      code: codes[1]!.toUpperCase(),
    });
    expect(upper.status).toBe(200);
  });

  it('does not enable without a valid code, and disabling needs a valid code', async () => {
    const me = await withSession();
    await shop(t.app, me.token).get(`/customers/${me.uuid}/2fa/qr-code`);
    const bad = await shop(t.app, me.token).put(`/customers/${me.uuid}/2fa/verify`, { code: '000000' });
    expect(bad.body.code).toBe('two_factor_invalid');
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.twoFactorEnabled).toBe(false);
    const { secret } = await enableTwoFactor(me);
    const refused = await shop(t.app, me.token).put(`/customers/${me.uuid}/2fa/status`, {
      enabled: false,
      code: '000000',
    });
    expect(refused.body.code).toBe('two_factor_invalid');
    await forgetLastStep(me.uuid);
    const off = await shop(t.app, me.token).put(`/customers/${me.uuid}/2fa/status`, {
      enabled: false,
      code: await currentCode(secret),
    });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.twoFactorEnabled).toBe(false);
    expect(await lastMail(t.app, me.email, 'two_factor_disabled')).toBeDefined();
    expect((await loginAs(t.app, me)).token).toBeTruthy();
  });
});

describe('e-mail change', () => {
  it('needs the password, applies only after the new address confirms, and tells the old one', async () => {
    const me = await withSession();
    const newEmail = uniqueEmail('new');
    const wrong = await shop(t.app, me.token).post('/email-change-requests', {
      newEmail,
      password: 'Falsch-1!xyz',
    });
    expect(wrong.body.code).toBe('bad_credentials');
    const res = await shop(t.app, me.token).post('/email-change-requests', {
      newEmail,
      password: me.password,
    });
    expect(res.status).toBe(202);
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.email).toBe(me.email);
    expect(await lastMail(t.app, me.email, 'email_change_notice')).toBeDefined();
    const token = linkToken(
      (await lastMail(t.app, newEmail, 'email_change_confirm'))!.text,
      '/confirm-email',
    );
    const confirmed = await shop(t.app).patch(`/email-change-requests/${token}`);
    expect(confirmed.status).toBe(200);
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.email).toBe(newEmail);
    expect(await lastMail(t.app, me.email, 'email_changed')).toBeDefined();
    await loginAs(t.app, { email: newEmail, password: me.password });
  });

  it('refuses an address another account uses', async () => {
    const me = await withSession();
    const other = await signUpVerified(t.app);
    const res = await shop(t.app, me.token).post('/email-change-requests', {
      newEmail: other.email,
      password: me.password,
    });
    expect(res.status).toBe(422);
    expect((res.body.violations as { code: string }[])[0]!.code).toBe('email_already_used');
  });
});
