import { describe, expect, it } from 'vitest';
import {
  type BankCredit,
  type BankCreditNote,
  bankCreditNoteSchema,
  bankCreditNoteText,
  buildEpcQrPayload,
  canMethodTakeOrder,
  creditorReference,
  EpcQrError,
  type EpcQrInput,
  type ExpectedPayment,
  findPaymentReference,
  findPaymentReferences,
  formatCreditorReference,
  formatEpcAmount,
  isValidCreditorReference,
  matchBankCredit,
  orderPaymentReference,
  parseEpcQrPayload,
} from './index.ts';

describe('EPC QR code payload (EPC069-12)', () => {
  it("builds the EPC document's own example byte for byte", () => {
    // EPC069-12 v2.1, section 4 example "Red Cross of Belgium".
    const payload = buildEpcQrPayload({
      version: '001',
      bic: 'BPOTBEB1',
      name: 'Red Cross of Belgium',
      iban: 'BE72000000001616',
      amountCents: 100,
      purpose: 'CHAR',
      remittanceText: 'Urgency fund',
      information: 'Sample EPC QR code',
    });
    expect(payload).toBe(
      'BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code',
    );
  });

  it('version 002 with a structured reference, no BIC, and the trailing empty lines left out', () => {
    const payload = buildEpcQrPayload({
      name: 'Tokenwerk Emissions GmbH',
      iban: 'de89 3704 0044 0532 0130 00',
      amountCents: 123456,
      reference: 'RF18 5390 0754 7034',
    });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\n\nTokenwerk Emissions GmbH\nDE89370400440532013000\nEUR1234.56\n\nRF18539007547034',
    );
    expect(parseEpcQrPayload(payload)).toMatchObject({
      iban: 'DE89370400440532013000',
      amountCents: 123456,
      reference: 'RF18539007547034',
      remittanceText: '',
    });
  });

  it.each([
    [1, 'EUR0.01'],
    [10, 'EUR0.10'],
    [1234, 'EUR12.34'],
    [100, 'EUR1'],
    [99_999_999_999, 'EUR999999999.99'],
  ])('amount %i cents -> %s', (cents, text) => {
    expect(formatEpcAmount(cents)).toBe(text);
  });

  const base: EpcQrInput = { name: 'Issuer GmbH', iban: 'DE89370400440532013000', amountCents: 1000 };
  it.each<[string, Partial<EpcQrInput>, string]>([
    ['zero amount', { amountCents: 0 }, 'amountCents'],
    ['amount above 999999999.99', { amountCents: 100_000_000_000 }, 'amountCents'],
    ['fractional cents', { amountCents: 10.5 }, 'amountCents'],
    ['bad IBAN', { iban: 'DE00370400440532013000' }, 'iban'],
    ['bad BIC', { bic: 'NOTABIC' }, 'bic'],
    ['version 001 without BIC', { version: '001' }, 'bic'],
    ['empty name', { name: '  ' }, 'name'],
    ['name of 71 characters', { name: 'x'.repeat(71) }, 'name'],
    ['name with a line break', { name: 'A\nB' }, 'name'],
    ['reference and text together', { reference: 'RF18539007547034', remittanceText: 'x' }, 'reference'],
    ['reference of 36 characters', { reference: `RF${'1'.repeat(34)}` }, 'reference'],
    ['remittance of 141 characters', { remittanceText: 'x'.repeat(141) }, 'remittanceText'],
    ['purpose of three letters', { purpose: 'ABC' }, 'purpose'],
    [
      'more than 331 bytes',
      { name: 'ä'.repeat(70), remittanceText: 'ü'.repeat(140), information: 'x'.repeat(40) },
      'payload',
    ],
  ])('refuses %s', (_name, change, field) => {
    const run = () => buildEpcQrPayload({ ...base, ...change });
    expect(run).toThrow(EpcQrError);
    try {
      run();
    } catch (err) {
      expect((err as EpcQrError).field).toBe(field);
    }
  });

  it('counts UTF-8 bytes, not characters, against the 331-byte limit', () => {
    const ok = buildEpcQrPayload({ ...base, name: 'ä'.repeat(70), remittanceText: 'ü'.repeat(70) });
    expect(new TextEncoder().encode(ok).length).toBeLessThanOrEqual(331);
  });
});

describe('ISO 11649 creditor reference', () => {
  it('computes the check digits of the standard example', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('rf18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
    expect(isValidCreditorReference('RF18')).toBe(false);
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('builds a unique reference from the prefix and the order number', () => {
    const a = orderPaymentReference('TW', '000123');
    const b = orderPaymentReference('TW', '000124');
    expect(a).toBe('RF45TW000123');
    expect(isValidCreditorReference(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(orderPaymentReference('tw', '#000123')).toBe(a);
    expect(() => orderPaymentReference('1X', '1')).toThrow(RangeError);
    expect(() => orderPaymentReference('TW', '1'.repeat(20))).toThrow(RangeError);
  });

  it.each([
    ['as written', 'RF45TW000123', 'RF45TW000123', 'rf'],
    ['lower case with spaces', 'Zahlung rf45 tw00 0123 danke', 'RF45TW000123', 'rf'],
    ['split over two shortened lines', 'ANLEIHE KAUF RF45TW\n000123', 'RF45TW000123', 'rf'],
    ['with hyphens', 'RF45-TW00-0123', 'RF45TW000123', 'rf'],
    ['glued to a label', 'REF:RF45TW000123/INV 2026', 'RF45TW000123', 'rf'],
    ['platform form without RF', 'Bestellung TW-000123', 'RF45TW000123', 'platform'],
    ['platform form with a space', 'tw 000123', 'RF45TW000123', 'platform'],
  ])('finds the reference %s', (_name, text, reference, form) => {
    expect(findPaymentReference(text, { prefixes: ['TW'] })).toEqual({ reference, form });
  });

  it.each([
    ['no reference at all', 'Miete November'],
    ['a wrong check digit', 'RF46TW000123'],
    ['another prefix', 'XY-000123'],
    ['empty', ''],
  ])('finds nothing in %s', (_name, text) => {
    expect(findPaymentReference(text, { prefixes: ['TW'] })).toBeNull();
  });

  it('keeps every valid join as a candidate, longest first', () => {
    const found = findPaymentReferences('RF18 5390 0754 7034').map((f) => f.reference);
    expect(found[0]).toBe('RF18539007547034');
  });
});

describe('matching a bank credit to the open orders', () => {
  const open: ExpectedPayment[] = [
    { orderId: 1, reference: 'RF45TW000123', amountCents: 100_000 },
    { orderId: 2, reference: orderPaymentReference('TW', '000124'), amountCents: 250_050 },
  ];
  const credit = (change: Partial<BankCredit>): BankCredit => ({
    amountCents: 100_000,
    currency: 'EUR',
    remittanceText: 'RF45 TW00 0123',
    structuredReference: null,
    debtorName: 'Erika Mustermann',
    debtorIban: 'DE02120300000000202051',
    bookingDate: '2026-11-24',
    entryReference: 'E-1',
    ...change,
  });
  const seen = new Set(['E-OLD']);

  it.each<[string, Partial<BankCredit>, string, number | null, number]>([
    ['exact amount and reference', {}, 'matched', 1, 0],
    ['one cent less', { amountCents: 99_999 }, 'partial', 1, -1],
    ['one cent more', { amountCents: 100_001 }, 'excess', 1, 1],
    [
      'structured reference only',
      { remittanceText: null, structuredReference: 'RF45TW000123' },
      'matched',
      1,
      0,
    ],
    ['platform form', { remittanceText: 'tw-000124', amountCents: 250_050 }, 'matched', 2, 0],
    // RF45TW000123INV2026 happens to pass mod 97 too: matching tries every candidate.
    [
      'a word after the reference that forms a valid join',
      { remittanceText: 'RF45TW000123 INV2026' },
      'matched',
      1,
      0,
    ],
    ['the same bank entry again', { entryReference: 'E-OLD' }, 'duplicate', null, 0],
    ['no reference', { remittanceText: 'Danke' }, 'unknown', null, 0],
    [
      'a reference of no open order',
      { remittanceText: orderPaymentReference('TW', '9') },
      'unknown',
      null,
      0,
    ],
    ['another currency', { currency: 'CHF' }, 'unknown', null, 0],
  ])('%s -> %s', (_name, change, status, orderId, difference) => {
    const m = matchBankCredit({
      credit: credit(change),
      openOrders: open,
      seenEntryReferences: seen,
      prefixes: ['TW'],
    });
    expect(m.status).toBe(status);
    expect(m.orderId).toBe(orderId);
    expect(m.differenceCents).toBe(difference);
  });

  it('says why a credit is unknown', () => {
    const none = matchBankCredit({
      credit: credit({ remittanceText: 'x' }),
      openOrders: open,
      seenEntryReferences: seen,
    });
    expect(none).toMatchObject({ status: 'unknown', reason: 'no_reference' });
    const other = matchBankCredit({
      credit: credit({ remittanceText: orderPaymentReference('TW', '9') }),
      openOrders: open,
      seenEntryReferences: seen,
    });
    expect(other).toMatchObject({ status: 'unknown', reason: 'no_open_order' });
  });
});

describe('bank credit notes in the operator’s language', () => {
  const cases: [BankCreditNote, string, string][] = [
    [
      { code: 'no_reference' },
      'Keine Zahlungsreferenz im Verwendungszweck.',
      'No payment reference in the remittance information.',
    ],
    [
      { code: 'partial', order: '000042', receivedCents: 40_000, totalCents: 100_000 },
      'Teilzahlung für Bestellung 000042: 400,00 € von 1.000,00 € eingegangen.',
      'Partial payment for order 000042: €400.00 of €1,000.00 received.',
    ],
    [
      { code: 'excess', order: '000042', amountCents: 120_000, dueCents: 100_000 },
      'Überzahlung für Bestellung 000042: 1.200,00 € für 1.000,00 € fällig.',
      'Excess payment for order 000042: €1,200.00 for €1,000.00 due.',
    ],
    [
      { code: 'order_closed', order: '000042', state: 'cancelled', cancelReason: 'expired' },
      'Bestellung 000042 ist storniert (abgelaufen): Betrag an den Zahler zurücküberweisen.',
      'Order 000042 is cancelled (expired): return the credit to the payer.',
    ],
    [
      { code: 'order_not_payable', order: null, state: 'gone' },
      'Bestellung ? ist nicht mehr vorhanden: Betrag an den Zahler zurücküberweisen oder zuordnen.',
      'Order ? is gone: return the credit to the payer or assign it.',
    ],
    [
      { code: 'assigned_paid', order: '000042', receivedCents: 100_000 },
      'Von der Verwaltung zugeordnet: Bestellung 000042 bezahlt (1.000,00 €).',
      'Assigned by an operator: order 000042 paid (€1,000.00).',
    ],
    [
      { code: 'wrong_currency', currency: 'CHF' },
      'Gutschrift in CHF: Bestellungen werden in EUR bezahlt.',
      'Credit in CHF: orders are paid in EUR.',
    ],
    [
      { code: 'returned', reason: 'Kein Auftrag' },
      'An den Zahler zurücküberwiesen: Kein Auftrag',
      'Returned to the payer: Kein Auftrag',
    ],
    [{ code: 'text', text: 'Alte Notiz' }, 'Alte Notiz', 'Alte Notiz'],
  ];
  it.each(cases)('%j', (note, de, en) => {
    expect(bankCreditNoteSchema.parse(note)).toEqual(note);
    expect(bankCreditNoteText(note, 'de').replace(/\u00a0/g, ' ')).toBe(de);
    expect(bankCreditNoteText(note, 'en').replace(/\u00a0/g, ' ')).toBe(en);
  });

  it('refuses a note without its figures', () => {
    expect(bankCreditNoteSchema.safeParse({ code: 'partial', order: '1' }).success).toBe(false);
  });
});

describe('payment method choice (its maximum)', () => {
  it.each([
    [{ enabled: true, maximumAmountCents: null }, 10_000_000, true],
    [{ enabled: true, maximumAmountCents: 500_000 }, 500_000, true],
    [{ enabled: true, maximumAmountCents: 500_000 }, 500_001, false],
    [{ enabled: false, maximumAmountCents: null }, 100, false],
  ])('%j takes %i: %s', (configuration, total, ok) => {
    expect(canMethodTakeOrder(configuration, total)).toBe(ok);
  });
});
