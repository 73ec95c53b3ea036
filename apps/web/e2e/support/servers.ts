import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../../..');

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Stops the server; deletes its data directory unless it was handed in (`dataDir`) or `keepData`. */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
};

/**
 * Starts the app as `npm start` does (scripts/start.mjs: build if stale, migrate, seed an empty
 * database, serve the SPA) on a fresh data directory and its own port; resolves when /api/health
 * answers. `prepare` runs against the data directory before the server starts; `env` adds
 * configuration for this server only. `dataDir` reuses a stopped server's data directory (kept when
 * this one stops); `fakeDays` runs it under libfaketime that many days ahead (the clock tests' way:
 * `faketime -f "+Nd"`, the monotonic clock left real).
 */
export async function startServer(opts: {
  name: string;
  prepare?: (dataDir: string) => void;
  /** Configuration of this server only (e.g. the sandbox partners' delays), over the inherited. */
  env?: NodeJS.ProcessEnv;
  /** An existing data directory (e.g. of a stopped server) to serve again; never deleted here. */
  dataDir?: string;
  /** Days the server's clock runs ahead, through libfaketime. */
  fakeDays?: number;
  /** The port to listen on (default: a free one). */
  port?: number;
}): Promise<RunningServer> {
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), `token-e2e-${opts.name}-`));
  const port = opts.port ?? (await freePort());
  opts.prepare?.(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...opts.env,
  };
  // as `npm start` runs with the README's default set explicitly: development, embedded PGlite
  delete env.DATABASE_URL;
  env.NODE_ENV = 'development';
  if (opts.fakeDays !== undefined) env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
  const [command, args] =
    opts.fakeDays === undefined
      ? [process.execPath, ['scripts/start.mjs']]
      : ['faketime', ['-f', `+${opts.fakeDays}d`, process.execPath, 'scripts/start.mjs']];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // faketime forks the program and passes no signal on: stopped as a process group
    detached: opts.fakeDays !== undefined,
  });
  const kill = (signal: NodeJS.Signals) => {
    if (opts.fakeDays !== undefined && child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    } else child.kill(signal);
  };
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`${opts.name} server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill('SIGKILL');
      throw new Error(`${opts.name} server did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // Warm up: the first catalogue and CMS reads fill caches, so the first journey is not the slow one.
  for (const path of [
    '/',
    '/api/v2/shop/channels',
    '/api/v2/shop/products?itemsPerPage=8',
    '/api/v2/shop/cms-plugin/blocks',
  ]) {
    await fetch(`${url}${path}`, { headers: { accept: 'application/json' } }).catch(() => {});
  }
  return {
    url,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) kill('SIGKILL');
      }
      if (ownDataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a repository script synchronously with the given data directory; throws on failure. */
export function runScript(args: string[], dataDir: string) {
  const r = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}
