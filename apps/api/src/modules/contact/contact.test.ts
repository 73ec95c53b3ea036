import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, contactMessages, mailOutbox } from '../../db/schema/index.ts';
import { runnableJobs } from '../../jobs/definitions.ts';
import { mailDeliverJob } from '../../jobs/mail-deliver.job.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { createOutboxMail } from '../../partners/mail/outbox.ts';
import type { MailPort, OutgoingMail } from '../../partners/mail/port.ts';
import { createSmtpMail } from '../../partners/mail/smtp.ts';
import { buildApp } from '../../server.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { sendContactMessage } from './contact.service.ts';

let t: TestApp;
let contactEmail: string;

const valid = {
  name: 'Erika Mustermann',
  email: 'erika@example.com',
  subject: 'Frage zur Solaranleihe',
  message: 'Wann wird der Kupon der Solaranleihe ausgezahlt?',
};

beforeAll(async () => {
  t = await createTestApp();
  // docs/demo-data.md: the channel `token` receives contact mail.
  const [channel] = await t.app.db.select().from(channels).where(eq(channels.code, 'token'));
  contactEmail = channel!.contactEmail;
  expect(contactEmail).toBe('kontakt@tokenwerk.example');
});
afterAll(async () => {
  await t.close();
});

const post = (body: unknown, opts: { ip?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/shop/contact',
    payload: body as object,
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers: { 'accept-language': opts.lang ?? 'de' },
  });

describe('POST /api/v2/shop/contact', () => {
  it('stores the message and queues a mail to the channel contact address, readable in the dev mailbox', async () => {
    const res = await post(valid, { ip: '10.0.0.2', lang: 'en' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [stored] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ ...valid, locale: 'en' });

    const mailbox = await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(contactEmail)}` });
    expect(mailbox.statusCode).toBe(200);
    const [mail] = mailbox.json();
    expect(mail).toMatchObject({
      to: contactEmail,
      replyTo: valid.email,
      subject: `Kontaktanfrage: ${valid.subject}`,
      template: 'contact_form',
      status: 'captured', // no SMTP_URL: kept for the mailbox, nothing to deliver
    });
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('Sprache: Englisch');

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Kontaktanfrage: Frage zur Solaranleihe');
  });

  it('escapes what a sender wrote when the mailbox page shows it', async () => {
    const res = await post({ ...valid, subject: '<script>alert(1)</script>' }, { ip: '10.0.0.3' });
    expect(res.statusCode).toBe(201);
    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers 422 with violations in the German or English of the request', async () => {
    const bad = { name: 'E', email: 'not-an-email', subject: 'Hi', message: '' };
    const de = await post(bad, { ip: '10.0.0.4', lang: 'de' });
    expect(de.statusCode).toBe(422);
    expect(de.headers['content-type']).toContain('application/problem+json');
    const body = de.json();
    expect(body.code).toBe('validation_failed');
    const byPath = Object.fromEntries(
      body.violations.map((v: { propertyPath: string }) => [v.propertyPath, v]),
    );
    expect(byPath.email).toMatchObject({
      code: 'invalid_email',
      message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    });
    expect(byPath.name).toMatchObject({
      code: 'too_short',
      message: 'Der Text muss mindestens 2 Zeichen lang sein',
    });

    const en = await post(bad, { ip: '10.0.0.4', lang: 'en' });
    const enByPath = Object.fromEntries(
      en.json().violations.map((v: { propertyPath: string }) => [v.propertyPath, v]),
    );
    expect(enByPath.email.message).toBe('Please enter a valid e-mail address');
    expect(enByPath.subject.message).toBe('Text must be at least 3 characters long');
  });

  it('rejects missing fields, unknown fields and overlong text without storing anything', async () => {
    const before = await t.app.db.select().from(contactMessages);
    const missing = await post({ email: valid.email }, { ip: '10.0.0.5', lang: 'en' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: 'name', code: 'required' })]),
    );
    const unknown = await post({ ...valid, admin: true }, { ip: '10.0.0.5' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().violations[0]).toMatchObject({ propertyPath: 'admin', code: 'unknown_parameter' });
    const long = await post({ ...valid, message: 'x'.repeat(5001) }, { ip: '10.0.0.6' });
    expect(long.statusCode).toBe(422);
    expect(long.json().violations[0]).toMatchObject({ propertyPath: 'message', code: 'too_long' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/contact',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.0.6',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('limits each IP to 5 messages per window with a 429 problem', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, { ip: '10.0.9.9' })).statusCode).toBe(201);
    const limited = await post(valid, { ip: '10.0.9.9', lang: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({
      code: 'too_many_requests',
      title: 'Too many requests. Please try again shortly.',
    });
    // another visitor is not affected
    expect((await post(valid, { ip: '10.0.9.10' })).statusCode).toBe(201);
  });

  it('counts the limit in the database, so a second API process shares the window', async () => {
    // A second process on the same database (its close must not close the shared connection).
    const second = await buildApp({
      config: t.config,
      db: { ...t.app.dbHandle, close: async () => {} },
      partners: t.app.partners,
    });
    try {
      const ip = '10.0.7.7';
      const viaSecond = () =>
        second.inject({ method: 'POST', url: '/api/v2/shop/contact', payload: valid, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await post(valid, { ip })).statusCode).toBe(201);
      for (let i = 0; i < 2; i++) expect((await viaSecond()).statusCode).toBe(201);
      expect((await viaSecond()).statusCode).toBe(429);
      expect((await post(valid, { ip })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('partners', () => {
  it('mails through the mail partner the app was built with (routes build no adapter)', async () => {
    const sent: OutgoingMail[] = [];
    const outbox = createOutboxMail();
    const mail: MailPort = {
      kind: 'outbox',
      queue: async (db, m) => {
        sent.push(m);
        return outbox.queue(db, m);
      },
      send: outbox.send,
    };
    const app = await buildApp({
      config: t.config,
      db: { ...t.app.dbHandle, close: async () => {} },
      partners: { ...t.app.partners, mail },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/shop/contact',
        payload: valid,
        remoteAddress: '10.0.8.8',
      });
      expect(res.statusCode).toBe(201);
      expect(sent).toEqual([expect.objectContaining({ to: contactEmail, replyTo: valid.email })]);
    } finally {
      await app.close();
    }
  });
});

describe('SMTP delivery', () => {
  // A runner like the app's, delivering through the test's transport; the test drains it.
  const deliveringWith = (mail: MailPort) =>
    createJobRunner({
      dbHandle: t.app.dbHandle,
      log: t.app.log,
      partners: { ...t.partners, mail },
      config: t.config,
      // only the mail delivery: the demo data's queued registrar job is not this test's concern
      definitions: runnableJobs.filter((d) => d.name === mailDeliverJob.name),
    });

  it('sends the mail through the transport after commit and records it as sent', async () => {
    const mail = createSmtpMail({ transport: { jsonTransport: true } });
    const jobs = deliveringWith(mail);
    const { id } = await sendContactMessage({ db: t.app.db, mail, locale: 'de', input: valid });
    expect(id).toBeGreaterThan(0);
    const subject = `Kontaktanfrage: ${valid.subject}`;
    const queued = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(queued).toEqual([expect.objectContaining({ subject, attempts: 0 })]);

    expect(await jobs.drain()).toBe(1);
    const rows = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, toAddress: contactEmail, subject, lastError: null });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
    await jobs.stop();
  });

  it('records a failed delivery on the row and retries it, instead of failing the request', async () => {
    const mail = createSmtpMail({
      transport: {
        host: '127.0.0.1',
        port: 1,
        secure: false,
        connectionTimeout: 1000,
        greetingTimeout: 1000,
      },
    });
    const jobs = deliveringWith(mail);
    await sendContactMessage({
      db: t.app.db,
      mail,
      locale: 'de',
      input: { ...valid, subject: 'Unzustellbar' },
    });
    const row = async () =>
      (
        await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Kontaktanfrage: Unzustellbar'))
      )[0];
    expect(await jobs.drain()).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row())!.lastError).toBeTruthy();

    // All retries at once, as if their back-off had passed: failed after the last one.
    expect(await jobs.drain({ includeDelayed: true })).toBe(8);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 9 });
    await jobs.stop();
  });
});
