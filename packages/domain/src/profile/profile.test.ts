import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { customerUpdateSchema } from '../accounts/index.ts';
import { addCalendarYears, addDays, platformToday } from '../calendar/index.ts';
import {
  fieldViolationsOf,
  violationCodeOf,
  violationMessage,
  violationParamsOf,
  type ZodIssueLike,
} from '../errors/index.ts';
import {
  companyDataSchema,
  dateRuleViolation,
  hasAtMostTwoDecimals,
  hasReachedAge,
  hundredthsToPercent,
  normalizeBic,
  normalizeIban,
  normalizeMobileNumber,
  normalizeRegistryNumber,
  normalizeVatNumber,
  percentToHundredths,
  resolveBirthDate,
  type UboPerson,
  uboPersonViolations,
  uboUserInputSchema,
  uboUserPatchSchema,
} from './index.ts';

/** [path, violation code] of each issue, as the API would answer them. */
function codes(result: { success: boolean; error?: { issues: readonly unknown[] } }, input?: unknown) {
  if (result.success) return [];
  return fieldViolationsOf(result.error!.issues as ZodIssueLike[], input).map((v) => [
    v.propertyPath,
    v.code,
  ]);
}

// The date rules count by Berlin's day (decision 012): the file runs on a pinned clock, and every
// date it sends is derived from the same day the rule reads, so it passes at any hour in any zone.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
afterAll(() => vi.useRealTimers());

/** The platform's today shifted by whole years (clamped, 29 February -> 28) and then days. */
function daysFromToday(years: number, days = 0): string {
  return addDays(addCalendarYears(platformToday(), years), days);
}

describe('minimum age 18 (spec 5, BGB §§ 187, 188)', () => {
  it.each([
    ['2008-05-15', '2026-05-15', true],
    ['2008-05-15', '2026-05-14', false],
    ['2008-05-15', '2027-01-01', true],
    ['2008-12-31', '2026-06-01', false],
    // born on 29 February: of age on 1 March of a common year
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
    ['2004-02-29', '2022-02-28', false],
  ])('born %s, on %s of age: %s', (birth, today, adult) => {
    expect(hasReachedAge(birth, 18, today)).toBe(adult);
  });

  it.each([
    ['2008-05-15', { code: 'minimum_age', params: { years: 18 } }],
    ['2008-05-14', null],
    ['2026-06-01', { code: 'date_in_future' }],
    ['1899-12-31', { code: 'min_date', params: { value: '01.01.1900' } }],
    ['1900-01-01', null],
    ['2000-02-30', { code: 'invalid_value' }],
  ])('birth date %s on 2026-05-14 breaks %j', (value, expected) => {
    expect(dateRuleViolation(value, { today: '2026-05-14', min: '1900-01-01', minimumAgeYears: 18 })).toEqual(
      expected,
    );
  });
});

describe('bank data (ibantools)', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['de89370400440532013000', 'DE89370400440532013000'],
    ['AT61 1904 3002 3457 3201', 'AT611904300234573201'],
    // wrong checksum
    ['DE89 3704 0044 0532 0130 01', null],
    // wrong length for Germany
    ['DE89 3704 0044 0532 0130', null],
    ['XX89370400440532013000', null],
  ])('IBAN %j -> %j', (value, expected) => {
    expect(normalizeIban(value)).toBe(expected);
  });

  it.each([
    ['COBADEFFXXX', 'COBADEFFXXX'],
    ['cobadeff', 'COBADEFF'],
    ['GENO DEF1 M04', 'GENODEF1M04'],
    // not a country
    ['COBAXXFF', null],
    ['COBADEF', null],
    ['COBADEFFXX', null],
  ])('BIC %j -> %j', (value, expected) => {
    expect(normalizeBic(value)).toBe(expected);
  });
});

describe('mobile number (libphonenumber-js)', () => {
  it.each([
    ['+49 151 23456789', '+4915123456789'],
    ['+43 664 1234567', '+436641234567'],
    ['0151 23456789', null],
    ['+49 12', null],
  ])('%j -> %j', (value, expected) => {
    expect(normalizeMobileNumber(value)).toBe(expected);
  });
});

describe('personal profile (PUT customers/{uuid})', () => {
  const adult = daysFromToday(-30);
  it('normalises what it stores: IBAN electronic, BIC and codes upper case, mobile E.164, wallet EIP-55', () => {
    const r = customerUpdateSchema.safeParse({
      birthDate: adult,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      nationality: 'de',
      bankCurrency: 'eur',
      mobileNumber: '+49 151 23456789',
      ethAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
      notPep: true,
      actingOnOwnAccount: true,
      representative_role: 'managing_director',
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      birthDate: adult,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      nationality: 'DE',
      bankCurrency: 'EUR',
      mobileNumber: '+4915123456789',
      ethAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
  });

  it.each([
    [{ iban: 'DE89370400440532013001' }, 'iban', 'invalid_iban'],
    [{ bic: 'COBAXXFF' }, 'bic', 'invalid_bic'],
    [{ birthDate: daysFromToday(-17) }, 'birthDate', 'minimum_age'],
    [{ birthday: daysFromToday(-18, 1) }, 'birthday', 'minimum_age'],
    [{ birthDate: daysFromToday(0, 1) }, 'birthDate', 'date_in_future'],
    [{ birthDate: '1899-12-31' }, 'birthDate', 'min_date'],
    [{ birthDate: '15.05.1990' }, 'birthDate', 'invalid_value'],
    [{ nationality: 'DEU' }, 'nationality', 'invalid_country'],
    [{ nationality: 'Deutschland' }, 'nationality', 'too_long'],
    [{ birthCountry: 'D1' }, 'birthCountry', 'invalid_country'],
    [{ bankCurrency: 'EU' }, 'bankCurrency', 'invalid_currency'],
    [{ ethAddress: '0x1234' }, 'ethAddress', 'invalid_wallet_address'],
    [{ mobileNumber: '0151 23456789' }, 'mobileNumber', 'invalid_mobile'],
    [{ notPep: 'yes' }, 'notPep', 'invalid_type'],
    [{ representative_role: 'boss' }, 'representative_role', 'invalid_value'],
  ])('%j is refused on %s with %s', (input, path, code) => {
    expect(codes(customerUpdateSchema.safeParse(input), input)).toEqual([[path, code]]);
  });

  describe.each([
    ['an ordinary day', '2026-11-27T10:00:00Z'],
    ['23:30 UTC on 31 December, New Year in Berlin', '2026-12-31T23:30:00Z'],
    ['00:30 UTC on 1 January', '2027-01-01T00:30:00Z'],
    ['22:30 UTC on 30 June, 1 July in Berlin', '2026-06-30T22:30:00Z'],
    ['23:30 UTC on 28 February, leap day in Berlin', '2028-02-28T23:30:00Z'],
    ['the leap day', '2028-02-29T12:00:00Z'],
  ])('on %s', (_, instant) => {
    afterEach(() => vi.setSystemTime(new Date('2026-11-27T10:00:00Z')));

    it('is 18 on the 18th birthday (not the day before)', () => {
      vi.setSystemTime(new Date(instant));
      expect(customerUpdateSchema.safeParse({ birthDate: daysFromToday(-18) }).success).toBe(true);
      expect(customerUpdateSchema.safeParse({ birthDate: daysFromToday(-18, 1) }).success).toBe(false);
      expect(customerUpdateSchema.safeParse({ birthDate: daysFromToday(0) }).success).toBe(false);
    });
  });

  it('accepts empty values as "clear the field"', () => {
    const r = customerUpdateSchema.safeParse({
      iban: '',
      bic: '',
      nationality: '',
      birthDate: '',
      notPep: null,
    });
    expect(r.success).toBe(true);
  });

  it('words the minimum age with its number of years', () => {
    const r = customerUpdateSchema.safeParse({ birthDate: daysFromToday(-17) }, { reportInput: true });
    const issue = r.error!.issues[0] as ZodIssueLike;
    expect(violationMessage(violationCodeOf(issue), 'de', violationParamsOf(issue))).toBe(
      'Sie müssen mindestens 18 Jahre alt sein',
    );
    expect(violationMessage(violationCodeOf(issue), 'en', violationParamsOf(issue))).toBe('Minimum age 18');
  });

  it.each([
    [{ birthDate: '1990-01-02' }, { value: '1990-01-02' }],
    [{ birthday: '1990-01-02' }, { value: '1990-01-02' }],
    [{ birthDate: '1990-01-02', birthday: '1990-01-02' }, { value: '1990-01-02' }],
    [{ birthDate: '' }, { value: null }],
    [{}, { value: undefined }],
    [
      { birthDate: '1990-01-02', birthday: '1991-01-02' },
      { violation: { propertyPath: 'birthday', code: 'invalid_value' } },
    ],
  ])('birth date of %j: %j', (input, expected) => {
    expect(resolveBirthDate(input)).toEqual(expected);
  });
});

describe('company data (PUT companies/{uuid})', () => {
  const company = {
    companyName: 'Hafennebel GmbH',
    companyType: 'limited_liability_company',
    taxnumber: '21/815/08150',
    vatNumber: 'DE 123 456 789',
    registryNumber: 'hrb12345 b',
    court: 'Amtsgericht Charlottenburg',
    foundingDate: '2015-03-01',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    beneficiary: 'Hafennebel GmbH',
    bankCountry: 'DE',
    bankCurrency: 'EUR',
  };

  it('accepts the whole form and normalises VAT and register number', () => {
    const r = companyDataSchema.safeParse(company);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      vatNumber: 'DE123456789',
      registryNumber: 'HRB 12345 B',
      iban: 'DE89370400440532013000',
    });
  });

  it('needs what spec 5 "company data complete" needs', () => {
    const r = companyDataSchema.safeParse({ companyName: 'Hafennebel GmbH', companyType: 'foundation' });
    expect(codes(r, {}).map(([path]) => path)).toEqual([
      'taxnumber',
      'foundingDate',
      'iban',
      'bic',
      'bankName',
      'beneficiary',
      'bankCountry',
      'bankCurrency',
    ]);
    expect(new Set(codes(r, {}).map(([, code]) => code))).toEqual(new Set(['required']));
  });

  it.each([
    [{ vatNumber: 'DE12345678' }, 'vatNumber', 'invalid_vat_number'],
    [{ vatNumber: 'US123456789' }, 'vatNumber', 'invalid_vat_number'],
    [{ registryNumber: '12345' }, 'registryNumber', 'invalid_registry_number'],
    [{ taxnumber: '21/815;08150' }, 'taxnumber', 'letters_digits_dash_slash'],
    [{ foundingDate: daysFromToday(0, 1) }, 'foundingDate', 'date_in_future'],
    [{ iban: 'DE00370400440532013000' }, 'iban', 'invalid_iban'],
    [{ bic: 'COBA' }, 'bic', 'invalid_bic'],
    [{ bankCountry: '' }, 'bankCountry', 'required'],
    [{ court: '' }, 'court', 'required'],
  ])('%j is refused on %s with %s', (change, path, code) => {
    const input = { ...company, ...change };
    expect(codes(companyDataSchema.safeParse(input), input)).toEqual([[path, code]]);
  });

  it('needs no register number, VAT number or court (a foundation has none)', () => {
    const { vatNumber: _v, registryNumber: _r, court: _c, ...rest } = company;
    expect(companyDataSchema.safeParse({ ...rest, companyType: 'foundation' }).success).toBe(true);
  });

  it.each([
    ['DE123456789', 'DE123456789'],
    ['ATU12345678', 'ATU12345678'],
    ['EL123456789', 'EL123456789'],
    ['FR 40 303 265 045', 'FR40303265045'],
    ['NL123456789B01', 'NL123456789B01'],
    ['IE1234567FA', 'IE1234567FA'],
    ['SE123456789001', 'SE123456789001'],
    ['DE1234567890', null],
    ['AT12345678', null],
    ['GR123456789', null],
  ])('VAT number %j -> %j', (value, expected) => {
    expect(normalizeVatNumber(value)).toBe(expected);
  });

  it.each([
    ['HRB 12345', 'HRB 12345'],
    ['hra 987', 'HRA 987'],
    ['HRB 234567 B', 'HRB 234567 B'],
    ['GnR 321', 'GnR 321'],
    ['VR12', 'VR 12'],
    ['HRC 1', null],
    ['HRB', null],
  ])('register number %j -> %j', (value, expected) => {
    expect(normalizeRegistryNumber(value)).toBe(expected);
  });
});

describe('shares in percent (spec 5: at most two decimals)', () => {
  it.each([
    [25, true],
    [25.5, true],
    [33.33, true],
    [0.01, true],
    [99.99, true],
    [33.333, false],
    [0.001, false],
  ])('%d has at most two decimals: %s', (value, ok) => {
    expect(hasAtMostTwoDecimals(value)).toBe(ok);
  });

  it.each([
    [25.5, 2550],
    [33.33, 3333],
    [0.07, 7],
    [100, 10000],
    [0.29, 29],
  ])('%d %% is stored as %d hundredths and read back', (percent, hundredths) => {
    expect(percentToHundredths(percent)).toBe(hundredths);
    expect(hundredthsToPercent(hundredths)).toBe(percent);
  });
});

describe('one UBO person (spec 3, GwG § 3)', () => {
  const natural: UboPerson = {
    type: 'natural',
    roles: [60],
    firstName: 'Jonas',
    lastName: 'Weber',
    birthdate: '1975-04-12',
    street: 'Elbchaussee 1',
    postcode: '22763',
    city: 'Hamburg',
    country: 'DE',
    nationality: 'DE',
    equityShares: 40,
    votingShares: 40,
    representativeRoles: ['shareholder'],
    fictitiousBeneficialOwner: false,
  };
  const legal: UboPerson = {
    type: 'legal',
    roles: [60],
    companyName: 'Nordlicht Holding GmbH',
    companyType: 'limited_liability_company',
    registerNumber: 'HRB 4711',
    equityShares: 60,
    votingShares: null,
    representativeRoles: ['shareholder'],
    fictitiousBeneficialOwner: false,
  };

  it.each([
    ['a natural beneficial owner with 40 %', natural, []],
    ['a legal person with 60 %', legal, []],
    [
      'a natural person without names, birth date, nationality and address',
      { ...natural, firstName: '', lastName: null, birthdate: null, nationality: null, street: ' ' },
      ['firstName', 'lastName', 'birthdate', 'nationality', 'street'].map((p) => [p, 'required']),
    ],
    [
      'a legal person without company name, type and register number',
      { ...legal, companyName: null, companyType: null, registerNumber: '' },
      ['companyName', 'companyType', 'registerNumber'].map((p) => [p, 'required']),
    ],
    [
      'exactly 25 % (GwG: more than 25 %)',
      { ...natural, equityShares: 25, votingShares: 25 },
      [['equityShares', 'below_ubo_threshold']],
    ],
    ['25.01 % of the voting rights', { ...natural, equityShares: 10, votingShares: 25.01 }, []],
    [
      'only voting rights, too few',
      { ...natural, equityShares: null, votingShares: 20 },
      [['votingShares', 'below_ubo_threshold']],
    ],
    [
      'a beneficial owner without shares',
      { ...natural, equityShares: null, votingShares: null },
      [['equityShares', 'required']],
    ],
    [
      'the statement "beneficial owner" with 10 %',
      {
        ...natural,
        roles: [],
        representativeRoles: ['beneficial_owner'],
        equityShares: 10,
        votingShares: 10,
      },
      [['equityShares', 'below_ubo_threshold']],
    ],
    [
      'the fictitious beneficial owner with no shares (exempt from the threshold)',
      {
        ...natural,
        roles: [70, 60],
        fictitiousBeneficialOwner: true,
        equityShares: null,
        votingShares: null,
      },
      [],
    ],
    [
      'both beneficial owner and fictitious beneficial owner',
      { ...natural, representativeRoles: ['beneficial_owner'], fictitiousBeneficialOwner: true },
      [['fictitiousBeneficialOwner', 'beneficial_owner_conflict']],
    ],
    [
      'a representative (role 10) holding nothing',
      { ...natural, roles: [10], equityShares: null, votingShares: null, representativeRoles: [] },
      [],
    ],
  ])('%s', (_name, person, expected) => {
    expect(uboPersonViolations(person).map((v) => [v.propertyPath, v.code])).toEqual(expected);
  });

  it('words the threshold with its 25 %', () => {
    const [v] = uboPersonViolations({ ...natural, equityShares: 25, votingShares: 0 });
    expect(violationMessage(v!.code, 'de', v!.params)).toBe(
      'Wirtschaftlich Berechtigter ist, wer mehr als 25 % der Kapitalanteile oder Stimmrechte hält',
    );
  });
});

describe('UBO person schemas (POST, PATCH ubo-users)', () => {
  const person = {
    type: 'natural',
    roles: [60],
    firstName: 'Jonas',
    lastName: 'Weber',
    birthdate: '1975-04-12',
    street: 'Elbchaussee 1',
    postcode: '22763',
    city: 'Hamburg',
    country: 'de',
    nationality: 'DE',
    equityShares: 40.5,
    votingShares: 40.5,
  };

  it('fills omitted statements with false and normalises country codes', () => {
    const r = uboUserInputSchema.safeParse(person);
    expect(r.data).toMatchObject({
      country: 'DE',
      pep: false,
      fictitiousBeneficialOwner: false,
      representativeRoles: [],
    });
  });

  it.each([
    [{ equityShares: 30.125 }, 'equityShares', 'max_two_decimals'],
    [{ votingShares: 101 }, 'votingShares', 'too_big'],
    [{ equityShares: -1 }, 'equityShares', 'too_small'],
    [{ equityShares: '30' }, 'equityShares', 'invalid_type'],
    [{ roles: [10, 99] }, 'roles.1', 'invalid_value'],
    [{ roles: [10, 10] }, 'roles', 'invalid_value'],
    [{ representativeRoles: ['king'] }, 'representativeRoles.0', 'invalid_value'],
    [{ birthdate: '2999-01-01' }, 'birthdate', 'date_in_future'],
    [{ type: 'robot' }, 'type', 'invalid_value'],
    [{ equityShares: 20, votingShares: 20 }, 'equityShares', 'below_ubo_threshold'],
    [{ firstName: '' }, 'firstName', 'required'],
  ])('%j is refused on %s with %s', (change, path, code) => {
    const input = { ...person, ...change };
    expect(codes(uboUserInputSchema.safeParse(input), input)).toEqual([[path, code]]);
  });

  it('lets a merge-patch send single fields, null to clear, and the managed fields back', () => {
    expect(uboUserPatchSchema.safeParse({ pep: true }).success).toBe(true);
    expect(
      uboUserPatchSchema.safeParse({ equityShares: null, fictitiousBeneficialOwner: null }).success,
    ).toBe(true);
    expect(uboUserPatchSchema.safeParse({ id: 3, isUser: true, representativeSent: false }).success).toBe(
      true,
    );
    expect(codes(uboUserPatchSchema.safeParse({ shoeSize: 44 }), {})).toEqual([
      ['shoeSize', 'unknown_parameter'],
    ]);
    expect(codes(uboUserPatchSchema.safeParse({ type: null }), { type: null })).toEqual([
      ['type', 'must_be_selected'],
    ]);
  });
});
