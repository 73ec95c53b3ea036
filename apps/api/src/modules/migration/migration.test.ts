import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customers, legacyCustomerRecords } from '../../db/schema/index.ts';
import { seedInvestor } from '../../db/seed/factories.ts';
import { loginAs, shop, signUpVerified, testPassword, uniqueEmail, uniqueIp } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { legacyCustomerDataSchema, readLegacyCustomerData } from './legacy-record.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

const legacyErika = {
  salutation: 'ms',
  title: 'Dr.',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1980-04-12',
  birthCity: 'Köln',
  birthCountry: 'DE',
  nationality: 'AT',
  mobileNumber: '+49 151 23456789',
  address: { street: 'Domkloster 4', postcode: '50667', city: 'Köln', countryCode: 'DE' },
  bank: {
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Erika Mustermann',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
  },
  taxNumber: '21/815/08150',
  paysChurchTax: false,
  ethAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
  // The former platform's own bookkeeping: not part of the record's shape, ignored.
  legacyId: 4711,
};

async function customerRow(id: number) {
  const [row] = await t.app.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

/** A logged-in investor with (optionally) a record of the former platform under its e-mail. */
async function investor(opts: { legacy?: unknown; overrides?: Partial<typeof customers.$inferInsert> } = {}) {
  const email = opts.overrides?.email ?? uniqueEmail('migration');
  if (opts.legacy !== undefined) {
    await t.app.db.insert(legacyCustomerRecords).values({ email, data: opts.legacy });
  }
  const row = await seedInvestor(t.app.db, {
    appSecret: t.config.appSecret,
    email,
    migrationState: opts.legacy === undefined ? null : 0,
    ...opts.overrides,
  });
  const { token } = await loginAs(t.app, { email, password: testPassword });
  return { ...row, token, api: shop(t.app, token, uniqueIp()) };
}

describe('the legacy record', () => {
  it('documents its shape as a schema that the example record passes', () => {
    expect(legacyCustomerDataSchema.safeParse(legacyErika).success).toBe(true);
  });

  it('reads field by field and leaves out what fails its check', () => {
    const { data, skipped } = readLegacyCustomerData({
      ...legacyErika,
      birthDate: '2031-01-01',
      mobileNumber: '0151 2',
      bank: { ...legacyErika.bank, iban: 'DE00 1234' },
      salutation: 'Frau',
    });
    expect(skipped.sort()).toEqual(['bank', 'birthDate', 'mobileNumber', 'salutation']);
    expect(data).toMatchObject({ firstName: 'Erika', birthCity: 'Köln', nationality: 'AT' });
    expect(data.ethAddress).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(readLegacyCustomerData('not a record')).toEqual({ data: {}, skipped: ['data'] });
  });
});

describe('sign-up marks an address the former platform knows (migrationState 0)', () => {
  it('sets 0 with a legacy record and leaves it empty without one', async () => {
    const email = uniqueEmail('legacy');
    await t.app.db.insert(legacyCustomerRecords).values({ email, data: legacyErika });
    const known = await signUpVerified(t.app, { email });
    const fresh = await signUpVerified(t.app);
    const [k] = await t.app.db.select().from(customers).where(eq(customers.uuid, known.uuid));
    const [f] = await t.app.db.select().from(customers).where(eq(customers.uuid, fresh.uuid));
    expect(k!.migrationState).toBe(0);
    expect(f!.migrationState).toBeNull();
  });
});

describe('PUT customers/migration/{uuid}', () => {
  it('loads the record into the empty fields, keeps what the customer entered, and answers the customer', async () => {
    const me = await investor({
      legacy: legacyErika,
      overrides: { mobileNumber: '+49 170 1111111', birthCity: 'Bonn' },
    });
    const res = await me.api.put(`/customers/migration/${me.uuid}`, { customerId: me.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uuid: me.uuid,
      email: me.email,
      message: 'migration_data_loaded',
      salutation: 'ms',
      title: 'Dr.',
      firstName: 'Erika',
      mobileNumber: '+49 170 1111111',
      defaultAddress: expect.stringMatching(/^\/api\/v2\/shop\/addresses\/\d+$/),
    });
    expect((res.body.migratedFields as string[]).sort()).toEqual(
      [
        'address',
        'bank.bankCountry',
        'bank.bankCurrency',
        'bank.bankName',
        'bank.beneficiary',
        'bank.bic',
        'bank.iban',
        'birthCountry',
        'birthDate',
        'ethAddress',
        'nationality',
        'paysChurchTax',
        'salutation',
        'taxNumber',
        'title',
      ].sort(),
    );
    expect(res.body.skippedFields).toEqual([]);

    const row = await customerRow(me.id);
    expect(row).toMatchObject({
      migrationState: 1,
      migrationError: null,
      birthDate: '1980-04-12',
      birthCity: 'Bonn',
      birthCountry: 'DE',
      nationality: 'AT',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      beneficiary: 'Erika Mustermann',
      bankCurrency: 'EUR',
      taxNumber: '21/815/08150',
      paysChurchTax: false,
      ethAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      mobileNumber: '+49 170 1111111',
    });
    const [address] = await t.app.db.select().from(addresses).where(eq(addresses.id, row.defaultAddressId!));
    expect(address).toMatchObject({
      kind: 'personal',
      street: 'Domkloster 4',
      postcode: '50667',
      city: 'Köln',
    });
    const [record] = await t.app.db
      .select()
      .from(legacyCustomerRecords)
      .where(eq(legacyCustomerRecords.email, me.email));
    expect(record!.customerId).toBe(me.id);
    expect(record!.migratedAt).toBeInstanceOf(Date);

    // Again: nothing left to fill, the same answer, no second address.
    const again = await me.api.put(`/customers/migration/${me.uuid}`, { customerId: me.uuid });
    expect(again.status).toBe(200);
    expect(again.body.migratedFields).toEqual([]);
    const own = await t.app.db.select().from(addresses).where(eq(addresses.customerId, me.id));
    expect(own).toHaveLength(1);
  });

  it('skips fields that fail their checks or name countries the platform does not know', async () => {
    const me = await investor({
      legacy: {
        firstName: 'Max',
        birthDate: '1975-13-40',
        nationality: 'XX',
        bank: { iban: 'DE00 0000 0000 0000 0000 00', bic: 'NOTABIC' },
        address: { street: 'Hauptstraße 1', postcode: '10115', city: 'Berlin', countryCode: 'QQ' },
        companyType: 'foundation',
        birthCity: 'Berlin',
      },
    });
    const res = await me.api.put(`/customers/migration/${me.uuid}`);
    expect(res.status).toBe(200);
    expect((res.body.skippedFields as string[]).sort()).toEqual(
      ['address', 'bank', 'birthDate', 'companyType', 'nationality'].sort(),
    );
    expect(res.body.migratedFields).toEqual(['birthCity']);
    const row = await customerRow(me.id);
    expect(row).toMatchObject({
      migrationState: 1,
      birthCity: 'Berlin',
      nationality: null,
      iban: null,
      birthDate: null,
    });
    expect(row.companyType).toBeNull();
    expect(row.defaultAddressId).toBeNull();
  });

  it('fills a company account’s company data and company address', async () => {
    const me = await investor({
      legacy: {
        companyType: 'limited_liability_company',
        registryNumber: 'HRB 12345',
        court: 'Amtsgericht Köln',
        foundingDate: '2015-03-01',
        vatNumber: 'DE123456789',
        companyAddress: { street: 'Rheinauhafen 1', postcode: '50678', city: 'Köln', countryCode: 'DE' },
      },
      overrides: { accountType: 'company', companyName: `Beispiel GmbH ${Date.now()}` },
    });
    const res = await me.api.put(`/customers/migration/${me.uuid}`, {
      customerId: `/api/v2/shop/customers/${me.uuid}`,
    });
    expect(res.status).toBe(200);
    const row = await customerRow(me.id);
    expect(row).toMatchObject({
      companyType: 'limited_liability_company',
      registryNumber: 'HRB 12345',
      court: 'Amtsgericht Köln',
      foundingDate: '2015-03-01',
      vatNumber: 'DE123456789',
    });
    const [company] = await t.app.db.select().from(addresses).where(eq(addresses.customerId, me.id));
    expect(company).toMatchObject({ kind: 'company', street: 'Rheinauhafen 1', company: row.companyName });
    expect(row.defaultAddressId).toBeNull();
  });

  it('without a record: 404 migration_not_found in the caller language, migrationState 2 with the reason', async () => {
    const me = await investor({ overrides: { migrationState: 0 } });
    const res = await me.api.put(`/customers/migration/${me.uuid}?locale=en`, { customerId: me.id });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'migration_not_found', title: 'migration not found' });
    // The body is optional: the path names the customer.
    const de = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/shop/customers/migration/${me.uuid}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(de.statusCode).toBe(404);
    expect(de.json().title).toBe('Keine Migrationsdaten gefunden.');
    const row = await customerRow(me.id);
    expect(row).toMatchObject({ migrationState: 2, migrationError: 'migration_not_found', birthDate: null });
  });

  it('never loads a record another customer already took over', async () => {
    const first = await investor({ legacy: legacyErika });
    expect((await first.api.put(`/customers/migration/${first.uuid}`)).status).toBe(200);
    // The first customer changes e-mail; a new account under the old address must not get the data.
    await t.app.db
      .update(customers)
      .set({ email: uniqueEmail('moved') })
      .where(eq(customers.id, first.id));
    const second = await investor({ overrides: { email: first.email } });
    const res = await second.api.put(`/customers/migration/${second.uuid}`);
    expect(res.status).toBe(404);
    expect((await customerRow(second.id)).birthDate).toBeNull();
  });

  it('is the owner’s only: another customer’s uuid is 404 and changes nothing', async () => {
    const a = await investor({ legacy: legacyErika });
    const b = await investor();
    const res = await b.api.put(`/customers/migration/${a.uuid}`, { customerId: a.id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await customerRow(a.id)).toMatchObject({ migrationState: 0, birthDate: null, iban: null });
    expect(await customerRow(b.id)).toMatchObject({ migrationState: null });
    const anonymous = await shop(t.app).put(`/customers/migration/${a.uuid}`, {});
    expect(anonymous.status).toBe(401);
  });

  it('refuses a customerId that is not the caller’s, and unknown fields, without changing anything', async () => {
    const a = await investor({ legacy: legacyErika });
    const wrongId = await a.api.put(`/customers/migration/${a.uuid}`, { customerId: a.id + 1000 });
    expect(wrongId.status).toBe(422);
    expect(wrongId.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'customerId', code: 'invalid_value' }),
    ]);
    const extra = await a.api.put(`/customers/migration/${a.uuid}`, {
      customerId: a.id,
      iban: 'DE89370400440532013000',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.violations).toEqual([
      expect.objectContaining({ propertyPath: 'iban', code: 'unknown_parameter' }),
    ]);
    expect(await customerRow(a.id)).toMatchObject({ migrationState: 0, iban: null });
  });
});
