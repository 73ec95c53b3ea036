import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './test/create-test-app.ts';
import { type FakeSmtp, startFakeSmtp } from './test/fake-smtp.ts';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './test/server-process.ts';
import { until } from './test/until.ts';

// Scale-out (ARCHITECTURE "One picture"): two real API processes on one PostgreSQL database behind
// a round-robin proxy behave as one. PGlite is embedded in one process, so this runs on PostgreSQL only.
const onPostgres = process.env.TEST_DB === 'postgres';

type Answer = { status: number; body: Record<string, unknown> | null; backend: string };

const instances: ServerProcess[] = [];
let proxy: Server;
let proxyBase: string;
let smtp: FakeSmtp | undefined;
let db: pg.Client;
let dropDatabase = async () => {};
let dataDir: string;
const appSecret = randomBytes(32).toString('hex');
const password = 'Quarz-Fenster-48!';

/** A reverse proxy taking turns between the instances; each answer says which one served it. */
function startProxy(port: number, targets: ServerProcess[]): Promise<{ server: Server; base: string }> {
  let next = 0;
  const server = createHttpServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    const upstream = httpRequest(
      `${target.base}${req.url}`,
      {
        method: req.method,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-test-backend': String(target.port),
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502).end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${port}` }));
  });
}

/** One JSON call through the proxy. */
function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${proxyBase}/api/v2/shop${path}`,
      {
        method,
        headers: {
          accept: 'application/json',
          'accept-language': 'en',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> | null = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = { raw: text };
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            backend: String(res.headers['x-test-backend']),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Calls until one answer came from each instance (the proxy takes turns), answering both. */
async function onBoth(method: string, path: string, token?: string): Promise<Answer[]> {
  const first = await call(method, path, undefined, token);
  const second = await call(method, path, undefined, token);
  expect(new Set([first.backend, second.backend]).size).toBe(2);
  return [first, second];
}

describe.skipIf(!onPostgres)('several API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase('instances');
    dropDatabase = fresh.drop;
    dataDir = mkdtempSync(join(tmpdir(), 'token-instances-'));
    smtp = await startFakeSmtp();
    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: fresh.url,
      APP_SECRET: appSecret,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: '4',
    };
    // Started together on the empty database, as a deployment of N replicas starts them: migrations,
    // the job queues and the first seeding must not trip over each other.
    const started = await Promise.allSettled(
      ports.map((port) => startServerProcess({ port, env: shared, timeoutMs: 120_000 })),
    );
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    // The proxy on the port PUBLIC_URL names.
    ({ server: proxy, base: proxyBase } = await startProxy(proxyPort, instances));
    db = new pg.Client({ connectionString: fresh.url });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end().catch(() => {});
    await Promise.all(instances.map((i) => stopServerProcess(i.proc)));
    await new Promise((resolve) => proxy?.close(resolve));
    await smtp?.close();
    await dropDatabase();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a sign-up on one mails once; a login on one is valid on the other, and so is its refresh', async () => {
    const email = `several.${randomBytes(4).toString('hex')}@example.com`;
    const signedUp = await call('POST', '/customers', {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email,
      password,
      confirmPassword: password,
      accountType: 'personal',
      termsConsent: true,
      subscribedToNewsletter: false,
    });
    expect(signedUp.status).toBe(201);
    // The verification mail is one job: both instances poll the queue, one delivers it, once.
    await until('the verification mail', async () => smtp!.mails.find((m) => m.to.includes(email)), 30_000);
    await sleep(5_000); // both instances polled again (every 2 s): a second delivery would be here now
    expect(smtp!.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    const { rows: outbox } = await db.query(
      'select status, attempts from mail_outbox where to_address = $1',
      [email],
    );
    expect(outbox).toEqual([{ status: 'sent', attempts: 1 }]);

    const verifyToken = /verify-email\/([A-Za-z0-9_-]+)/.exec(
      smtp!.mails
        .find((m) => m.to.includes(email))!
        .data.replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )?.[1];
    expect(verifyToken).toBeDefined();
    const verified = await call('PATCH', `/account-verification-requests/${verifyToken}`, {});
    expect(verified.status, JSON.stringify(verified.body)).toBeLessThan(300);

    const login = await call('POST', '/authentication-token', { email, password });
    expect(login.status).toBe(200);
    const { token, refresh_token: refreshToken, customer } = login.body as Record<string, string>;
    // The access token is read by either instance.
    for (const answer of await onBoth('GET', `/customers/${customer!.split('/').pop()}`, token)) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ email });
    }
    // The refresh token is rotated by the other instance than the one that issued it...
    const refreshed = await call('POST', '/token/refresh', { refresh_token: refreshToken });
    expect(refreshed.backend).not.toBe(login.backend);
    expect(refreshed.status).toBe(200);
    const rotated = refreshed.body as Record<string, string>;
    // ...and its successor by the first; the reused first one ends the session on either.
    const again = await call('POST', '/token/refresh', { refresh_token: rotated.refresh_token });
    expect(again.status).toBe(200);
    const newest = again.body as Record<string, string>;
    const reused = await call('POST', '/token/refresh', { refresh_token: refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'refresh_token_invalid' });
    // The reuse ended the session everywhere: the newest refresh token is refused too.
    expect((await call('POST', '/token/refresh', { refresh_token: newest.refresh_token })).status).toBe(401);
  });

  it('failed logins count across both instances: the 11th for one account is throttled on either', async () => {
    const email = `throttled.${randomBytes(4).toString('hex')}@example.com`;
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await call('POST', '/authentication-token', { email, password: 'Falsch-Passwort-1!' }));
    }
    // accountLimits.loginFailuresPerAccount: 10 in 15 minutes, on whichever instance they arrived
    expect(new Set(answers.slice(0, 10).map((a) => a.backend)).size).toBe(2);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(answers.slice(10).map((a) => a.backend)).size).toBe(2);
  });

  it('a catalogue change is seen by the other instance at once, though both had cached the product', async () => {
    const list = await call('GET', '/products?itemsPerPage=1');
    expect(list.status).toBe(200);
    const [product] = list.body as unknown as { code: string; name: string }[];
    expect(product).toBeDefined();
    const before = await onBoth('GET', `/products/${product!.code}`);
    expect(before.map((a) => a.status)).toEqual([200, 200]);
    const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
    // An operator's edit, as its transaction commits it (the catalogue tables' triggers move the revision).
    const { rowCount } = await db.query(
      `update product_translations set name = $1
        where locale = 'en' and product_id = (select id from products where code = $2)`,
      [renamed, product!.code],
    );
    expect(rowCount).toBe(1);
    for (const answer of await onBoth('GET', `/products/${product!.code}`)) {
      expect(answer.body).toMatchObject({ code: product!.code, name: renamed });
    }
  });

  it('a scheduled job runs once per due time, not once per instance', async () => {
    // The purge (hourly) made due every minute. Each instance's scheduler looks every 30 s; a due
    // run becomes one pg-boss "send-it" job per minute (a singleton), which becomes one purge job.
    const since = (await db.query<{ since: Date }>('select now() as since')).rows[0]!.since;
    await db.query(`update pgboss.schedule set cron = '* * * * *' where name = 'system.purge'`);
    const count = async (where: string) =>
      (
        await db.query<{ n: number; slots: number }>(
          `select count(*)::int as n, count(distinct singleton_on)::int as slots
             from pgboss.job where ${where} and created_on >= $1`,
          [since],
        )
      ).rows[0]!;
    const purges = () => count(`name = 'system.purge' and state = 'completed'`);
    await until('two due runs of the purge', async () => ((await purges()).n >= 2 ? true : null), 150_000);
    const dueRuns = await count(`name = '__pgboss__send-it' and singleton_key = 'system.purge'`);
    expect(dueRuns.slots).toBe(dueRuns.n); // one per minute, though two schedulers looked
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'system.purge' and created_on >= $1`,
      [since],
    );
    expect(rows[0]!.n).toBe(dueRuns.n); // and each due run is one purge job
    const { rows: elapsed } = await db.query<{ minutes: number }>(
      `select (floor(extract(epoch from now()) / 60) - floor(extract(epoch from $1::timestamptz) / 60))::int
          as minutes`,
      [since],
    );
    // Due times since the change: the minute it was made in (pg-boss runs a schedule whose due time
    // passed less than a minute ago) and each minute begun since.
    expect(rows[0]!.n).toBeLessThanOrEqual(elapsed[0]!.minutes + 1);
  }, 180_000);
});
