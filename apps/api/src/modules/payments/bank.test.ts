import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@token/domain/errors';
import { orderPaymentReference } from '@token/domain/payments';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCredits, channels, partnerEvents, sandboxBankEntries } from '../../db/schema/index.ts';
import { isSandboxBank } from '../../partners/bank/create-bank.ts';
import { sandboxSignatureHeader } from '../../partners/identification/sandbox/sandbox-identification.ts';
import { hmacSha256Hex, signWebhook } from '../../partners/webhook-signatures.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { importBankStatement } from './bank-credits.service.ts';

let t: TestApp;
const booking = () => ({ mail: t.partners.mail, publicUrl: 'http://localhost:3000' });
const collectionIban = 'DE89370400440532013000';
const webhookPath = '/api/v2/shop/payments/bank/webhook/sandbox';
const fixtures = join(import.meta.dirname, '../../partners/bank/fixtures');

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.app.db.insert(channels).values({
    code: 'token',
    name: 'Tokenwerk',
    contactEmail: 'service@tokenwerk.example',
    companyName: 'Tokenwerk Emissionen GmbH',
    companyStreet: 'Friedrichstraße 100',
    companyPostcode: '10117',
    companyCity: 'Berlin',
    companyCountryCode: 'DE',
    bankAccountHolder: 'Tokenwerk Emissionen GmbH',
    bankIban: collectionIban,
    bankBic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    baseCurrencyCode: 'EUR',
    defaultLocaleCode: 'de',
  });
});
afterAll(async () => {
  await t.close();
});

const secret = () => hmacSha256Hex(t.config.appSecret, 'bank-sandbox:webhook');
const bankCount = async () => (await t.app.db.select({ n: count() }).from(bankCredits))[0]?.n ?? 0;

async function formToken(lang = 'de') {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/bank?locale=${lang}` });
  expect(res.statusCode).toBe(200);
  const m = /name="token" value="([^"]+)"/.exec(res.body);
  expect(m).not.toBeNull();
  return { token: m![1]!, html: res.body };
}

function book(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers?locale=en',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

function creditEvent(id: string, entryReference: string, amountCents = 12_345) {
  return JSON.stringify({
    id,
    type: 'credit.booked',
    created: new Date().toISOString(),
    data: {
      amountCents,
      currency: 'EUR',
      remittanceText: 'RF45TW000123',
      structuredReference: null,
      debtorName: 'Erika Mustermann',
      debtorIban: 'DE02120300000000202051',
      bookingDate: '2026-11-24',
      valueDate: '2026-11-24',
      entryReference,
      statementId: null,
    },
  });
}

function post(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: webhookPath,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [sandboxSignatureHeader]: signature } : {}),
    },
    payload: body,
  });
}

describe('the sandbox bank', () => {
  it('is the bank partner outside production, with its page in both languages', async () => {
    expect(isSandboxBank(t.partners.bank)).toBe(true);
    const de = await formToken('de');
    expect(de.html).toContain('Eingehende Überweisung buchen');
    expect(de.html).toContain(collectionIban);
    const en = await formToken('en');
    expect(en.html).toContain('Book an incoming transfer');
  });

  it('books a transfer, reports it by signed webhook, and the platform records the credit to the cent', async () => {
    const { token } = await formToken();
    const reference = orderPaymentReference('TW', '000777');
    const res = await book({
      token,
      accountIban: collectionIban,
      debtorName: 'Erika Mustermann',
      debtorIban: 'DE02 1203 0000 0000 2020 51',
      amount: '1.234,56',
      remittanceText: `Zeichnung ${reference}`,
    });
    expect(res.statusCode).toBe(303);
    const ref = /booked=(SBX[0-9A-F]+)/.exec(res.headers.location as string)?.[1];
    expect(ref).toBeDefined();
    const [entry] = await t.app.db
      .select()
      .from(sandboxBankEntries)
      .where(eq(sandboxBankEntries.entryReference, ref!));
    expect(entry).toMatchObject({
      amountCents: 123_456,
      debtorIban: 'DE02120300000000202051',
      deliveredAt: null,
    });

    // The delivery job (delayed), then the platform's job.
    await t.jobs.drain({ includeDelayed: true });
    await t.jobs.drain({ includeDelayed: true });
    const [credit] = await t.app.db.select().from(bankCredits).where(eq(bankCredits.entryReference, ref!));
    expect(credit).toMatchObject({
      source: 'sandbox',
      amountCents: 123_456,
      currency: 'EUR',
      remittanceText: `Zeichnung ${reference}`,
      debtorName: 'Erika Mustermann',
      status: 'unmatched',
      matchedOrderId: null,
    });
    const [delivered] = await t.app.db
      .select()
      .from(sandboxBankEntries)
      .where(eq(sandboxBankEntries.id, entry!.id));
    expect(delivered?.deliveredAt).not.toBeNull();
    const events = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, entry!.eventId));
    expect(events).toHaveLength(1);
    expect(events[0]?.processedAt).not.toBeNull();

    const page = await t.app.inject({ method: 'GET', url: `/sandbox/bank?locale=de&booked=${ref}` });
    expect(page.body).toContain(`Gebucht unter der Referenz ${ref}`);
    expect(page.body.replaceAll('\u00a0', ' ')).toContain('1.234,56 €');
  });

  it.each<[string, Record<string, string>, number]>([
    ['a bad IBAN', { debtorIban: 'DE00123' }, 400],
    ['a zero amount', { amount: '0' }, 400],
    ['an unreadable amount', { amount: 'zwölf' }, 400],
    ['an amount too large', { amount: '1000000000' }, 400],
    ['an empty name', { debtorName: ' ' }, 400],
    // The app-wide guard refuses control characters in any body first (problem+json).
    ['a control character in the remittance', { remittanceText: 'a\u0007b' }, 422],
    ['an account that is not a collection account', { accountIban: 'DE02120300000000202051' }, 400],
    ['a forged form token', { token: `${Date.now()}.${'0'.repeat(40)}` }, 403],
  ])('refuses %s', async (_name, change, status) => {
    const { token } = await formToken();
    const before = (await t.app.db.select({ n: count() }).from(sandboxBankEntries))[0]?.n;
    const res = await book({
      token,
      accountIban: collectionIban,
      debtorName: 'Max Muster',
      debtorIban: 'DE02120300000000202051',
      amount: '10,00',
      remittanceText: 'x',
      ...change,
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain(status === 422 ? 'problem+json' : 'text/html');
    expect((await t.app.db.select({ n: count() }).from(sandboxBankEntries))[0]?.n).toBe(before);
  });

  it('refuses a form posted from another origin', async () => {
    const { token } = await formToken();
    const res = await book(
      {
        token,
        accountIban: collectionIban,
        debtorName: 'A',
        debtorIban: 'DE02120300000000202051',
        amount: '1',
      },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('the bank webhook route', () => {
  it('refuses a forged signature, a missing one, and a replay outside the 5-minute window', async () => {
    const body = creditEvent('evt_forged', 'E-FORGED');
    expect((await post(body, signWebhook('not-the-secret', body))).statusCode).toBe(401);
    expect((await post(body, undefined)).statusCode).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 301;
    const replay = await post(body, signWebhook(secret(), body, old));
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['content-type']).toContain('application/problem+json');
    expect(replay.json().code).toBe('webhook_signature_invalid');
    // A body changed after signing.
    const signed = signWebhook(secret(), body);
    expect((await post(body.replace('12345', '99999'), signed)).statusCode).toBe(401);
    const events = await t.app.db.select().from(partnerEvents).where(eq(partnerEvents.eventId, 'evt_forged'));
    expect(events).toHaveLength(0);
  });

  it('answers 404 for another provider', async () => {
    const body = creditEvent('evt_x', 'E-X');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/payments/bank/webhook/ebics',
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signWebhook(secret(), body) },
      payload: body,
    });
    expect(res.statusCode).toBe(404);
  });

  it('records the same event sent 20 times at once exactly once, and its credit once', async () => {
    const body = creditEvent('evt_twenty', 'E-TWENTY', 100_001);
    const before = await bankCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(body, signWebhook(secret(), body))),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    await t.jobs.drain({ includeDelayed: true });
    const events = await t.app.db.select().from(partnerEvents).where(eq(partnerEvents.eventId, 'evt_twenty'));
    expect(events).toHaveLength(1);
    expect(await bankCount()).toBe(before + 1);
    const [credit] = await t.app.db
      .select()
      .from(bankCredits)
      .where(eq(bankCredits.entryReference, 'E-TWENTY'));
    expect(credit?.amountCents).toBe(100_001);
  });

  it('records a second event for the same bank entry once (a different event id, the same booking)', async () => {
    const a = creditEvent('evt_entry_a', 'E-SAME');
    const b = creditEvent('evt_entry_b', 'E-SAME');
    expect((await post(a, signWebhook(secret(), a))).statusCode).toBe(200);
    expect((await post(b, signWebhook(secret(), b))).statusCode).toBe(200);
    await t.jobs.drain({ includeDelayed: true });
    const rows = await t.app.db.select().from(bankCredits).where(eq(bankCredits.entryReference, 'E-SAME'));
    expect(rows).toHaveLength(1);
    // Whichever job ran second found the booking recorded (on PostgreSQL the order may vary).
    const both = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.provider, 'bank-sandbox'));
    const errors = both.filter((e) => e.eventId.startsWith('evt_entry_')).map((e) => e.error ?? 'none');
    expect(errors.sort()).toEqual(['duplicate_entry_reference', 'none']);
  });

  it('keeps a malformed or unknown event with its error and does not retry it', async () => {
    const unknown = JSON.stringify({ id: 'evt_unknown', type: 'debit.booked', data: {} });
    expect((await post(unknown, signWebhook(secret(), unknown))).statusCode).toBe(200);
    const bad = JSON.stringify({ id: 'evt_bad', type: 'credit.booked', data: { amountCents: -5 } });
    expect((await post(bad, signWebhook(secret(), bad))).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.provider, 'bank-sandbox'));
    expect(rows.find((r) => r.eventId === 'evt_unknown')?.error).toBe('unknown_event_type');
    expect(rows.find((r) => r.eventId === 'evt_bad')?.error).toBe('malformed_payload');
  });

  it('answers 400 to a body that is not JSON (after a valid signature)', async () => {
    const body = '{not json';
    const res = await post(body, signWebhook(secret(), body));
    expect(res.statusCode).toBe(400);
  });
});

describe('statement import', () => {
  it("reads the sandbox bank's camt.054: every booking it reported already is a duplicate", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/bank/camt054.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const before = await bankCount();
    const result = await importBankStatement({
      db: t.app.db,
      file: Buffer.from(res.body),
      booking: booking(),
    });
    expect(result.type).toBe('camt.054');
    expect(result.credits).toBeGreaterThan(0);
    expect(result.recorded).toBe(0);
    expect(result.duplicates).toBe(result.credits);
    expect(await bankCount()).toBe(before);
  });

  it('imports a camt.053 once: the same file twice records nothing twice', async () => {
    const file = readFileSync(join(fixtures, 'camt053-v02-batch.xml'));
    const before = await bankCount();
    const first = await importBankStatement({ db: t.app.db, file, booking: booking() });
    expect(first).toMatchObject({ type: 'camt.053', credits: 4, recorded: 4, duplicates: 0 });
    const second = await importBankStatement({ db: t.app.db, file, booking: booking() });
    expect(second).toMatchObject({ credits: 4, recorded: 0, duplicates: 4 });
    expect(await bankCount()).toBe(before + 4);
    const rows = await t.app.db.select().from(bankCredits).where(eq(bankCredits.source, 'camt'));
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([1, 90_028, 100_000, 250_000]);
  });

  it('imports a statement whose Document declares xmlns:xsi before its own namespace (issue 21)', async () => {
    const file = readFileSync(join(fixtures, 'camt053-v02-xsi-first-crlf.xml'));
    const before = await bankCount();
    const result = await importBankStatement({ db: t.app.db, file, booking: booking() });
    expect(result).toMatchObject({ type: 'camt.053', credits: 1, recorded: 1, duplicates: 0 });
    expect(await bankCount()).toBe(before + 1);
  });

  it('refuses an XXE attempt and a file that is not camt, recording nothing', async () => {
    const before = await bankCount();
    for (const [name, code] of [
      ['xxe.xml', 'bank_statement_unsafe'],
      ['pain001.xml', 'bank_statement_invalid'],
    ] as const) {
      const err = await importBankStatement({
        db: t.app.db,
        file: readFileSync(join(fixtures, name)),
        booking: booking(),
      }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(code);
    }
    expect(await bankCount()).toBe(before);
  });
});
