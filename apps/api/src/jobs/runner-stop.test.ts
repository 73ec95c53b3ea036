import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { listQueuedJobs } from '../test/job-queue.ts';
import { enqueueJob } from './enqueue.ts';
import { defineJob } from './job.ts';
import { withHandler } from './job-handler.ts';
import { createJobRunner } from './runner.ts';

// Decision 027: a stopping runner lets running jobs finish within its deadline and hands the rest back.
const started: number[] = [];
const finished: number[] = [];
let release: () => void = () => {};
let released = new Promise<void>((resolve) => {
  release = resolve;
});
const slowJob = withHandler(
  defineJob({ name: 'test.slow', payload: z.object({ n: z.number().int() }) }),
  async (_ctx, { n }) => {
    started.push(n);
    await released;
    finished.push(n);
  },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

const runnerFor = () =>
  createJobRunner({
    dbHandle: t.app.dbHandle,
    log: t.app.log,
    partners: t.partners,
    config: t.config,
    definitions: [slowJob],
    pollingIntervalSeconds: 0.05,
    batchSize: 5,
  });

describe('stopping the job runner', () => {
  it('hands back the job still running at the deadline and the ones not started, without using an attempt', async () => {
    const runner = runnerFor();
    await runner.init();
    for (const n of [1, 2, 3]) await enqueueJob(t.app.db, slowJob, { n });
    await runner.start();
    while (started.length === 0) await sleep(20);
    expect(runner.status().state).toBe('running');

    await runner.stop({ timeoutMs: 300 });
    expect(runner.status().state).toBe('stopped');
    const jobs = await listQueuedJobs(t.app.db, slowJob.name);
    expect(jobs.map((j) => [j.data.n, j.state, j.retryCount])).toEqual([
      [1, 'created', 0],
      [2, 'created', 0],
      [3, 'created', 0],
    ]);
    expect(jobs.every((j) => j.dueInSeconds <= 0)).toBe(true);

    // The next process runs all three (the cut run's outcome is ignored: handlers are idempotent).
    release();
    const next = runnerFor();
    expect(await next.drain()).toBe(3);
    const done = await listQueuedJobs(t.app.db, slowJob.name);
    expect(done.map((j) => j.state)).toEqual(['completed', 'completed', 'completed']);
    await next.stop();
  });

  it('lets a running job finish when it ends within the deadline', async () => {
    released = new Promise<void>((resolve) => {
      release = resolve;
    });
    started.length = 0;
    finished.length = 0;
    const runner = runnerFor();
    await enqueueJob(t.app.db, slowJob, { n: 4 });
    await runner.start();
    while (started.length === 0) await sleep(20);
    setTimeout(() => release(), 200);
    await runner.stop({ timeoutMs: 5_000 });
    expect(finished).toEqual([4]);
    const job = (await listQueuedJobs(t.app.db, slowJob.name)).find((j) => j.data.n === 4);
    expect(job?.state).toBe('completed');
  });
});
