import { describe, expect, it } from 'vitest';
import {
  type CompanyDataFacts,
  isCompanyDataComplete,
  isPersonalDataComplete,
  missingCompanyData,
  missingPersonalData,
  type PersonalDataFacts,
} from './index.ts';

const address = { street: 'Hauptstraße 1', city: 'Berlin', postcode: '10115', countryCode: 'DE' };

const personal: PersonalDataFacts = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthDate: '1980-04-12',
  mobileNumber: '+491701234567',
  bankName: 'Sparkasse',
  beneficiary: 'Erika Mustermann',
  bic: 'BELADEBEXXX',
  iban: 'DE89370400440532013000',
  representativeConfirmation: null,
  address,
};

const company: CompanyDataFacts = {
  companyName: 'Muster GmbH',
  companyType: 'limited_liability_company',
  taxnumber: '27/123/45678',
  vatNumber: 'DE123456789',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  beneficiary: 'Muster GmbH',
  bankCountry: 'DE',
  bankCurrency: 'EUR',
  foundingDate: '2015-03-01',
  profileDescription: 'Wir finanzieren Solarparks.',
  address,
};

describe('personal data complete, investment reading (spec 5 "Personal data complete requires …")', () => {
  it.each([
    // [spec 5 field, change, missing]
    ['names: first name', { firstName: null }, ['firstName']],
    ['names: last name (blank counts as missing)', { lastName: '   ' }, ['lastName']],
    ['birthday', { birthDate: null }, ['birthDate']],
    ['address street', { address: { ...address, street: '' } }, ['address.street']],
    ['address city', { address: { ...address, city: null } }, ['address.city']],
    ['address postcode', { address: { ...address, postcode: null } }, ['address.postcode']],
    ['address country', { address: { ...address, countryCode: null } }, ['address.countryCode']],
    [
      'no address at all',
      { address: null },
      ['address.street', 'address.city', 'address.postcode', 'address.countryCode'],
    ],
    ['mobile number', { mobileNumber: null }, ['mobileNumber']],
    ['personal account: bank name', { bankName: null }, ['bankName']],
    ['personal account: beneficiary', { beneficiary: '' }, ['beneficiary']],
    ['personal account: bic', { bic: null }, ['bic']],
    ['personal account: iban', { iban: null }, ['iban']],
    ['the PEP confirmation is not part of this reading', { representativeConfirmation: null }, []],
  ] as const)('%s', (_rule, change, missing) => {
    const data = { ...personal, ...change } as PersonalDataFacts;
    expect(missingPersonalData(data, { accountType: 'personal' })).toEqual(missing);
    expect(isPersonalDataComplete(data, { accountType: 'personal' })).toBe(missing.length === 0);
  });

  it('spec 5 "for personal accounts" bank data: a company account does not need it in the personal data', () => {
    const noBank = { ...personal, bankName: null, beneficiary: null, bic: null, iban: null };
    expect(missingPersonalData(noBank, { accountType: 'company' })).toEqual([]);
    expect(missingPersonalData(noBank, { accountType: 'personal' })).toEqual([
      'bankName',
      'beneficiary',
      'bic',
      'iban',
    ]);
  });

  it('lists every missing field in the form order for an empty record', () => {
    const empty: PersonalDataFacts = {
      firstName: null,
      lastName: null,
      birthDate: null,
      mobileNumber: null,
      bankName: null,
      beneficiary: null,
      bic: null,
      iban: null,
      representativeConfirmation: null,
      address: null,
    };
    expect(missingPersonalData(empty, { accountType: 'personal' })).toEqual([
      'firstName',
      'lastName',
      'birthDate',
      'address.street',
      'address.city',
      'address.postcode',
      'address.countryCode',
      'mobileNumber',
      'bankName',
      'beneficiary',
      'bic',
      'iban',
    ]);
  });
});

describe('personal data complete, marketplace reading (spec 5 "additionally uses the PEP confirmation")', () => {
  it.each([
    [null, ['representativeConfirmation']],
    [false, ['representativeConfirmation']],
    [true, []],
  ] as const)('representativeConfirmation %s -> missing %j', (confirmation, missing) => {
    const data = { ...personal, representativeConfirmation: confirmation };
    expect(missingPersonalData(data, { accountType: 'personal', reading: 'marketplace' })).toEqual(missing);
    // the investment reading does not look at it
    expect(missingPersonalData(data, { accountType: 'personal', reading: 'investment' })).toEqual([]);
  });

  it('still needs everything the investment reading needs', () => {
    const data = { ...personal, mobileNumber: null, representativeConfirmation: true };
    expect(missingPersonalData(data, { accountType: 'personal', reading: 'marketplace' })).toEqual([
      'mobileNumber',
    ]);
  });
});

describe('company data complete, investment reading (spec 5 "Company data complete requires …")', () => {
  it.each([
    ['company name', { companyName: null }, ['companyName']],
    ['type', { companyType: null }, ['companyType']],
    ['tax number', { taxnumber: '' }, ['taxnumber']],
    ['iban', { iban: null }, ['iban']],
    [
      'address',
      { address: null },
      ['address.street', 'address.city', 'address.postcode', 'address.countryCode'],
    ],
    ['bank country', { bankCountry: null }, ['bankCountry']],
    ['currency', { bankCurrency: null }, ['bankCurrency']],
    ['(bank) name', { bankName: null }, ['bankName']],
    ['beneficiary', { beneficiary: null }, ['beneficiary']],
    ['bic', { bic: null }, ['bic']],
    ['birth day = founding date', { foundingDate: null }, ['foundingDate']],
    ['vat number is not part of this reading', { vatNumber: null }, []],
    ['profile description is not part of this reading', { profileDescription: null }, []],
  ] as const)('%s', (_rule, change, missing) => {
    const data = { ...company, ...change } as CompanyDataFacts;
    expect(missingCompanyData(data)).toEqual(missing);
    expect(isCompanyDataComplete(data)).toBe(missing.length === 0);
  });
});

describe('company data complete, marketplace reading (spec 5 "company name, tax number, vat number, profile description, address")', () => {
  it.each([
    ['company name', { companyName: null }, ['companyName']],
    ['tax number', { taxnumber: null }, ['taxnumber']],
    ['vat number', { vatNumber: ' ' }, ['vatNumber']],
    ['profile description', { profileDescription: null }, ['profileDescription']],
    ['address', { address: { ...address, postcode: '' } }, ['address.postcode']],
    ['bank data is not part of this reading', { iban: null, bic: null, bankName: null }, []],
    ['type and founding date are not part of this reading', { companyType: null, foundingDate: null }, []],
  ] as const)('%s', (_rule, change, missing) => {
    const data = { ...company, ...change } as CompanyDataFacts;
    expect(missingCompanyData(data, { reading: 'marketplace' })).toEqual(missing);
    expect(isCompanyDataComplete(data, { reading: 'marketplace' })).toBe(missing.length === 0);
  });
});
