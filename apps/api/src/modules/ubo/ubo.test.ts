import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uboUsers } from '../../db/schema/index.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { companySession, type Session, seededSession } from '../../test/profile.ts';

/*
 * Beneficial owners and representatives (spec 7 ubo-users) of company accounts: every call, the
 * one-person rules with bad inputs, ownership (another customer's entry is 404), and the answer
 * to personal accounts (409 company_account_required).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

type Violation = { propertyPath: string; code: string; message: string };
type Ubo = Record<string, unknown> & { id: number; roles: number[] };

const owner = {
  type: 'natural',
  roles: [60],
  firstName: 'Jonas',
  lastName: 'Weber',
  birthdate: '1975-04-12',
  birthplace: 'Kiel',
  street: 'Elbchaussee 1',
  postcode: '22763',
  city: 'Hamburg',
  country: 'DE',
  nationality: 'DE',
  equityShares: 40.5,
  votingShares: 33.33,
  representativeRoles: ['shareholder', 'managing_director'],
  memberOfRepresentativeBody: true,
};

const holding = {
  type: 'legal',
  roles: [60],
  companyName: 'Nordlicht Holding GmbH',
  companyType: 'limited_liability_company',
  registerNumber: 'HRB 4711',
  country: 'DE',
  equityShares: 59.5,
  votingShares: 59.5,
  representativeRoles: ['shareholder'],
};

async function list(who: Session): Promise<Ubo[]> {
  const res = await shop(t.app, who.token).get('/ubo-users');
  expect(res.status).toBe(200);
  return res.body as unknown as Ubo[];
}

async function rowsOf(who: Session) {
  return t.app.db.select().from(uboUsers).where(eq(uboUsers.customerId, who.id)).orderBy(uboUsers.id);
}

/** Requests in a language, answering status and body. */
async function call(who: Session | null, method: string, path: string, body?: unknown, locale = 'en') {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/api/v2/shop${path}`,
    headers: {
      accept: 'application/json',
      'accept-language': locale,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Record<string, unknown> };
}

describe('POST and GET ubo-users', () => {
  it('names a natural and a legal person; shares are percent, stored as hundredths', async () => {
    const me = await companySession(t);
    const created = await shop(t.app, me.token).post('/ubo-users', owner);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      type: 'natural',
      roles: [60],
      isUser: false,
      firstName: 'Jonas',
      lastName: 'Weber',
      birthdate: '1975-04-12',
      birthplace: 'Kiel',
      street: 'Elbchaussee 1',
      postcode: '22763',
      city: 'Hamburg',
      country: 'DE',
      nationality: 'DE',
      pep: false,
      equityShares: 40.5,
      votingShares: 33.33,
      companyName: null,
      companyType: null,
      registerNumber: null,
      representativeRoles: ['shareholder', 'managing_director'],
      memberOfRepresentativeBody: true,
      fictitiousBeneficialOwner: false,
      powerOfAttorney: false,
      paysChurchTax: false,
      representativeSent: false,
    });
    const legal = await shop(t.app, me.token).post('/ubo-users', holding);
    expect(legal.status).toBe(201);
    expect(legal.body).toMatchObject({
      type: 'legal',
      companyName: 'Nordlicht Holding GmbH',
      equityShares: 59.5,
    });

    const [a, b] = await rowsOf(me);
    expect([a!.equityShares, a!.votingShares, b!.equityShares]).toEqual([4050, 3333, 5950]);
    expect((await list(me)).map((u) => u.id)).toEqual([created.body.id, legal.body.id]);

    const ld = await shop(t.app, me.token).get('/ubo-users', { accept: 'application/ld+json' });
    expect(ld.body['hydra:totalItems']).toBe(2);
    const members = ld.body['hydra:member'] as { '@id': string; '@type': string }[];
    expect(members[0]).toMatchObject({
      '@id': `/api/v2/shop/ubo-users/${created.body.id}`,
      '@type': 'UboUser',
    });
  });

  it('accepts the fictitious beneficial owner without shares', async () => {
    const me = await companySession(t);
    const res = await shop(t.app, me.token).post('/ubo-users', {
      ...owner,
      roles: [70, 60],
      equityShares: null,
      votingShares: null,
      representativeRoles: ['managing_director'],
      fictitiousBeneficialOwner: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fictitiousBeneficialOwner: true, equityShares: null });
  });

  it.each([
    [
      'three decimals',
      { equityShares: 30.125 },
      'equityShares',
      'max_two_decimals',
      'At most two digits after the separator',
    ],
    ['101 %', { votingShares: 101 }, 'votingShares', 'too_big', 'This value can not be greater than 100'],
    [
      'a negative share',
      { equityShares: -5 },
      'equityShares',
      'too_small',
      'This value can not be smaller than 0',
    ],
    [
      'exactly 25 % (GwG: more than 25 %)',
      { equityShares: 25, votingShares: 25 },
      'equityShares',
      'below_ubo_threshold',
      'A beneficial owner holds more than 25 % of the capital or voting rights',
    ],
    [
      'beneficial owner and fictitious beneficial owner at once',
      { representativeRoles: ['beneficial_owner'], fictitiousBeneficialOwner: true },
      'fictitiousBeneficialOwner',
      'beneficial_owner_conflict',
      'A person cannot be both beneficial owner and fictitious beneficial owner',
    ],
    ['a missing last name', { lastName: '' }, 'lastName', 'required', 'This field is required'],
    ['a missing birth date', { birthdate: null }, 'birthdate', 'required', 'This field is required'],
    [
      'a birth date in the future',
      { birthdate: '2999-01-01' },
      'birthdate',
      'date_in_future',
      'The date must not be in the future',
    ],
    [
      'an unknown nationality',
      { nationality: 'XX' },
      'nationality',
      'invalid_country',
      'Please choose a country from the list',
    ],
    [
      'an unknown country',
      { country: 'QQ' },
      'country',
      'invalid_country',
      'Please choose a country from the list',
    ],
    ['an unknown role code', { roles: [10, 50] }, 'roles.1', 'invalid_value', 'This value is not valid'],
    [
      'an unknown representative role',
      { representativeRoles: ['emperor'] },
      'representativeRoles.0',
      'invalid_value',
      'This value is not valid',
    ],
    [
      'shares as text',
      { equityShares: '40' },
      'equityShares',
      'invalid_type',
      'The value has the wrong format',
    ],
  ])('refuses %s with a 422 and creates nothing', async (_n, change, path, code, message) => {
    const me = await companySession(t);
    const res = await call(me, 'POST', '/ubo-users', { ...owner, ...change });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.violations).toEqual([{ propertyPath: path, code, message }]);
    expect(await rowsOf(me)).toEqual([]);
  });

  it('needs names, birth date, nationality and address of a natural person, all reported at once', async () => {
    const me = await companySession(t);
    const res = await call(me, 'POST', '/ubo-users', { type: 'natural', roles: [10] });
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[]).map((v) => v.propertyPath)).toEqual([
      'firstName',
      'lastName',
      'birthdate',
      'nationality',
      'street',
      'postcode',
      'city',
      'country',
    ]);
  });

  it('needs company name, type and register number of a legal person', async () => {
    const me = await companySession(t);
    const res = await call(me, 'POST', '/ubo-users', { type: 'legal', roles: [60], equityShares: 80 }, 'de');
    expect(res.status).toBe(422);
    expect(res.body.violations).toEqual(
      ['companyName', 'companyType', 'registerNumber'].map((propertyPath) => ({
        propertyPath,
        code: 'required',
        message: 'Dieses Feld ist erforderlich',
      })),
    );
  });

  it('words the threshold in German', async () => {
    const me = await companySession(t);
    const res = await call(me, 'POST', '/ubo-users', { ...owner, equityShares: 10, votingShares: 20 }, 'de');
    expect((res.body.violations as Violation[])[0]!.message).toBe(
      'Wirtschaftlich Berechtigter ist, wer mehr als 25 % der Kapitalanteile oder Stimmrechte hält',
    );
  });
});

describe('the user as representative', () => {
  async function withProfile(): Promise<Session> {
    const me = await companySession(t, { firstName: 'Clara', lastName: 'Brandt' });
    const put = await shop(t.app, me.token).put(`/customers/${me.uuid}`, {
      birthDate: '1982-07-03',
      birthCity: 'Bremen',
      nationality: 'DE',
      notPep: true,
      paysChurchTax: true,
      representative_role: 'managing_director',
    });
    expect(put.status).toBe(200);
    const address = await shop(t.app, me.token).post('/addresses', {
      firstName: 'Clara',
      lastName: 'Brandt',
      countryCode: 'DE',
      street: 'Am Wall 12',
      city: 'Bremen',
      postcode: '28195',
    });
    expect(address.status).toBe(201);
    return me;
  }

  it('POST ubo-users/representative takes the person from the profile, role 10, once', async () => {
    const me = await withProfile();
    const res = await shop(t.app, me.token).post('/ubo-users/representative', {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'natural',
      isUser: true,
      roles: [10],
      firstName: 'Clara',
      lastName: 'Brandt',
      birthdate: '1982-07-03',
      birthplace: 'Bremen',
      street: 'Am Wall 12',
      postcode: '28195',
      city: 'Bremen',
      country: 'DE',
      nationality: 'DE',
      pep: false,
      paysChurchTax: true,
      representativeRoles: ['managing_director'],
      representativeSent: false,
    });
    // A reload calls it again: the same entry, no second one.
    const again = await shop(t.app, me.token).post('/ubo-users/representative');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await rowsOf(me)).toHaveLength(1);
    // The user's entry comes first in the list.
    await shop(t.app, me.token).post('/ubo-users', owner);
    expect((await list(me)).map((u) => u.isUser)).toEqual([true, false]);
  });

  it('creates one entry when two calls arrive at once (the second answers it)', async () => {
    const me = await withProfile();
    const answers = await Promise.all([
      shop(t.app, me.token).post('/ubo-users/representative', {}),
      shop(t.app, me.token).post('/ubo-users/representative', {}),
      shop(t.app, me.token).post('/ubo-users/representative', {}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rowsOf(me)).toHaveLength(1);
  });

  it('adds the roles and statements sent, keeping role 10', async () => {
    const me = await withProfile();
    const res = await shop(t.app, me.token).post('/ubo-users/representative', {
      roles: [70],
      powerOfAttorney: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ roles: [10, 70], powerOfAttorney: true, isUser: true });
  });

  it('refuses when the profile lacks what a representative needs, and creates nothing', async () => {
    const me = await companySession(t);
    const res = await call(me, 'POST', '/ubo-users/representative', {});
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[]).map((v) => v.propertyPath)).toEqual([
      'birthdate',
      'nationality',
      'street',
      'postcode',
      'city',
      'country',
    ]);
    expect(await rowsOf(me)).toEqual([]);
    // The missing data may come with the call.
    const ok = await call(me, 'POST', '/ubo-users/representative', {
      birthdate: '1970-01-01',
      nationality: 'FR',
      street: 'Rue de Rivoli 1',
      postcode: '75001',
      city: 'Paris',
      country: 'FR',
    });
    expect(ok.status).toBe(201);
  });

  it('PATCH ubo-users/{id}/representative sends the representative: role 10 removed, repeatable', async () => {
    const me = await withProfile();
    const created = await shop(t.app, me.token).post('/ubo-users/representative', { roles: [70] });
    const id = created.body.id as number;
    const sent = await shop(t.app, me.token).patch(`/ubo-users/${id}/representative`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id, roles: [70], representativeSent: true });
    const [stored] = await rowsOf(me);
    const sentAt = stored!.representativeSentAt;
    expect(sentAt).toBeInstanceOf(Date);
    const again = await shop(t.app, me.token).patch(`/ubo-users/${id}/representative`);
    expect(again.body).toMatchObject({ roles: [70], representativeSent: true });
    expect((await rowsOf(me))[0]!.representativeSentAt).toEqual(sentAt);
  });
});

describe('PATCH and DELETE ubo-users/{id}', () => {
  it('changes only the fields sent; null clears one; managed fields sent back are ignored', async () => {
    const me = await companySession(t);
    const created = await shop(t.app, me.token).post('/ubo-users', owner);
    const id = created.body.id as number;
    const res = await shop(t.app, me.token).patch(`/ubo-users/${id}`, {
      id: 999,
      isUser: true,
      representativeSent: true,
      votingShares: 51,
      birthplace: null,
      memberOfRepresentativeBody: null,
      pep: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      isUser: false,
      representativeSent: false,
      firstName: 'Jonas',
      equityShares: 40.5,
      votingShares: 51,
      birthplace: null,
      memberOfRepresentativeBody: false,
      pep: true,
    });
    expect((await rowsOf(me))[0]!.votingShares).toBe(5100);
  });

  it.each([
    ['three decimals', { equityShares: 12.345 }, 'equityShares', 'max_two_decimals'],
    ['101 %', { equityShares: 101 }, 'equityShares', 'too_big'],
    ['shares falling to 25 %', { equityShares: 25, votingShares: 20 }, 'equityShares', 'below_ubo_threshold'],
    [
      'clearing both shares of a beneficial owner',
      { equityShares: null, votingShares: null },
      'equityShares',
      'required',
    ],
    [
      'the fictitious statement beside the beneficial-owner statement',
      { representativeRoles: ['beneficial_owner'], fictitiousBeneficialOwner: true },
      'fictitiousBeneficialOwner',
      'beneficial_owner_conflict',
    ],
    ['clearing the nationality', { nationality: null }, 'nationality', 'required'],
    ['an unknown country', { country: 'XX' }, 'country', 'invalid_country'],
    ['becoming a legal person without company data', { type: 'legal' }, 'companyName', 'required'],
    ['an unknown field', { shoeSize: 44 }, 'shoeSize', 'unknown_parameter'],
  ])('refuses %s (merged person checked) and changes nothing', async (_n, patch, path, code) => {
    const me = await companySession(t);
    const created = await shop(t.app, me.token).post('/ubo-users', owner);
    const before = await rowsOf(me);
    const res = await call(me, 'PATCH', `/ubo-users/${created.body.id}`, patch);
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[])[0]).toMatchObject({ propertyPath: path, code });
    expect(await rowsOf(me)).toEqual(before);
  });

  it('deletes an entry; a deleted entry is not found', async () => {
    const me = await companySession(t);
    const created = await shop(t.app, me.token).post('/ubo-users', owner);
    const id = created.body.id as number;
    const del = await call(me, 'DELETE', `/ubo-users/${id}`);
    expect(del.status).toBe(204);
    expect(await list(me)).toEqual([]);
    expect((await call(me, 'DELETE', `/ubo-users/${id}`)).status).toBe(404);
    expect((await call(me, 'PATCH', `/ubo-users/${id}`, { pep: true })).status).toBe(404);
    expect((await call(me, 'PATCH', `/ubo-users/${id}/representative`)).status).toBe(404);
  });

  it('answers 400 to an id that is not a number', async () => {
    const me = await companySession(t);
    expect((await call(me, 'DELETE', '/ubo-users/abc')).status).toBe(400);
  });
});

describe('who may', () => {
  it('answers 409 company_account_required to a personal account, in its language', async () => {
    const me = await seededSession(t);
    for (const [method, path, body] of [
      ['GET', '/ubo-users', undefined],
      ['POST', '/ubo-users', owner],
      ['POST', '/ubo-users/representative', {}],
      ['PATCH', '/ubo-users/1', { pep: true }],
      ['PATCH', '/ubo-users/1/representative', undefined],
      ['DELETE', '/ubo-users/1', undefined],
    ] as const) {
      const res = await call(me, method, path, body, 'de');
      expect([method, path, res.status, res.body.code]).toEqual([
        method,
        path,
        409,
        'company_account_required',
      ]);
      expect(res.body.title).toBe(
        'Vertreter und wirtschaftlich Berechtigte werden nur für Firmenkonten erfasst.',
      );
    }
    expect(await rowsOf(me)).toEqual([]);
  });

  it('never shows or changes another customer’s persons (404), and needs a login (401)', async () => {
    const a = await companySession(t);
    const b = await companySession(t);
    const created = await shop(t.app, a.token).post('/ubo-users', owner);
    const id = created.body.id as number;
    const before = await rowsOf(a);

    expect(await list(b)).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/ubo-users/${id}`, { firstName: 'Mallory' }],
      ['PATCH', `/ubo-users/${id}/representative`, undefined],
      ['DELETE', `/ubo-users/${id}`, undefined],
    ] as const) {
      expect([method, path, (await call(b, method, path, body)).status]).toEqual([method, path, 404]);
    }
    for (const [method, path, body] of [
      ['GET', '/ubo-users', undefined],
      ['POST', '/ubo-users', owner],
      ['POST', '/ubo-users/representative', {}],
      ['PATCH', `/ubo-users/${id}`, { firstName: 'Mallory' }],
      ['PATCH', `/ubo-users/${id}/representative`, undefined],
      ['DELETE', `/ubo-users/${id}`, undefined],
    ] as const) {
      expect([method, path, (await call(null, method, path, body)).status]).toEqual([method, path, 401]);
    }
    expect(await rowsOf(a)).toEqual(before);
    expect(await rowsOf(b)).toEqual([]);
  });
});
