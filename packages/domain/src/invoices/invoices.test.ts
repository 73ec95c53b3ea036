import { describe, expect, it } from 'vitest';
import { parseEpcQrPayload } from '../payments/index.ts';
import {
  buildInvoiceDocument,
  formatInvoiceNumber,
  type InvoiceInvestor,
  type InvoiceIssuer,
  type InvoiceItemInput,
  includedTaxCents,
  invoiceTaxLines,
  invoiceTaxTreatment,
  invoiceYearOf,
  letterGreeting,
  parseInvoiceNumber,
} from './index.ts';

const bonds = { code: 'bonds', rateBasisPoints: 0 };
const standard = { code: 'standard', rateBasisPoints: 1900 };

const issuer: InvoiceIssuer = {
  companyName: 'Tokenwerk Emissionen GmbH',
  address: { street: 'Friedrichstraße 100', postcode: '10117', city: 'Berlin', countryCode: 'DE' },
  registry: 'Amtsgericht Charlottenburg, HRB 123456 B',
  vatNumber: 'DE123456789',
  email: 'service@tokenwerk.example',
  bankAccount: {
    holder: 'Tokenwerk Emissionen GmbH',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
  },
};
const investor: InvoiceInvestor = {
  name: 'Erika Mustermann',
  companyName: null,
  address: { street: 'Heidestraße 17', postcode: '51147', city: 'Köln', countryCode: 'DE' },
  customerNumber: 'K-1001',
};
const bond: InvoiceItemInput = {
  name: 'Solarpark Brandenburg 5,5 % 2026/2031',
  isin: 'DE000A383J95',
  quantity: 2500,
  unitPriceCents: 100,
  taxCategory: bonds,
};
const collectible: InvoiceItemInput = {
  name: 'Sammlerstück „Erstausgabe“',
  quantity: 1,
  unitPriceCents: 4999,
  taxCategory: standard,
};

describe('VAT contained in a gross amount', () => {
  it.each([
    [11900, 1900, 1900],
    [4999, 1900, 798],
    [1000, 1900, 160],
    [1, 1900, 0],
    [6, 1900, 1],
    [123456, 0, 0],
  ])('%i cents at %i bp contain %i cents', (gross, rate, tax) => {
    expect(includedTaxCents(gross, rate)).toBe(tax);
  });
});

describe('tax lines per tax category', () => {
  it('treats bonds as exempt securities transactions and the rest at its rate', () => {
    expect(invoiceTaxTreatment(bonds)).toBe('exempt_securities');
    expect(invoiceTaxTreatment(standard)).toBe('taxed');
    expect(invoiceTaxTreatment({ code: 'other', rateBasisPoints: 0 })).toBe('exempt');
  });

  it('a mixed invoice: one exempt line for the bond, one 19 % line for the collectible', () => {
    expect(invoiceTaxLines([bond, collectible])).toEqual([
      {
        category: 'bonds',
        rateBasisPoints: 0,
        treatment: 'exempt_securities',
        grossCents: 250_000,
        netCents: 250_000,
        taxCents: 0,
      },
      {
        category: 'standard',
        rateBasisPoints: 1900,
        treatment: 'taxed',
        grossCents: 4999,
        netCents: 4201,
        taxCents: 798,
      },
    ]);
  });

  it('rounds the VAT once per category, not per line (two 10,00 € items: 3,19 €, not 3,20 €)', () => {
    const items = [
      { ...collectible, unitPriceCents: 1000 },
      { ...collectible, name: 'Gebühr', unitPriceCents: 1000 },
    ];
    const [line] = invoiceTaxLines(items);
    expect(line).toMatchObject({ grossCents: 2000, taxCents: 319, netCents: 1681 });
  });
});

describe('the invoice document', () => {
  const build = (
    paid: boolean,
    method: 'bank_transfer' | 'card' = 'bank_transfer',
    closed: 'cancelled' | 'refunded' | null = null,
  ) =>
    buildInvoiceDocument({
      number: '2026-000042',
      locale: 'de',
      issueDate: '2026-11-24',
      serviceDate: '2026-11-24',
      orderNumber: '000123',
      issuer,
      investor,
      items: [bond, collectible],
      payment: { method, paid, closed, reference: 'RF45TW000123' },
    });

  it('totals in cents, due in 14 days, with the transfer details and the EPC payload while unpaid', () => {
    const doc = build(false);
    expect(doc.totals).toEqual({ netCents: 254_201, taxCents: 798, grossCents: 254_999 });
    expect(doc.items.map((i) => [i.totalCents, i.netCents, i.treatment])).toEqual([
      [250_000, 250_000, 'exempt_securities'],
      [4999, 4201, 'taxed'],
    ]);
    expect(doc.dueDate).toBe('2026-12-08');
    expect(doc.transfer?.reference).toBe('RF45 TW00 0123');
    expect(parseEpcQrPayload(doc.transfer?.epcPayload ?? '')).toMatchObject({
      bic: 'COBADEFFXXX',
      iban: 'DE89370400440532013000',
      name: 'Tokenwerk Emissionen GmbH',
      amountCents: 254_999,
      reference: 'RF45TW000123',
    });
  });

  it('no transfer block once paid or when paid by card', () => {
    expect(build(true).transfer).toBeNull();
    expect(build(true).dueDate).toBeNull();
    expect(build(false, 'card').transfer).toBeNull();
    expect(build(false).payment.closed).toBeNull();
  });

  it('an order cancelled before payment or refunded asks for nothing and says which', () => {
    const cancelled = build(false, 'bank_transfer', 'cancelled');
    expect(cancelled).toMatchObject({
      transfer: null,
      dueDate: null,
      payment: { paid: false, closed: 'cancelled' },
    });
    const refunded = build(true, 'card', 'refunded');
    expect(refunded).toMatchObject({ transfer: null, dueDate: null, payment: { closed: 'refunded' } });
  });

  it('refuses an unpaid transfer without a reference, and no items', () => {
    expect(() =>
      buildInvoiceDocument({
        number: '1',
        locale: 'en',
        issueDate: '2026-11-24',
        serviceDate: '2026-11-24',
        issuer,
        investor,
        items: [bond],
        payment: { method: 'bank_transfer', paid: false },
      }),
    ).toThrow(RangeError);
    expect(() =>
      buildInvoiceDocument({
        number: '1',
        locale: 'en',
        issueDate: '2026-11-24',
        serviceDate: '2026-11-24',
        issuer,
        investor,
        items: [],
        payment: { method: 'card', paid: true },
      }),
    ).toThrow();
  });
});

describe('letterGreeting', () => {
  const person = { salutation: null, title: null, firstName: 'Erika', lastName: 'Mustermann' } as const;
  it('greets by salutation, title and surname, by full name for Mx, generally for a company', () => {
    expect(letterGreeting('de', { ...person, salutation: 'ms', title: 'Dr.' })).toBe(
      'Sehr geehrte Frau Dr. Mustermann,',
    );
    expect(letterGreeting('de', { ...person, salutation: 'mr' })).toBe('Sehr geehrter Herr Mustermann,');
    expect(letterGreeting('de', { ...person, salutation: 'mx' })).toBe('Guten Tag Erika Mustermann,');
    expect(letterGreeting('en', { ...person, salutation: 'ms', title: 'Dr.' })).toBe(
      'Dear Ms Dr. Mustermann,',
    );
    expect(letterGreeting('en', { ...person, salutation: 'mr' })).toBe('Dear Mr Mustermann,');
    expect(letterGreeting('en', person)).toBe('Dear Erika Mustermann,');
    expect(letterGreeting('de', null)).toBe('Sehr geehrte Damen und Herren,');
    expect(letterGreeting('en', null)).toBe('Dear Sir or Madam,');
  });

  it('never greets a salutation without a surname', () => {
    expect(letterGreeting('de', { ...person, salutation: 'ms', lastName: ' ' })).toBe('Guten Tag Erika,');
    expect(letterGreeting('en', { salutation: 'mr', title: null, firstName: null, lastName: null })).toBe(
      'Dear Sir or Madam,',
    );
  });

  it("is the invoice document's greeting", () => {
    const document = buildInvoiceDocument({
      number: '2026-000001',
      locale: 'de',
      issueDate: '2026-11-24',
      serviceDate: '2026-11-24',
      issuer,
      investor,
      addressee: { ...person, salutation: 'ms' },
      items: [{ name: 'Anleihe', quantity: 1, unitPriceCents: 100, taxCategory: bonds }],
      payment: { method: 'card', paid: true },
    });
    expect(document.greeting).toBe('Sehr geehrte Frau Mustermann,');
  });
});

describe('invoice numbers (one series per year of the Berlin day)', () => {
  it.each([
    ['2026-06-30T10:00:00Z', 2026],
    ['2026-12-31T22:59:59Z', 2026],
    ['2026-12-31T23:00:00Z', 2027],
    ['2026-12-31T23:30:00Z', 2027],
  ])('issued %s: series %i', (instant, year) => {
    expect(invoiceYearOf(new Date(instant))).toBe(year);
  });

  it('writes and reads YYYY-NNNNNN', () => {
    expect(formatInvoiceNumber(2027, 1)).toBe('2027-000001');
    expect(formatInvoiceNumber(2026, 123_456)).toBe('2026-123456');
    expect(parseInvoiceNumber('2026-000042')).toEqual({ year: 2026, sequence: 42 });
    expect(parseInvoiceNumber('26-42')).toBeNull();
  });
});
