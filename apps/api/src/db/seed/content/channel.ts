import { shopChannelCode } from '@token/domain/channel';

/** The Tokenwerk channel (docs/demo-data.md, "Channel"). */
export const CHANNEL = {
  code: shopChannelCode,
  name: 'Tokenwerk',
  contactEmail: 'kontakt@tokenwerk.example',
  contactPhoneNumber: '+49 30 2345678-0',
  companyName: 'Tokenwerk Capital GmbH',
  companyStreet: 'Friedrichstraße 68',
  companyPostcode: '10117',
  companyCity: 'Berlin',
  companyCountryCode: 'DE',
  companyRegistry: 'Amtsgericht Charlottenburg HRB 234567 B',
  companyVatNumber: 'DE347812596',
  managingDirectors: 'Dr. Miriam Falk, Henrik Lorenz',
  bankAccountHolder: 'Tokenwerk Capital GmbH Treuhandkonto',
  bankIban: 'DE89370400440532013000',
  bankBic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  baseCurrencyCode: 'EUR',
  defaultLocaleCode: 'de',
  // spec 1/2: the investment reading is dominant, so home needs a login (the marketplace home is one
  // setting away).
  homeRequiresLogin: true,
} as const;

/** The securities firm under whose liability umbrella Tokenwerk brokers (§ 3 Abs. 2 WpIG). */
export const LIABILITY_UMBRELLA = {
  name: 'Hanseatisches Wertpapierhaus AG',
  address: 'Ballindamm 27, 20095 Hamburg',
  registry: 'Amtsgericht Hamburg HRB 165432',
};

/** The crypto securities registrar named in every bond's documents (eWpG § 16). */
export const REGISTRAR = 'Spreebogen Registerdienste GmbH, Schiffbauerdamm 19, 10117 Berlin';
