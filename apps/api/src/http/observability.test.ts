import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { mailDeliverJob } from '../jobs/mail-deliver.job.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { createStateRegistry } from '../observability/state-metrics.ts';
import { createSmtpMail } from '../partners/mail/smtp.ts';
import { buildApp } from '../server.ts';
import { personalSignUp, shop, signUp, uniqueEmail, uniqueIp } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { listQueuedJobs } from '../test/job-queue.ts';
import { stubMailTransport } from '../test/stub-mail-transport.ts';
import { listenMetricsPort } from './observability.ts';
import type { App } from './types.ts';

// Decision 027: /metrics, liveness and readiness, one request id from a request through its jobs.
let t: TestApp;
const stub = stubMailTransport();

beforeAll(async () => {
  // SMTP mail (on a stub transport): a sign-up's verification mail is a delivery job.
  t = await createTestApp({
    seed: 'reference',
    partners: { mail: createSmtpMail({ transport: stub.transport }) },
  });
});
afterAll(async () => {
  await t.close();
});

/** Another app on the same database with other operations settings (never closed: it would close the database). */
function appWith(
  operations: Partial<AppConfig['operations']['metrics']>,
  extra: { env?: AppConfig['env'] } = {},
) {
  const config: AppConfig = {
    ...t.config,
    ...(extra.env ? { env: extra.env } : {}),
    operations: {
      ...t.config.operations,
      metrics: { token: undefined, port: undefined, openOnApiPort: false, ...operations },
    },
  };
  return buildApp({ ...t.buildOptions, config });
}

const scrape = async (app: App, headers: Record<string, string> = {}) =>
  app.inject({ url: '/metrics', headers });

/** The value of one sample line (`name{labels} value`) in a scrape, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    await t.app.inject({ url: '/api/health' });
    const orderId = 'NOPE-ORDER-4711';
    const missing = await shop(t.app).get(`/orders/${orderId}`);
    expect(missing.status).toBe(401);
    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(text, 'http_requests_total', { route: '/api/health', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/health', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_requests_total', { route: '/api/v2/shop/orders/:tokenValue', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_errors_total', { status: '401', code: 'unauthorized' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).not.toContain(orderId);
    // The process's own figures come along.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reports the database pool, job queues and the mail backlog', async () => {
    await signUp(t.app, { email: uniqueEmail('metrics') });
    const text = (await scrape(t.app)).body;
    expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(t.kind === 'postgres' ? 5 : 1);
    expect(
      sample(text, 'job_queue_depth', { queue: mailDeliverJob.name, state: 'created' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'job_queue_oldest_due_seconds', { queue: mailDeliverJob.name }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mail_outbox_backlog', { status: 'pending' })).toBeGreaterThanOrEqual(1);
    // Delivered: the backlog empties and the runs are counted per queue.
    await t.jobs.drain();
    const after = (await scrape(t.app)).body;
    expect(sample(after, 'mail_outbox_backlog', { status: 'pending' })).toBe(0);
    expect(
      sample(after, 'jobs_runs_total', { queue: mailDeliverJob.name, outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts partner calls, failed logins and throttled attempts', async () => {
    expect((await t.app.inject({ url: '/open-api/exchange_rates' })).statusCode).toBe(200);
    const ip = uniqueIp();
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await shop(t.app, undefined, ip).post('/authentication-token', {
            email,
            password: 'wrong-Password-1',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const text = (await scrape(t.app)).body;
    expect(
      sample(text, 'partner_call_duration_seconds_count', { partner: 'exchangeRates', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'login_failures_total', { reason: 'bad_credentials' })).toBeGreaterThanOrEqual(10);
    expect(sample(text, 'throttled_total', { scope: 'login-fail' })).toBeGreaterThanOrEqual(1);
  });

  it('asks for the operator metrics token when one is configured', async () => {
    const app = await appWith({ token: 'operator-metrics-token-1' });
    expect((await scrape(app)).statusCode).toBe(401);
    expect((await scrape(app)).headers['www-authenticate']).toContain('Bearer');
    expect((await scrape(app, { authorization: 'Bearer operator-metrics-token-2' })).statusCode).toBe(401);
    const ok = await scrape(app, { authorization: 'Bearer operator-metrics-token-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
  });

  it('answers 404 in production when neither a token nor a port is configured', async () => {
    const app = await appWith({}, { env: 'production' });
    const res = await scrape(app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves /metrics on its own port when METRICS_PORT is set, and not on the API port', async () => {
    const config: AppConfig = {
      ...t.config,
      host: '127.0.0.1',
      // 0: any free port (the configuration itself asks for a fixed one).
      operations: {
        ...t.config.operations,
        metrics: { token: 'operator-metrics-token-1', port: 0, openOnApiPort: false },
      },
    };
    const app = await appWith({ port: 0 });
    expect((await scrape(app)).statusCode).toBe(404);
    const listener = await listenMetricsPort({ config, state: createStateRegistry(t.buildOptions.db) });
    try {
      const url = `http://127.0.0.1:${listener!.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: 'Bearer operator-metrics-token-1' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('db_pool_connections');
    } finally {
      await listener?.close();
    }
  });
});

describe('liveness and readiness', () => {
  it('keeps /api/health as it was and answers liveness without the database', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: t.kind, environment: 'test' });
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, jobs: null, shuttingDown: false },
    });
  });

  it('is not ready while a migration is missing, in the caller’s language', async () => {
    const [last] = (
      (await t.app.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.app.inject({ url: '/api/health/ready', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'service_unavailable',
        title: 'The service is temporarily unavailable.',
      });
      expect(res.json().detail).toContain('database migrations pending');
    } finally {
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready while the job runner is not fetching, nor once shutdown has begun', async () => {
    const jobs = createJobRunner({
      dbHandle: t.buildOptions.db,
      log: t.app.log,
      partners: t.partners,
      config: t.config,
    });
    const app = await buildApp({ ...t.buildOptions, jobs });
    const notStarted = await app.inject({ url: '/api/health/ready' });
    expect(notStarted.statusCode).toBe(503);
    expect(notStarted.json().detail).toContain('job runner idle');
    await jobs.start();
    try {
      const ready = await app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.jobs).toBe(true);
      // Not listening here: draining only turns readiness off.
      await app.httpDrain.drain(1000);
      const draining = await app.inject({ url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().detail).toContain('shutting down');
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await jobs.stop();
    }
    const stopped = await app.inject({ url: '/api/health/ready' });
    expect(stopped.json().detail).toContain('job runner stopped');
  });
});

describe('one request id from a request through its jobs', () => {
  it('stores the request id with the jobs a request enqueues and logs it in the job handler', async () => {
    const reqId = `req-${Date.now().toString(36)}-observability`;
    const email = uniqueEmail('reqid');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/shop/customers',
      remoteAddress: uniqueIp(),
      headers: { 'x-request-id': reqId, accept: 'application/json' },
      payload: personalSignUp(email),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-request-id']).toBe(reqId);
    const queued = (await listQueuedJobs(t.app.db, mailDeliverJob.name)).filter((j) => j.state === 'created');
    expect(queued.map((j) => (j.data.__meta as { reqId?: string } | undefined)?.reqId)).toContain(reqId);

    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const jobs = createJobRunner({
      dbHandle: t.buildOptions.db,
      log: pino({ level: 'debug' }, sink),
      partners: t.partners,
      config: t.config,
    });
    await jobs.drain();
    await jobs.stop();
    const done = lines.find((l) => l.msg === 'job done' && l.reqId === reqId);
    expect(done).toMatchObject({ job: mailDeliverJob.name, reqId });
    expect(stub.sent.some((m) => m.to === email)).toBe(true);
  });

  it('still runs jobs enqueued without a request id (older jobs)', async () => {
    const before = stub.sent.length;
    const email = uniqueEmail('old-job');
    // As an older process enqueued it: the payload only.
    const mailId = await t.app.db.transaction((tx) =>
      t.partners.mail.queue(tx, {
        to: email,
        from: 'noreply@tokenwerk.example',
        subject: 'Hallo',
        text: 'Hallo',
        template: 'verify_email',
      }),
    );
    const job = (await listQueuedJobs(t.app.db, mailDeliverJob.name)).find((j) => j.data.mailId === mailId);
    expect(job?.data).toEqual({ mailId });
    await t.jobs.drain();
    expect(stub.sent.length).toBe(before + 1);
  });
});
