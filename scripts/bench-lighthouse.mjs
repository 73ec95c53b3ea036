// Lighthouse (mobile, its default simulated throttling) on the server-rendered public pages
// (decision 021), with Debian's Chromium: performance score, FCP, LCP, TBT and CLS per page.
// Run by `npm run bench` (BENCH_ONLY=lighthouse for this part alone) against a server it starts as
// `npm start` would (production, a fresh PGlite database with the demo data). Figures only.
// `node scripts/bench-lighthouse.mjs http://host:port` measures a running server instead.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
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
  const stop = async () => {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, stop };
}

/** The public pages measured; a creator's profile when the demo data has one with a name. */
async function pagesOf(base) {
  const pages = [
    '/products/SOLAR_BRANDENBURG_2031',
    '/browse',
    '/categories/art',
    '/search?phrase=solar',
    '/imprint',
    '/contact',
    '/login',
    '/sign-up',
  ];
  const res = await fetch(`${base}/api/v2/shop/products?itemsPerPage=50`, {
    headers: { accept: 'application/json' },
  });
  const products = res.ok ? await res.json() : [];
  const creator = products.find((p) => p.creator?.profileName)?.creator;
  if (creator) pages.splice(4, 0, `/profile/${encodeURIComponent(creator.profileName)}`);
  const collectible = products.find((p) => p.creator);
  if (collectible) pages.splice(1, 0, `/products/${encodeURIComponent(collectible.code)}`);
  // LIGHTHOUSE_PAGES=/login,/imprint measures only those (quicker rounds while tuning)
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  return only ?? pages;
}

const ms = (a) => `${Math.round(a.numericValue)} ms`.padStart(8);

export async function benchLighthouse(given) {
  ensureWebBuild();
  const server = given ? null : await startServer();
  const base = given ?? server.base;
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const benchmarkIndexes = [];
    process.stdout.write('\n━━ Lighthouse, mobile (simulated throttling), performance\n');
    process.stdout.write(`  ${'page'.padEnd(40)} score      FCP      LCP      TBT     CLS\n`);
    for (const path of await pagesOf(base)) {
      const run = () =>
        lighthouse(`${base}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
      let result = await run();
      // a first navigation of a fresh browser now and then records no trace (NO_NAVSTART): once more
      if (result.lhr.runtimeError) result = await run();
      const { audits, categories, runtimeError } = result.lhr;
      if (runtimeError || audits['cumulative-layout-shift'].numericValue === undefined) {
        process.stdout.write(`  ${path.padEnd(40)} failed: ${runtimeError?.code ?? 'no figures'}\n`);
        continue;
      }
      process.stdout.write(
        `  ${path.padEnd(40)} ${String(Math.round((categories.performance.score ?? 0) * 100)).padStart(5)} ${ms(
          audits['first-contentful-paint'],
        )} ${ms(audits['largest-contentful-paint'])} ${ms(audits['total-blocking-time'])} ${audits[
          'cumulative-layout-shift'
        ].numericValue
          .toFixed(3)
          .padStart(7)}\n`,
      );
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      if (process.env.LIGHTHOUSE_VERBOSE) {
        const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        process.stdout.write(`      LCP element: ${lcp?.snippet ?? '?'}\n`);
      }
    }
    // Lighthouse's 4x CPU slowdown assumes a desktop of benchmark index 1500-2000
    // (docs/throttling.md in the Lighthouse repository); on a weaker host the figures are worse
    const sorted = benchmarkIndexes.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    process.stdout.write(`  host CPU benchmark index (median): ${Math.round(median ?? 0)}\n`);
  } finally {
    chrome.kill();
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLighthouse(process.argv[2]).catch((e) => {
    process.stderr.write(`${e.stack ?? e}\n`);
    process.exit(1);
  });
}
