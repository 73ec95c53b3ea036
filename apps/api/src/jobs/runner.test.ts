import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutboxMail } from '../partners/mail/outbox.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { listQueuedJobs, makeJobDue } from '../test/job-queue.ts';
import { enqueueJob } from './enqueue.ts';
import { defineJob } from './job.ts';
import { withHandler } from './job-handler.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

const seen: number[] = [];
const echoJob = withHandler(
  defineJob({ name: 'test.echo', payload: z.object({ n: z.number().int() }) }),
  async (_ctx, { n }) => {
    seen.push(n);
  },
);

const attempts: { key: string; attempt: number; maxAttempts: number }[] = [];
const flakyJob = withHandler(
  defineJob({
    name: 'test.flaky',
    payload: z.object({ key: z.string(), failures: z.number().int() }),
    retry: { limit: 3, delaySeconds: 30, backoff: true },
  }),
  async ({ job }, { key, failures }) => {
    attempts.push({ key, attempt: job.attempt, maxAttempts: job.maxAttempts });
    if (job.attempt <= failures) throw new Error(`attempt ${job.attempt} refused`);
  },
);

let t: TestApp;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  runner = createJobRunner({
    dbHandle: t.app.dbHandle,
    log: t.app.log,
    partners: { ...t.partners, mail: createOutboxMail() },
    config: t.config,
    definitions: [echoJob, flakyJob],
  });
  await runner.init();
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

describe('enqueueing', () => {
  it('adds no job when the transaction rolls back, and a job that runs once when it commits', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await runner.enqueue(tx, echoJob, { n: 1 });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await runner.drain()).toBe(0);
    expect(seen).toEqual([]);

    await t.app.db.transaction(async (tx) => {
      await runner.enqueue(tx, echoJob, { n: 2 });
    });
    expect(await runner.drain()).toBe(1);
    expect(seen).toEqual([2]);
    expect(await runner.drain()).toBe(0);
    expect(seen).toEqual([2]);
  });

  it('refuses a payload its schema rejects, a job the runner does not serve, and a queue that does not exist', async () => {
    await expect(runner.enqueue(t.app.db, echoJob, { n: 'x' } as unknown as { n: number })).rejects.toThrow();
    const strangerJob = defineJob({ name: 'test.stranger', payload: z.object({}) });
    await expect(runner.enqueue(t.app.db, strangerJob, {})).rejects.toThrow('unknown job test.stranger');
    await expect(enqueueJob(t.app.db, strangerJob, {})).rejects.toThrow('no such queue');
    expect(await listQueuedJobs(t.app.db, 'test.echo')).toHaveLength(1);
  });

  it('starts a job no earlier than asked', async () => {
    await runner.enqueue(t.app.db, echoJob, { n: 3 }, { startAfter: 600 });
    expect(await runner.drain()).toBe(0);
    expect(await runner.drain({ includeDelayed: true })).toBe(1);
    expect(seen).toEqual([2, 3]);
  });
});

describe('retries', () => {
  it('retries a failing job with doubling back-off and fails it after the last attempt', async () => {
    await runner.enqueue(t.app.db, flakyJob, { key: 'always', failures: 99 });
    const waits: { min: number; max: number }[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await runner.drain()).toBe(1);
      const [job] = (await listQueuedJobs(t.app.db, 'test.flaky')).filter((j) => j.data.key === 'always');
      if (attempt < 4) {
        expect(job).toMatchObject({ state: 'retry' });
        // Due no earlier than the back-off after the attempt started, no later than it from now.
        waits.push({ min: job!.dueAfterStartSeconds!, max: job!.dueInSeconds });
        expect(await runner.drain()).toBe(0); // not due yet
        await makeJobDue(t.app.db, job!.id);
      } else {
        expect(job).toMatchObject({ state: 'failed' });
      }
    }
    // 30 s doubled per attempt, with up to 100 % jitter.
    waits.forEach(({ min, max }, i) => {
      expect(min).toBeGreaterThanOrEqual(30 * 2 ** i);
      expect(max).toBeLessThanOrEqual(60 * 2 ** i);
    });
    expect(attempts.filter((a) => a.key === 'always')).toEqual(
      [1, 2, 3, 4].map((attempt) => ({ key: 'always', attempt, maxAttempts: 4 })),
    );
    expect(await runner.drain({ includeDelayed: true })).toBe(0);
  });

  it('completes a job whose retry succeeds', async () => {
    await runner.enqueue(t.app.db, flakyJob, { key: 'once', failures: 1 });
    expect(await runner.drain({ includeDelayed: true })).toBe(2);
    const [job] = (await listQueuedJobs(t.app.db, 'test.flaky')).filter((j) => j.data.key === 'once');
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});

describe('in the background', () => {
  it('runs newly enqueued jobs without being drained, and stop() ends the polling', async () => {
    const background = createJobRunner({
      dbHandle: t.app.dbHandle,
      log: t.app.log,
      partners: { ...t.partners, mail: createOutboxMail() },
      config: t.config,
      definitions: [echoJob, flakyJob],
      pollingIntervalSeconds: 0.2,
    });
    await background.start();
    try {
      await runner.enqueue(t.app.db, echoJob, { n: 4 });
      await expect.poll(() => seen.includes(4), { timeout: 10_000 }).toBe(true);
    } finally {
      await background.stop();
    }
    await runner.enqueue(t.app.db, echoJob, { n: 5 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen).not.toContain(5);
    expect(await runner.drain()).toBe(1);
  });
});
