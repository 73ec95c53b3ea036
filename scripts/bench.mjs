// `npm run bench`: starts the server on PostgreSQL and on PGlite, loads the catalogue reads with
// autocannon beside a bare `SELECT 1` route on the same pool (/api/health) as the ceiling, and prints
// req/s, p50/p99 latency and the ratio to the ceiling; then logins, then completed orders per second
// (scripts/bench-orders.ts: 50 investors through the whole order flow over HTTP, the product list
// beside them, stock and invoice numbers checked afterwards). Figures only; nothing here fails on a time.
// BENCH_PRODUCTS=1000 adds generated bonds up to that many products before the server starts.
// lighthouse (scripts/bench-lighthouse.mjs): Lighthouse mobile on the server-rendered public pages.
// BENCH_ONLY=catalog|auth|orders|register|servicing|marketplace|lighthouse runs one part; BENCH_INVESTORS (50), BENCH_ORDER_SECONDS (15).
// register (PostgreSQL only; scripts/bench-register.ts): POST token/transfer from 50 holders with real
// two-factor codes over HTTP, placeTransfer sustained, and the depot reads of an investor with 100 bonds
// and 10,000 register entries; then the journal check over 1,000,000 entries in memory.
// marketplace (scripts/bench-marketplace.ts): 1,000 and then 100,000 collectibles (BENCH_PRODUCTS: one size)
// loaded in bulk, then ANALYZE; the statements of each read; beside the SELECT 1 ceiling at 10 connections the
// cached and uncached product list, a new page by cursor, a category, a product by code, GraphQL lists and
// GET search under autocannon, with each read's share of the ceiling; on PostgreSQL, and on PGlite at 1,000.
// servicing (PostgreSQL only; scripts/bench-servicing.ts): a coupon run of 10,000 holders, prepared and
// approved through the services (3 rounds, median) and once over HTTP; GET customer-payouts of 300.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const targets = [
  { name: 'ceiling: GET /api/health (SELECT 1)', path: '/api/health' },
  {
    name: 'GET products (12, de)',
    path: '/api/v2/shop/products?page=1&itemsPerPage=12',
    headers: { 'accept-language': 'de', accept: 'application/ld+json' },
  },
  {
    // Every request a new URL (price[lte] of a growing number of cents above every price): the cache never
    // hits, so this is the cost of the one gathering query itself.
    name: 'GET products (12, de), uncached',
    path: '/api/v2/shop/products?page=1&itemsPerPage=12',
    headers: { 'accept-language': 'de', accept: 'application/ld+json' },
    uncached: true,
  },
  {
    name: 'GET products/{code}',
    path: '/api/v2/shop/products/SOLAR_BRANDENBURG_2031',
    headers: { 'accept-language': 'de', accept: 'application/ld+json' },
  },
];

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (out.includes('ready on')) resolve();
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { port, proc };
}

function load(port, target) {
  let n = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    headers: target.headers ?? {},
    connections,
    duration,
    ...(target.uncached
      ? {
          requests: [
            { setupRequest: (req) => ({ ...req, path: `${target.path}&price[lte]=${100_000_000 + ++n}` }) },
          ],
        }
      : {}),
  });
}

/** scripts/bench-orders.ts in `mode` (seed | orders) on the database of `env`, output passed through. */
function ordersScript(mode, label, env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-orders.ts', mode, label], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', mode === 'seed' ? 'ignore' : 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench-orders ${mode} failed (${r.status})`);
}

/** scripts/bench-register.ts on the PostgreSQL database of `env` (row-lock races need a real server). */
function registerScript(label, env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-register.ts', label], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench-register failed (${r.status})`);
}

/** scripts/bench-marketplace.ts on the database of `env` (its own product count: default 1,000). */
function marketplaceScript(label, env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-marketplace.ts', label], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench-marketplace failed (${r.status})`);
}

/** scripts/bench-servicing.ts on the PostgreSQL database of `env` (coupon run of 10,000 holders, payouts read). */
function servicingScript(label, env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-servicing.ts', label], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench-servicing failed (${r.status})`);
}

const products = Number(process.env.BENCH_PRODUCTS ?? 0);

async function benchOne(label, env) {
  if (products > 0) {
    ordersScript('seed', label, { ...env, BENCH_INVESTORS: '' });
    label = `${label}, ${products} products`;
  }
  const { port, proc } = await startServer(env);
  try {
    for (const t of targets) {
      const res = await fetch(`http://127.0.0.1:${port}${t.path}`, { headers: t.headers });
      if (!res.ok) throw new Error(`${t.path} answered ${res.status}`);
    }
    await load(port, { path: '/api/health' }); // warm-up: JIT, pool, caches
    const rows = [];
    for (const t of targets) {
      const r = await load(port, t);
      rows.push({
        name: t.name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      });
    }
    const ceiling = rows[0].rps;
    process.stdout.write(`\n${label} (${connections} connections, ${duration}s each)\n`);
    process.stdout.write(
      `  ${'route'.padEnd(40)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'of ceiling'.padStart(11)}\n`,
    );
    for (const r of rows) {
      const ratio = `${((r.rps / ceiling) * 100).toFixed(0)} %`;
      process.stdout.write(
        `  ${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${ratio.padStart(11)}${r.errors ? `  (${r.errors} errors)` : ''}\n`,
      );
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }
}

/**
 * Logins per second (argon2id on libuv's pool) and /api/health p99 alone and while 20 logins run
 * beside it: argon2 must not block the event loop. Uses the seeded demo investor, so the server runs
 * outside production here.
 */
async function benchAuth(label, env) {
  const { port, proc } = await startServer({ ...env, NODE_ENV: 'development' });
  const login = {
    method: 'POST',
    url: `http://127.0.0.1:${port}/api/v2/shop/authentication-token`,
    headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
    body: JSON.stringify({ email: 'anna.becker@demo.tokenwerk.example', password: 'Tokenwerk-Demo-2026!' }),
  };
  const health = { url: `http://127.0.0.1:${port}/api/health`, connections: 4 };
  try {
    const check = await fetch(login.url, { method: 'POST', headers: login.headers, body: login.body });
    if (!check.ok) throw new Error(`demo login answered ${check.status}`);
    await autocannon({ ...health, duration: 2 });
    const alone = await autocannon({ ...health, duration });
    const [logins, beside] = await Promise.all([
      autocannon({ ...login, connections: 20, duration }),
      autocannon({ ...health, duration }),
    ]);
    process.stdout.write(`\n${label}: logins (20 at once, ${duration}s)\n`);
    process.stdout.write(
      `  logins per second ${logins.requests.average.toFixed(1)}, p50 ${logins.latency.p50} ms, p99 ${logins.latency.p99} ms${logins.non2xx + logins.errors ? ` (${logins.non2xx + logins.errors} failed)` : ''}\n`,
    );
    process.stdout.write(
      `  /api/health p99 alone ${alone.latency.p99} ms (${alone.requests.average.toFixed(0)} req/s); beside 20 logins ${beside.latency.p99} ms (${beside.requests.average.toFixed(0)} req/s)\n`,
    );
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }
}

const only = process.env.BENCH_ONLY;
const runs = (part) => !only || only === part;

async function main() {
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let pgOk = true;
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  } catch (e) {
    pgOk = false;
    process.stdout.write(`PostgreSQL not reachable at ${adminUrl} (${e.message}); skipping it.\n`);
  }
  if (pgOk) {
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    try {
      const fresh = async () => {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.query(`create database ${dbName}`);
        return { DATABASE_URL: u.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-pg-')) };
      };
      if (runs('catalog')) await benchOne('PostgreSQL', await fresh());
      if (runs('auth')) await benchAuth('PostgreSQL', await fresh());
      if (runs('orders')) ordersScript('orders', 'PostgreSQL', await fresh());
      if (runs('register')) registerScript('PostgreSQL', await fresh());
      if (runs('servicing')) servicingScript('PostgreSQL', await fresh());
      // issue 19: the catalogue at 1,000 and at 100,000 products (BENCH_PRODUCTS names one size)
      const scales = process.env.BENCH_PRODUCTS ? [Number(process.env.BENCH_PRODUCTS)] : [1_000, 100_000];
      for (const size of runs('marketplace') ? scales : []) {
        marketplaceScript('PostgreSQL', { ...(await fresh()), BENCH_PRODUCTS: String(size) });
      }
    } finally {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    const fresh = () => {
      rmSync(dataDir, { recursive: true, force: true });
      return { DATA_DIR: dataDir, DATABASE_URL: '' };
    };
    if (runs('catalog')) await benchOne('PGlite (embedded)', fresh());
    if (runs('auth')) await benchAuth('PGlite (embedded)', fresh());
    if (runs('orders')) ordersScript('orders', 'PGlite (embedded)', fresh());
    // PGlite is the embedded default for small shops: 100,000 products are PostgreSQL's case.
    if (runs('marketplace') && Number(process.env.BENCH_PRODUCTS ?? 1_000) <= 10_000) {
      marketplaceScript('PGlite (embedded)', {
        ...fresh(),
        BENCH_PRODUCTS: process.env.BENCH_PRODUCTS ?? '1000',
      });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (runs('register')) {
    // The journal check in memory (no database): 1,000,000 entries, node:crypto's SHA-256.
    process.stdout.write('\n━━ register journal check (packages/domain/bench/register-check.ts)\n');
    spawnSync(process.execPath, ['--import', 'tsx', 'packages/domain/bench/register-check.ts'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  if (runs('lighthouse')) {
    const { benchLighthouse } = await import('./bench-lighthouse.mjs');
    await benchLighthouse();
  }
  if (!only && existsSync(join(root, 'scripts/web-size.mjs'))) {
    process.stdout.write('\n');
    spawnSync(process.execPath, [join(root, 'scripts/web-size.mjs')], { cwd: root, stdio: 'inherit' });
  }
}

main().catch((e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exit(1);
});
