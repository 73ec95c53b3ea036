import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AppConfig, loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import type { App } from '../http/types.ts';
import { createLocalStorage } from '../partners/storage/local.ts';
import { buildApp } from '../server.ts';

export type TestApp = {
  app: App;
  config: AppConfig;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * A fresh application on a fresh database for one test file: PGlite in memory by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set and the project runs against PostgreSQL.
 */
export async function createTestApp(
  opts: { seed?: 'demo' | 'none'; webDist?: string } = {},
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
  const app = await buildApp({ config, db, storage, webDist: opts.webDist });
  await app.ready();
  return {
    app,
    config,
    kind: db.kind,
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
