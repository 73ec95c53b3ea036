import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { type DbHandle, openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createMailPort } from '../partners/mail/create-mail.ts';
import { createOutboxMail } from '../partners/mail/outbox.ts';
import type { OutgoingMail } from '../partners/mail/port.ts';
import { createSmtpMail } from '../partners/mail/smtp.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { startFakeSmtp } from '../test/fake-smtp.ts';
import { listQueuedJobs, makeJobDue } from '../test/job-queue.ts';
import { stubMailTransport } from '../test/stub-mail-transport.ts';
import { enqueueJob } from './enqueue.ts';
import { interruptedDeliveryError, mailDeliverJob } from './mail-deliver.job.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

let t: TestApp;
const runners: JobRunner[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});
afterAll(async () => {
  await t.close();
});

const mailAbout = (subject: string): OutgoingMail => ({
  to: 'anna@example.com',
  from: 'noreply@tokenwerk.example',
  subject,
  text: 'Hallo Anna',
  template: 'verify_email',
});

/** An SMTP adapter on a stub transport and a runner (as in another process) delivering with it. */
function smtpProcess(
  stub: ReturnType<typeof stubMailTransport>,
  opts: { dbHandle?: DbHandle; batchSize?: number } = {},
) {
  const mail = createSmtpMail({ transport: stub.transport });
  const jobs = createJobRunner({
    dbHandle: opts.dbHandle ?? t.app.dbHandle,
    log: t.app.log,
    partners: { ...t.partners, mail },
    config: t.config,
    ...(opts.batchSize ? { batchSize: opts.batchSize } : {}),
  });
  runners.push(jobs);
  return { mail, jobs };
}

const outboxRow = async (id: number) =>
  (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

const deliveryJobs = async (mailId: number) =>
  (await listQueuedJobs(t.app.db, mailDeliverJob.name)).filter((j) => j.data.mailId === mailId);

describe('queueing a mail', () => {
  it('writes the mail and its delivery job in the caller’s transaction: a rollback leaves neither', async () => {
    const stub = stubMailTransport();
    const { mail, jobs } = smtpProcess(stub);
    await expect(
      t.app.db.transaction(async (tx) => {
        await mail.queue(tx, mailAbout('Rolled back'));
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Rolled back'))).toEqual([]);
    expect(await jobs.drain()).toBe(0);
    expect(stub.calls()).toBe(0);
  });

  it('without SMTP keeps the mail captured for the dev mailbox and queues no delivery', async () => {
    const id = await createOutboxMail().queue(t.app.db, mailAbout('Captured'));
    expect(await outboxRow(id)).toMatchObject({ status: 'captured', attempts: 0 });
    expect(await deliveryJobs(id)).toEqual([]);
  });
});

describe('delivering', () => {
  it('sends a committed mail once, with a stable Message-ID, and records it as sent', async () => {
    const stub = stubMailTransport();
    const { mail, jobs } = smtpProcess(stub);
    const id = await t.app.db.transaction((tx) => mail.queue(tx, mailAbout('Willkommen')));
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await jobs.drain()).toBe(1);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(stub.sent).toEqual([
      {
        to: 'anna@example.com',
        subject: 'Willkommen',
        text: 'Hallo Anna',
        messageId: `<outbox-${id}.${row!.createdAt.getTime()}@tokenwerk.example>`,
      },
    ]);

    // Running again, or a second job for the same mail, sends nothing more.
    expect(await jobs.drain({ includeDelayed: true })).toBe(0);
    await enqueueJob(t.app.db, mailDeliverJob, { mailId: id });
    expect(await jobs.drain()).toBe(1);
    expect(stub.sent).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a refused mail with growing back-off and marks it failed only after the last attempt', async () => {
    const stub = stubMailTransport({ refuse: () => new Error('421 4.3.2 Service not available') });
    const { mail, jobs } = smtpProcess(stub);
    const id = await mail.queue(t.app.db, mailAbout('Unzustellbar'));
    const waits: { min: number; max: number }[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(await jobs.drain()).toBe(1);
      const [job] = await deliveryJobs(id);
      if (attempt < 9) {
        expect(await outboxRow(id)).toMatchObject({
          status: 'pending',
          attempts: attempt,
          lastError: '421 4.3.2 Service not available',
        });
        waits.push({ min: job!.dueAfterStartSeconds!, max: job!.dueInSeconds });
        await makeJobDue(t.app.db, job!.id);
      } else {
        expect(job).toMatchObject({ state: 'failed' });
      }
    }
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 9 });
    // About 30 s, then doubling (each with up to 100 % jitter): 2 to 4 hours before giving up.
    waits.forEach(({ min, max }, i) => {
      expect(min).toBeGreaterThanOrEqual(30 * 2 ** i); // from the start of the attempt
      expect(max).toBeLessThanOrEqual(60 * 2 ** i); // from now
    });
    expect(stub.calls()).toBe(9);
    expect(stub.sent).toEqual([]);
  });

  it('delivers on a later attempt once the server takes mail again', async () => {
    const stub = stubMailTransport({
      refuse: (call) => (call <= 2 ? new Error('451 try later') : undefined),
    });
    const { mail, jobs } = smtpProcess(stub);
    const id = await mail.queue(t.app.db, mailAbout('Später'));
    expect(await jobs.drain({ includeDelayed: true })).toBe(3);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(stub.sent).toHaveLength(1);
  });

  it('does not resend a mail whose earlier attempt ended without recording an outcome', async () => {
    // The server took the mail, then the process died before the row said so: the row is left
    // `sending`, and pg-boss retries the job once it expires.
    const stub = stubMailTransport({
      refuse: (call) => (call === 1 ? new Error('connection lost') : undefined),
    });
    const { mail, jobs } = smtpProcess(stub);
    const id = await mail.queue(t.app.db, mailAbout('Unterbrochen'));
    expect(await jobs.drain()).toBe(1);
    await t.app.db.update(mailOutbox).set({ status: 'sending' }).where(eq(mailOutbox.id, id));

    expect(await jobs.drain({ includeDelayed: true })).toBe(1);
    expect(await outboxRow(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: interruptedDeliveryError,
    });
    expect(stub.calls()).toBe(1);
  });

  it('fails the attempt, and keeps the mail pending, on a process without a transport', async () => {
    const { mail } = smtpProcess(stubMailTransport());
    const id = await mail.queue(t.app.db, mailAbout('Ohne SMTP'));
    expect(await t.jobs.drain()).toBe(1); // the test app's runner uses the outbox adapter
    expect(await outboxRow(id)).toMatchObject({
      status: 'pending',
      lastError: expect.stringContaining('SMTP_URL'),
    });
    const [job] = await deliveryJobs(id);
    expect(job).toMatchObject({ state: 'retry' });
    await t.app.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, id));
    expect(await t.jobs.drain({ includeDelayed: true })).toBe(1); // then skips it
  });
});

describe('several API processes', () => {
  it('two runners on one database deliver each mail exactly once', async () => {
    // On PostgreSQL the second runner has its own connection pool, as another process would.
    let second: DbHandle = { ...t.app.dbHandle, close: async () => {} };
    if (t.kind === 'postgres')
      second = await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 5 });
    try {
      // A slow server, and one job per fetch: while one runner sends a mail, the other runs its twin job.
      const stubA = stubMailTransport({ delayMs: 20 });
      const stubB = stubMailTransport({ delayMs: 20 });
      const a = smtpProcess(stubA, { batchSize: 1 });
      const b = smtpProcess(stubB, { dbHandle: second, batchSize: 1 });
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const id = await t.app.db.transaction((tx) => (i % 2 ? a : b).mail.queue(tx, mailAbout(`Race ${i}`)));
        // A second job for every mail: the row claim, not only the queue, must prevent a resend.
        await enqueueJob(t.app.db, mailDeliverJob, { mailId: id });
        ids.push(id);
      }
      const [ranA, ranB] = await Promise.all([a.jobs.drain(), b.jobs.drain()]);
      expect(ranA + ranB).toBe(40);
      expect(Math.min(ranA, ranB)).toBeGreaterThan(5); // both did their share
      const sent = [...stubA.sent, ...stubB.sent];
      expect(sent).toHaveLength(20);
      expect(new Set(sent.map((m) => m.messageId)).size).toBe(20);
      const rows = await t.app.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(await t.app.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Race %'))).toHaveLength(
        20,
      );
    } finally {
      if (t.kind === 'postgres') await second.close();
    }
  });
});

describe('a mail server that stops answering (issue 21, decision 031)', () => {
  /** The settings as an operator gives them, for the SMTP server at `port`. */
  const settings = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, APP_SECRET: t.config.appSecret, ...env });

  /** The SMTP adapter as `createPartners` builds it from the settings, and a runner delivering with it. */
  function deliveringProcess(env: Record<string, string>) {
    const config = settings(env);
    const mail = createMailPort({ smtpUrl: config.smtpUrl, timeouts: config.smtpTimeouts });
    const jobs = createJobRunner({
      dbHandle: t.app.dbHandle,
      log: t.app.log,
      partners: { ...t.partners, mail },
      config: t.config,
    });
    runners.push(jobs);
    return { mail, jobs };
  }

  it.each([
    // A minute of silence, shortened to a second for the test.
    ['socket inactivity', { SMTP_SOCKET_TIMEOUT_SECONDS: '1' }],
    // The whole attempt, for a server that answers each command just in time.
    ['the attempt as a whole', { SMTP_SEND_TIMEOUT_SECONDS: '1' }],
  ])(
    'ends the attempt at the transport’s limit (%s), keeps the mail pending and delivers it on the retry',
    async (_limit, env) => {
      // The first mail's DATA is never answered; the server takes the next one.
      const smtp = await startFakeSmtp({ stallsOn: (n) => n === 1 });
      try {
        const { mail, jobs } = deliveringProcess({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...env });
        const id = await mail.queue(t.app.db, mailAbout('Hängender Server'));

        expect(await jobs.drain()).toBe(1);
        // The transport's own timeout ended the attempt inside the job (its error, the job retried).
        const row = await outboxRow(id);
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row!.lastError).toMatch(/^Timeout$|^the SMTP server took longer than 1 s/);
        const [job] = await deliveryJobs(id);
        expect(job).toMatchObject({ state: 'retry' });

        await makeJobDue(t.app.db, job!.id);
        expect(await jobs.drain()).toBe(1);
        expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        expect(smtp.mails).toHaveLength(1);
      } finally {
        await smtp.close();
      }
    },
    20_000,
  );

  it('gives the job at least twice the longest attempt the settings allow', () => {
    const jobMs = mailDeliverJob.timeoutSeconds! * 1000;
    const defaults = settings().smtpTimeouts;
    expect(jobMs).toBeGreaterThanOrEqual(2 * defaults.sendMs);
    for (const ms of [defaults.connectionMs, defaults.greetingMs, defaults.socketMs]) {
      expect(ms).toBeLessThan(defaults.sendMs);
    }
    const longest = String(mailDeliverJob.timeoutSeconds! / 2);
    expect(settings({ SMTP_SEND_TIMEOUT_SECONDS: longest }).smtpTimeouts.sendMs * 2).toBeLessThanOrEqual(
      jobMs,
    );
    expect(() =>
      settings({ SMTP_SEND_TIMEOUT_SECONDS: String(mailDeliverJob.timeoutSeconds! / 2 + 1) }),
    ).toThrow(ConfigError);
  });
});
