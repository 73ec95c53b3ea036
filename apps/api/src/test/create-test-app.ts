import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { type AppConfig, loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { seedReferenceData } from '../db/seed/reference.ts';
import type { App } from '../http/types.ts';
import { createJobRunner, type JobRunner } from '../jobs/runner.ts';
import { createPartners, type Partners } from '../partners/create-partners.ts';
import type { WebhookTransport } from '../partners/sandbox-webhooks.ts';
import { type BuildAppOptions, buildApp } from '../server.ts';

export type TestApp = {
  app: App;
  /** What built `app`: a second instance on the same database is `buildApp({ ...buildOptions, db })`. */
  buildOptions: BuildAppOptions;
  config: AppConfig;
  /** The partners the app was built with (also `app.partners`). */
  partners: Partners;
  kind: 'pglite' | 'postgres';
  /** Not polling: a test runs queued jobs with `jobs.drain()`. */
  jobs: JobRunner;
  close: () => Promise<void>;
};

/**
 * A new, empty PostgreSQL database on the server of TEST_DATABASE_URL (`prefix` starts its name), and
 * how to drop it again (with force: connections still open are ended).
 */
export async function freshPostgresDatabase(
  prefix = 't',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh application on a fresh database for one test file: PGlite in memory by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set and the project runs against PostgreSQL.
 * `seed`: the whole demo platform (default), only reference data (locales, countries, currencies,
 * zones; build the rest with `db/seed/factories.ts`), or nothing.
 * Partners are the configured defaults (outbox mail, local storage in a temporary directory);
 * `partners` replaces some of them, e.g. `createTestApp({ partners: { mail } })`.
 */
export async function createTestApp(
  opts: {
    seed?: 'demo' | 'reference' | 'none';
    partners?: Partial<Partners>;
    webDist?: string;
    /** PUBLIC_URL: the base of every link the app mails; default `http://localhost:3000`. */
    publicUrl?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'token-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (usePostgres) ({ url: databaseUrl, drop: dropDatabase } = await freshPostgresDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: opts.publicUrl ?? 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? dataDir : 'memory://', poolSize: 5 });
  await migrateDatabase(db);
  // Sandbox partners deliver their webhooks into this app (`app.inject`), through the real route.
  let built: App | undefined;
  const webhookTransport: WebhookTransport = async ({ url, headers, body }) => {
    if (!built) throw new Error('the test app is not built yet');
    const target = new URL(url);
    const res = await built.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload: body,
    });
    return { status: res.statusCode };
  };
  // The platform asks sandbox partners' APIs through this app too (decision 029: results by API).
  const sandboxApiFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (!built) throw new Error('the test app is not built yet');
    const target = new URL(String(input));
    const res = await built.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(res.body, { status: res.statusCode });
  }) as typeof fetch;
  const partners: Partners = {
    ...createPartners({ config, webhookTransport, sandboxApiFetch }),
    ...opts.partners,
  };
  // The queues first: the demo data queues a mint for the registrar (drained by tests that run jobs).
  const jobs = createJobRunner({
    dbHandle: db,
    log: pino({ level: config.logLevel }),
    partners,
    config,
  });
  await jobs.init();
  const seed = opts.seed ?? 'demo';
  if (seed === 'demo') {
    await seedDemoData({
      db: db.db,
      storage: partners.storage,
      demoAccounts: { appSecret: config.appSecret },
    });
  }
  if (seed === 'reference') await db.db.transaction((tx) => seedReferenceData(tx));
  const buildOptions: BuildAppOptions = { config, db, partners, webDist: opts.webDist };
  const app = await buildApp(buildOptions);
  await app.ready();
  built = app;
  return {
    app,
    buildOptions,
    config,
    partners,
    kind: db.kind,
    jobs,
    close: async () => {
      await jobs.stop();
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
