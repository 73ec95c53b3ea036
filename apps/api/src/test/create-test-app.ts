import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AppConfig, loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import type { App } from '../http/types.ts';
import { createJobRunner, type JobRunner } from '../jobs/runner.ts';
import { createMailPort } from '../partners/mail/create-mail.ts';
import type { MailPort } from '../partners/mail/port.ts';
import { createLocalStorage } from '../partners/storage/local.ts';
import { type BuildAppOptions, buildApp } from '../server.ts';

export type TestApp = {
  app: App;
  /** What built `app`: a second instance on the same database is `buildApp({ ...buildOptions, db })`. */
  buildOptions: BuildAppOptions;
  config: AppConfig;
  kind: 'pglite' | 'postgres';
  /** Not polling: a test runs queued jobs with `jobs.drain()`. */
  jobs: JobRunner;
  close: () => Promise<void>;
};

/**
 * A fresh application on a fresh database for one test file: PGlite in memory by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set and the project runs against PostgreSQL.
 */
export async function createTestApp(
  opts: { seed?: 'demo' | 'none'; mail?: MailPort } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'token-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (usePostgres) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? dataDir : 'memory://', poolSize: 5 });
  await migrateDatabase(db);
  const storage = createLocalStorage(join(dataDir, 'storage'));
  if ((opts.seed ?? 'demo') === 'demo') await seedDemoData({ db: db.db, storage });
  const buildOptions: BuildAppOptions = { config, db, storage };
  const app = await buildApp(buildOptions);
  await app.ready();
  const mail = opts.mail ?? createMailPort({ smtpUrl: config.smtpUrl });
  const jobs = createJobRunner({ dbHandle: db, log: app.log, partners: { mail } });
  await jobs.init();
  return {
    app,
    buildOptions,
    config,
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
