import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, wallets } from '../../db/schema/index.ts';
import { shop } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { companySession, dayFromToday, type Session, seededSession } from '../../test/profile.ts';

/*
 * Personal data (PUT customers/{uuid}) and company data (PUT companies/{uuid}) of the
 * self-disclosure, and the fields the customer record gains (spec 3).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t.close();
});

type Violation = { propertyPath: string; code: string; message: string };

/** PUT with an explicit language, answering status and body. */
async function put(who: Session, path: string, body: unknown, locale: 'de' | 'en' = 'de') {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v2/shop${path}`,
    headers: { authorization: `Bearer ${who.token}`, accept: 'application/json', 'accept-language': locale },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function row(who: Session) {
  const [c] = await t.app.db.select().from(customers).where(eq(customers.id, who.id));
  return c!;
}

const personal = {
  salutation: 'ms',
  title: 'Dr.',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1984-08-12',
  birthCity: 'Lübeck',
  birthCountry: 'DE',
  nationality: 'AT',
  mobileNumber: '+49 151 23456789',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  bankName: 'Commerzbank',
  beneficiary: 'Erika Mustermann',
  bankCountry: 'DE',
  bankCurrency: 'EUR',
  notPep: true,
  actingOnOwnAccount: true,
  representativeConfirmation: true,
  paysChurchTax: false,
  ethAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
};

describe('personal data (PUT customers/{uuid})', () => {
  it('stores the spec 3 personal profile and answers it in the record', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, personal);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      birthDate: '1984-08-12',
      birthday: '1984-08-12',
      birthCity: 'Lübeck',
      birthCountry: 'DE',
      nationality: 'AT',
      mobileNumber: '+4915123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      beneficiary: 'Erika Mustermann',
      bankCountry: 'DE',
      bankCurrency: 'EUR',
      notPep: true,
      actingOnOwnAccount: true,
      representativeConfirmation: true,
      paysChurchTax: false,
      ethAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    // The stored forms: IBAN electronic, mobile number E.164.
    const stored = await row(me);
    expect(stored.iban).toBe('DE89370400440532013000');
    expect(stored.mobileNumber).toBe('+4915123456789');
    const again = await shop(t.app, me.token).get(`/customers/${me.uuid}`);
    expect(again.body).toMatchObject({ birthday: '1984-08-12', iban: 'DE89370400440532013000' });
  });

  it('saves part by part: fields not sent stay, empty ones are cleared', async () => {
    const me = await seededSession(t);
    await put(me, `/customers/${me.uuid}`, personal);
    const pep = await put(me, `/customers/${me.uuid}`, { notPep: false, actingOnOwnAccount: true });
    expect(pep.status).toBe(200);
    expect(pep.body).toMatchObject({
      notPep: false,
      iban: 'DE89370400440532013000',
      birthDate: '1984-08-12',
    });
    const cleared = await put(me, `/customers/${me.uuid}`, { birthCity: '', ethAddress: null, bic: '' });
    expect(cleared.body).toMatchObject({
      birthCity: null,
      ethAddress: null,
      bic: null,
      bankName: 'Commerzbank',
    });
  });

  it('accepts the birth date spelled birthday, and refuses two different days', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, { birthday: '1979-02-28' });
    expect(res.body).toMatchObject({ birthDate: '1979-02-28', birthday: '1979-02-28' });
    const both = await put(me, `/customers/${me.uuid}`, { birthDate: '1980-01-01', birthday: '1981-01-01' });
    expect(both.status).toBe(422);
    expect(both.body.violations).toEqual([expect.objectContaining({ propertyPath: 'birthday' })]);
    expect((await row(me)).birthDate).toBe('1979-02-28');
  });

  it.each([
    [
      'an invalid IBAN (checksum)',
      { iban: 'DE89 3704 0044 0532 0130 01' },
      'iban',
      'invalid_iban',
      'Please enter a valid IBAN',
    ],
    ['an invalid BIC', { bic: 'COBAXXFF' }, 'bic', 'invalid_bic', 'Please enter a valid BIC'],
    ['a 17-year-old', { birthDate: dayFromToday(-18, 1) }, 'birthDate', 'minimum_age', 'Minimum age 18'],
    [
      'a birth date in the future',
      { birthday: dayFromToday(0, 1) },
      'birthday',
      'date_in_future',
      'The date must not be in the future',
    ],
    [
      'a birth date before 1900',
      { birthDate: '1899-12-31' },
      'birthDate',
      'min_date',
      'The date must not be before 01.01.1900',
    ],
    [
      'an unknown nationality',
      { nationality: 'XX' },
      'nationality',
      'invalid_country',
      'Please choose a country from the list',
    ],
    [
      'an unknown bank country',
      { bankCountry: 'QQ' },
      'bankCountry',
      'invalid_country',
      'Please choose a country from the list',
    ],
    [
      'a currency not in the reference data',
      { bankCurrency: 'GBP' },
      'bankCurrency',
      'invalid_currency',
      'Please choose a currency from the list',
    ],
    [
      'a mobile number in national format',
      { mobileNumber: '0151 23456789' },
      'mobileNumber',
      'invalid_mobile',
      'Please enter a valid mobile number in international format (+49 …)',
    ],
    [
      'a wallet address with a broken checksum',
      { ethAddress: '0x52908400098527886E0F7030069857D2E4169Ee7' },
      'ethAddress',
      'invalid_wallet_address',
      'Please enter a valid wallet address',
    ],
    [
      'a PEP flag that is not a boolean',
      { notPep: 'no' },
      'notPep',
      'invalid_type',
      'The value has the wrong format',
    ],
  ])('refuses %s with a 422 in the user’s language and changes nothing', async (_n, body, path, code, en) => {
    const me = await seededSession(t);
    await put(me, `/customers/${me.uuid}`, personal);
    const before = await row(me);
    const res = await put(me, `/customers/${me.uuid}`, { ...body, bankName: 'Andere Bank' }, 'en');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_failed', title: 'Please check your input.' });
    expect(res.body.violations).toEqual([{ propertyPath: path, code, message: en }]);
    const after = await row(me);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it('words the violation in German for a German reader', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, { birthDate: dayFromToday(-17) }, 'de');
    expect(res.body.title).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect((res.body.violations as Violation[])[0]!.message).toBe('Sie müssen mindestens 18 Jahre alt sein');
  });

  it('takes an 18th birthday today as of age', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, { birthDate: dayFromToday(-18) });
    expect(res.status).toBe(200);
  });

  it('reports every broken field at once', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, {
      nationality: 'XX',
      bankCurrency: 'CHF',
      birthCountry: 'DE',
    });
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[]).map((v) => [v.propertyPath, v.code])).toEqual([
      ['nationality', 'invalid_country'],
      ['bankCurrency', 'invalid_currency'],
    ]);
    expect((await row(me)).birthCountry).toBeNull();
  });

  it('ignores company and platform fields sent back with the record', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/customers/${me.uuid}`, {
      firstName: 'Eva',
      taxnumber: '21/815/08150',
      vatNumber: 'DE123456789',
      foundingDate: '2000-01-01',
      migrationState: 1,
      followUpMessage: 'hacked',
      defaultWallet: '0x0000000000000000000000000000000000000000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Eva',
      taxnumber: null,
      vatNumber: null,
      foundingDate: null,
      migrationState: null,
      followUpMessage: null,
      defaultWallet: null,
    });
  });
});

describe('the customer record (GET customers/{uuid})', () => {
  it('has every field of the onboarding contract (spec 3 spellings), onboarding left to the lead', async () => {
    const me = await seededSession(t);
    const res = await shop(t.app, me.token).get(`/customers/${me.uuid}`);
    expect(res.status).toBe(200);
    for (const field of [
      'birthDate',
      'birthday',
      'birthCity',
      'birthCountry',
      'nationality',
      'iban',
      'bic',
      'bankName',
      'beneficiary',
      'bankCountry',
      'bankCurrency',
      'taxnumber',
      'vatNumber',
      'registryNumber',
      'court',
      'foundingDate',
      'notPep',
      'actingOnOwnAccount',
      'representativeConfirmation',
      'representative_role',
      'paysChurchTax',
      'ethAddress',
      'migrationState',
      'migrationError',
      'followUpMessage',
      'defaultWallet',
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
  });

  it('answers the default wallet’s address as defaultWallet', async () => {
    const me = await seededSession(t);
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.defaultWallet).toBeNull();
    await t.app.db.insert(wallets).values({
      customerId: me.id,
      type: 'extension',
      name: 'Browser',
      address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      defaultWallet: false,
    });
    expect((await shop(t.app, me.token).get(`/customers/${me.uuid}`)).body.defaultWallet).toBeNull();
    await t.app.db.insert(wallets).values({
      customerId: me.id,
      type: 'custody',
      name: 'Verwahrung',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      defaultWallet: true,
    });
    const res = await shop(t.app, me.token).get(`/customers/${me.uuid}`);
    expect(res.body.defaultWallet).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    // The PUT answer carries it too.
    expect((await put(me, `/customers/${me.uuid}`, { title: null })).body.defaultWallet).toBe(
      '0x52908400098527886E0F7030069857D2E4169EE7',
    );
  });
});

const companyForm = {
  companyName: 'Elbufer Invest GmbH',
  companyType: 'limited_liability_company',
  taxnumber: '21/815/08150',
  vatNumber: 'DE 123 456 789',
  registryNumber: 'hrb 234567 b',
  court: 'Amtsgericht Charlottenburg',
  foundingDate: '2015-03-01',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  beneficiary: 'Elbufer Invest GmbH',
  bankCountry: 'DE',
  bankCurrency: 'EUR',
};

describe('company data (PUT companies/{uuid})', () => {
  it('stores the whole company form', async () => {
    const me = await companySession(t);
    const res = await put(me, `/companies/${me.uuid}`, { ...companyForm, companyName: `${me.uuid} GmbH` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyName: `${me.uuid} GmbH`,
      companyType: 'limited_liability_company',
      taxnumber: '21/815/08150',
      vatNumber: 'DE123456789',
      registryNumber: 'HRB 234567 B',
      court: 'Amtsgericht Charlottenburg',
      foundingDate: '2015-03-01',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      beneficiary: 'Elbufer Invest GmbH',
      bankCountry: 'DE',
      bankCurrency: 'EUR',
    });
    const stored = await row(me);
    expect(stored).toMatchObject({ taxNumber: '21/815/08150', iban: 'DE89370400440532013000' });
    // Optional fields may be left out later (a foundation has no commercial register entry).
    const { vatNumber: _v, registryNumber: _r, court: _c, ...rest } = companyForm;
    const again = await put(me, `/companies/${me.uuid}`, {
      ...rest,
      companyName: `${me.uuid} GmbH`,
      vatNumber: '',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ vatNumber: null, registryNumber: null, court: null });
  });

  it('needs the fields of "company data complete" (spec 5)', async () => {
    const me = await companySession(t);
    const res = await put(me, `/companies/${me.uuid}`, {
      companyName: 'Nur Name GmbH',
      companyType: 'limited_liability_company',
    });
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[]).map((v) => [v.propertyPath, v.code])).toEqual([
      ['taxnumber', 'required'],
      ['foundingDate', 'required'],
      ['iban', 'required'],
      ['bic', 'required'],
      ['bankName', 'required'],
      ['beneficiary', 'required'],
      ['bankCountry', 'required'],
      ['bankCurrency', 'required'],
    ]);
    expect((await row(me)).companyName).not.toBe('Nur Name GmbH');
  });

  it.each([
    [{ iban: 'DE89370400440532013001' }, 'iban', 'invalid_iban'],
    [{ bic: 'COBA DE' }, 'bic', 'invalid_bic'],
    [{ vatNumber: 'DE12345678' }, 'vatNumber', 'invalid_vat_number'],
    [{ registryNumber: 'Nr. 12345' }, 'registryNumber', 'invalid_registry_number'],
    [{ court: '' }, 'court', 'required'],
    [{ taxnumber: '21;815' }, 'taxnumber', 'letters_digits_dash_slash'],
    [{ foundingDate: dayFromToday(0, 1) }, 'foundingDate', 'date_in_future'],
    [{ bankCountry: 'XX' }, 'bankCountry', 'invalid_country'],
    [{ bankCurrency: 'JPY' }, 'bankCurrency', 'invalid_currency'],
  ])('refuses %j on %s (%s) and changes nothing', async (change, path, code) => {
    const me = await companySession(t);
    const before = await row(me);
    const res = await put(me, `/companies/${me.uuid}`, {
      ...companyForm,
      companyName: `${me.uuid} AG`,
      ...change,
    });
    expect(res.status).toBe(422);
    expect((res.body.violations as Violation[]).map((v) => [v.propertyPath, v.code])).toEqual([[path, code]]);
    expect({ ...(await row(me)), updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it('refuses a name another company has, whatever its case', async () => {
    const other = await companySession(t);
    await put(other, `/companies/${other.uuid}`, { ...companyForm, companyName: 'Wellenlicht AG' });
    const me = await companySession(t);
    const res = await put(me, `/companies/${me.uuid}`, { ...companyForm, companyName: 'WELLENLICHT ag' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('company_name_exists');
  });

  it('answers 404 to a personal account (it has no company)', async () => {
    const me = await seededSession(t);
    const res = await put(me, `/companies/${me.uuid}`, companyForm);
    expect(res.status).toBe(404);
    expect((await row(me)).taxNumber).toBeNull();
  });

  it('answers 404 for another customer’s company and changes nothing', async () => {
    const a = await companySession(t);
    const b = await companySession(t);
    const res = await put(a, `/companies/${b.uuid}`, { ...companyForm, companyName: 'Übernahme GmbH' });
    expect(res.status).toBe(404);
    expect((await row(b)).taxNumber).toBeNull();
  });
});
