import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from './test/create-test-app.ts';
import { freePort, repositoryRoot, startServerProcess, stopServerProcess } from './test/server-process.ts';

// The real process as `npm start` runs it (without the web build): start-up, data kept, clean shutdown.
const usePostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'token-main-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

/** The server as `npm start` runs it (development unless `env` says otherwise), on this test's data. */
function startServer(port: number, env: Record<string, string> = {}) {
  return startServerProcess({
    port,
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
  });
}

const stop = (proc: ChildProcess) => stopServerProcess(proc);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

/** Logs in as the README's demo investor. */
function demoLogin(port: number) {
  return fetch(`http://127.0.0.1:${port}/api/v2/shop/authentication-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'anna.becker@demo.tokenwerk.example', password: 'Tokenwerk-Demo-2026!' }),
  });
}

describe('the server process', () => {
  it('migrates and seeds on first start, keeps the data on the second, and shuts down cleanly', async () => {
    if (usePostgres) {
      const fresh = await freshPostgresDatabase('t_main');
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    const port = await freePort();
    const first = await startServer(port);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: usePostgres ? 'postgres' : 'pglite',
      environment: 'development',
    });
    expect((await demoLogin(port)).status).toBe(200);
    const countUrl = `http://127.0.0.1:${port}/api/v2/shop/countries?itemsPerPage=1`;
    const before = (await (await fetch(countUrl)).json()) as Record<string, number>;
    expect(before['hydra:totalItems']).toBeGreaterThan(200);
    expect(await stop(first.proc)).toBe(0);

    const second = await startServer(port);
    const after = (await (await fetch(countUrl)).json()) as Record<string, number>;
    // Seeding happens only into an empty database: a restart neither duplicates nor loses data.
    expect(after['hydra:totalItems']).toBe(before['hydra:totalItems']);
    expect(second.output()).not.toContain('demo data seeded');
    expect(await stop(second.proc)).toBe(0);
  }, 300_000);

  it('never creates accounts with known passwords on a production start', async () => {
    const port = await freePort();
    const prodDir = mkdtempSync(join(tmpdir(), 'token-main-prod-'));
    try {
      const server = await startServer(port, {
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: prodDir,
        DATABASE_URL: '',
      });
      const res = await demoLogin(port);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('bad_credentials');
      expect(await stop(server.proc)).toBe(0);
    } finally {
      rmSync(prodDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('stops with a message naming a wrong variable', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repositoryRoot,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
    });
    let err = '';
    proc.stderr?.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((resolve) => proc.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('PORT');
  }, 30_000);
});
