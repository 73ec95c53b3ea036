import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountTokens,
  authSessions,
  customers,
  rateLimitCounters,
  refreshTokens,
} from '../db/schema/index.ts';
import { createOutboxMail } from '../partners/mail/outbox.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { runnableJobs } from './definitions.ts';
import { purgeJob } from './purge.job.ts';
import { createJobRunner } from './runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

const windows = async () =>
  (await t.app.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key).sort();

const addWindows = async () => {
  await t.app.db.delete(rateLimitCounters);
  await t.app.db.insert(rateLimitCounters).values([
    { key: 'POST /contact|10.0.0.1', count: 5, windowStartedAt: sql`now() - interval '2 days'` },
    { key: 'POST /contact|10.0.0.2', count: 1, windowStartedAt: sql`now() - interval '25 hours'` },
    { key: 'POST /contact|10.0.0.3', count: 2, windowStartedAt: sql`now() - interval '10 minutes'` },
  ]);
};

describe('the purge job', () => {
  it('deletes rate-limit windows older than a day and keeps current ones', async () => {
    await addWindows();
    await t.jobs.enqueue(t.app.db, purgeJob, {});
    expect(await t.jobs.drain()).toBe(1);
    expect(await windows()).toEqual(['POST /contact|10.0.0.3']);
  });

  it('deletes mailed links, refresh tokens and sessions that can no longer be used, and keeps live ones', async () => {
    const [c] = await t.app.db.insert(customers).values({ email: 'purge@example.com' }).returning();
    const ago = (interval: string) => sql`now() - ${interval}::interval`;
    const ahead = sql`now() + interval '1 hour'`;
    await t.app.db.insert(accountTokens).values([
      { customerId: c!.id, purpose: 'verify_email', tokenHash: 'old', expiresAt: ago('31 days') },
      { customerId: c!.id, purpose: 'reset_password', tokenHash: 'live', expiresAt: ahead },
    ]);
    const sessions = await t.app.db
      .insert(authSessions)
      .values([
        { customerId: c!.id, expiresAt: ago('91 days') },
        { customerId: c!.id, expiresAt: ahead },
      ])
      .returning({ id: authSessions.id });
    await t.app.db.insert(refreshTokens).values([
      { sessionId: sessions[1]!.id, tokenHash: 'used-long-ago', createdAt: ago('14 hours') },
      { sessionId: sessions[1]!.id, tokenHash: 'current' },
    ]);
    await t.jobs.enqueue(t.app.db, purgeJob, {});
    await t.jobs.drain();
    expect((await t.app.db.select().from(accountTokens)).map((r) => r.tokenHash)).toEqual(['live']);
    expect((await t.app.db.select().from(authSessions)).map((r) => r.id)).toEqual([sessions[1]!.id]);
    expect((await t.app.db.select().from(refreshTokens)).map((r) => r.tokenHash)).toEqual(['current']);
  });

  it('runs on its schedule in a started runner', async () => {
    await addWindows();
    // The hourly schedule, due every minute for the test; pg-boss enqueues each due run once.
    const purge = runnableJobs.find((j) => j.name === purgeJob.name)!;
    const runner = createJobRunner({
      dbHandle: t.app.dbHandle,
      log: t.app.log,
      partners: { ...t.partners, mail: createOutboxMail() },
      config: t.config,
      definitions: [{ ...purge, schedule: { cron: '* * * * *' } }],
      pollingIntervalSeconds: 0.5,
    });
    await runner.start();
    try {
      await expect.poll(windows, { timeout: 20_000, interval: 200 }).toEqual(['POST /contact|10.0.0.3']);
    } finally {
      await runner.stop();
    }
  });
});
