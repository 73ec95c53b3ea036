// Part of `npm run bench` (scripts/bench.mjs runs it with tsx, BENCH_ONLY=register): the token register's
// investor calls on PostgreSQL (DATABASE_URL; transfers race on row locks, which PGlite serialises).
//   transfers  50 holders (BENCH_HOLDERS), each holding its own bond, send tokens to one another:
//              1. over HTTP against the real server (production), each holder with a real TOTP secret and
//                 real codes: a code works once per 30 s time step and the check accepts one step either
//                 side, so a holder can send at most three transfers in a burst (codes of the previous,
//                 the current and the next step, in that order). The burst is 3 x 50 requests, 50 at once:
//                 everything real (auth, rate limit, checkSecondFactor, the transaction, the outbox).
//              2. sustained, for BENCH_TRANSFER_SECONDS, in this process: `placeTransfer` (the same
//                 transaction) with the code check injected as accepted, from 50 concurrent holders.
//                 This is the figure for the transfer itself; TOTP verification (HMAC) adds < 1 ms.
//   depot      an investor with 100 bonds and 10,000 register entries (100 per bond) and a paid order
//              per bond partly minted; ANALYZE; then GET token-assets (100 per page) and
//              GET register-entries?product=... (first page and page 3) with autocannon.
// Figures only; nothing here fails on a time.
import { randomBytes } from 'node:crypto';
import { loadavg as osLoad } from 'node:os';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../apps/api/src/config.ts';
import { createTotpSecretBox } from '../apps/api/src/crypto/secrets.ts';
import { type DbHandle, migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import { customers, registerHoldings, wallets } from '../apps/api/src/db/schema/index.ts';
import { seedBond, seedBuyer, seedOrder } from '../apps/api/src/db/seed/factories.ts';
import { seedReferenceData } from '../apps/api/src/db/seed/reference.ts';
import { createJobRunner } from '../apps/api/src/jobs/runner.ts';
import { newTotpSecret, totpCode } from '../apps/api/src/modules/accounts/totp.ts';
import { appendRegisterEntry } from '../apps/api/src/modules/register/journal.service.ts';
import { placeTransfer } from '../apps/api/src/modules/register/transfers.service.ts';
import { createPartners } from '../apps/api/src/partners/create-partners.ts';
import {
  freePort,
  shopCall,
  startServerProcess,
  stopServerProcess,
} from '../apps/api/src/test/server-process.ts';

const password = 'Quarz-Fenster-48!';
const holderCount = Number(process.env.BENCH_HOLDERS ?? 50);
const transferSeconds = Number(process.env.BENCH_TRANSFER_SECONDS ?? 10);
const readSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const readConnections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const depotBonds = 100;
const entriesPerBond = 100;
const appSecret = process.env.APP_SECRET ?? randomBytes(32).toString('hex');
const step = 30_000;

const quietLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quietLog;
  },
} as unknown as FastifyBaseLogger;

function open(poolSize = 4): Promise<DbHandle> {
  if (!process.env.DATABASE_URL) throw new Error('bench-register runs on PostgreSQL (DATABASE_URL)');
  return openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', poolSize });
}

type Holder = {
  id: number;
  email: string;
  walletId: number;
  secret: string;
  productId: number;
  code: string;
};

const loadavg = () =>
  osLoad()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/**
 * Holders with 100,000 minted tokens of a bond of their own and a TOTP secret known here; two-factor
 * is switched on after their login (`enableTwoFactor`), so the login uses up no time step.
 */
async function seedHolders(handle: DbHandle): Promise<Holder[]> {
  const db = handle.db;
  const holders: Holder[] = [];
  for (let i = 0; i < holderCount; i++) {
    const row = await seedBuyer(db, { appSecret, password, email: `bench-holder-${i}@example.com` });
    const secret = newTotpSecret();
    const { product } = await seedBond(db, {
      code: `BENCH_TRANSFER_${i}`,
      variant: { totalSupply: 1_000_000 },
    });
    await db.transaction((tx) =>
      appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: row.id,
        amount: 100_000,
        cause: { type: 'order', orderId: `bench-${product.id}` },
      }),
    );
    const [wallet] = await db.select().from(wallets).where(eq(wallets.customerId, row.id));
    holders.push({
      id: row.id,
      email: row.email,
      walletId: wallet!.id,
      secret,
      productId: product.id,
      code: product.code,
    });
  }
  return holders;
}

async function enableTwoFactor(handle: DbHandle, holders: Holder[]) {
  const box = createTotpSecretBox(appSecret);
  for (const h of holders) {
    await handle.db
      .update(customers)
      .set({ twoFactorEnabled: true, twoFactorSecret: box.seal(h.secret) })
      .where(eq(customers.id, h.id));
  }
}

/** An investor with 100 bonds and 100 entries each (a mint per paid order, then transfers out and back). */
async function seedDepot(handle: DbHandle): Promise<{ email: string; productCode: string }> {
  const db = handle.db;
  const investor = await seedBuyer(db, { appSecret, password, email: 'bench-depot@example.com' });
  const other = await seedBuyer(db, { appSecret, password, email: 'bench-depot-other@example.com' });
  let productCode = '';
  for (let b = 0; b < depotBonds; b++) {
    const { product, variant } = await seedBond(db, {
      code: `BENCH_DEPOT_${b}`,
      variant: { totalSupply: 1_000_000 },
    });
    productCode = product.code;
    const { order } = await seedOrder(db, {
      customerId: investor.id,
      variant: variant!,
      quantity: 600,
      state: 'completed',
      paymentState: 'paid',
    });
    await db.transaction(async (tx) => {
      await appendRegisterEntry(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: investor.id,
        amount: 500,
        cause: { type: 'order', orderId: String(order.id) },
        transactionHash: `0x${randomBytes(32).toString('hex')}`,
      });
      for (let e = 1; e < entriesPerBond; e++) {
        const out = e % 2 === 1;
        await appendRegisterEntry(tx, {
          productId: product.id,
          kind: 'transfer',
          fromCustomerId: out ? investor.id : other.id,
          toCustomerId: out ? other.id : investor.id,
          amount: 1,
          cause: { type: 'transfer_request', transferId: `bench-${b}-${e}` },
          transactionHash: `0x${randomBytes(32).toString('hex')}`,
        });
      }
    });
  }
  return { email: investor.email, productCode };
}

async function login(base: string, email: string): Promise<string> {
  const res = await shopCall(base, null, 'POST', '/authentication-token', { email, password });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  return res.body.token as string;
}

/** Each holder sends three transfers in a row (codes of steps -1, 0, +1); all holders at once. */
async function transferBurst(base: string, holders: Holder[], tokens: string[]) {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    holders.map(async (h, i) => {
      const receiver = holders[(i + 1) % holders.length]!;
      for (const offset of [-1, 0, 1]) {
        const code = await totpCode(h.secret, new Date(Date.now() + offset * step));
        const t0 = performance.now();
        const res = await shopCall(base, tokens[i]!, 'POST', '/token/transfer', {
          fromWalletId: h.walletId,
          product: h.code,
          amount: 1,
          beneficiary: receiver.email,
          code,
        });
        latencies.push(performance.now() - t0);
        if (res.status !== 202) {
          const key = `${res.status} ${res.body?.code ?? ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), seconds, failures };
}

/** `placeTransfer` (code check injected) from every holder at once, for `seconds`. */
async function transferSustained(handle: DbHandle, holders: Holder[], seconds: number) {
  const latencies: number[] = [];
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    holders.map(async (h, i) => {
      const receiver = holders[(i + 1) % holders.length]!;
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await placeTransfer({
            db: handle.db,
            customerId: h.id,
            input: {
              fromWalletId: h.walletId,
              product: h.code,
              amount: 1,
              beneficiary: receiver.email,
              code: 'x',
            },
            verifyCode: async () => {},
          });
          latencies.push(performance.now() - t0);
        } catch {
          refused += 1;
        }
      }
    }),
  );
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - started) / 1000,
    refused,
  };
}

function printRate(name: string, r: { latencies: number[]; seconds: number }, extra = '') {
  const l = r.latencies;
  process.stdout.write(
    `  ${name.padEnd(52)} ${(l.length / r.seconds).toFixed(0).padStart(6)} /s, p50 ${percentile(l, 50).toFixed(0)} ms, p99 ${percentile(l, 99).toFixed(0)} ms (${l.length} in ${r.seconds.toFixed(1)} s)${extra}\n`,
  );
}

async function read(port: number, token: string, path: string) {
  return autocannon({
    url: `http://127.0.0.1:${port}/api/v2/shop${path}`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    connections: readConnections,
    duration: readSeconds,
  });
}

async function main() {
  const label = process.argv[2] ?? 'PostgreSQL';
  const handle = await open(holderCount + 2);
  const seedStarted = performance.now();
  let holders: Holder[];
  let depot: { email: string; productCode: string };
  try {
    await migrateDatabase(handle);
    const config = loadConfig({ ...process.env, APP_SECRET: appSecret });
    const partners = createPartners({ config });
    await handle.db.transaction((tx) => seedReferenceData(tx));
    // Every job's queue, as the app creates them (the seeding and the transfers enqueue; nothing runs them).
    await createJobRunner({ dbHandle: handle, log: quietLog, partners, config }).init();
    holders = await seedHolders(handle);
    depot = await seedDepot(handle);
    // Autovacuum is off on these machines: fresh statistics before anything is measured.
    await handle.db.execute(sql`analyze`);
  } catch (e) {
    await handle.close();
    throw e;
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const port = await freePort();
  const { proc } = await startServerProcess({
    port,
    env: {
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  let burst: Awaited<ReturnType<typeof transferBurst>>;
  let assets: autocannon.Result;
  let entries: autocannon.Result;
  let entriesPage3: autocannon.Result;
  try {
    const tokens: string[] = [];
    for (const h of holders) tokens.push(await login(base, h.email));
    await enableTwoFactor(handle, holders);
    burst = await transferBurst(base, holders, tokens);
    const depotToken = await login(base, depot.email);
    const check = await shopCall(base, depotToken, 'GET', '/token-assets?itemsPerPage=100');
    if (check.status !== 200 || check.body.length !== depotBonds) {
      throw new Error(`token-assets answered ${check.status} with ${check.body?.length} bonds`);
    }
    await read(port, depotToken, '/token-assets?itemsPerPage=100'); // warm-up
    assets = await read(port, depotToken, '/token-assets?itemsPerPage=100');
    entries = await read(port, depotToken, `/register-entries?product=${depot.productCode}`);
    entriesPage3 = await read(port, depotToken, `/register-entries?product=${depot.productCode}&page=3`);
  } finally {
    await stopServerProcess(proc);
  }
  let sustained: Awaited<ReturnType<typeof transferSustained>>;
  try {
    sustained = await transferSustained(handle, holders, transferSeconds);
    // Nothing overdrawn: every holder's held-back tokens are covered by the balance (also a CHECK).
    const [over] = (
      await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${registerHoldings} where pending_out > balance`,
      )
    ).rows;
    if (over?.n) throw new Error(`${over.n} holdings overdrawn`);
  } finally {
    await handle.close();
  }

  process.stdout.write(
    `\n${label}: token register (seeded in ${seedSeconds.toFixed(0)} s; load ${loadavg()})\n`,
  );
  const failed = [...burst.failures].map(([k, n]) => `${n} x ${k}`).join(', ');
  printRate(
    `POST token/transfer, HTTP, real codes (${holders.length} holders x 3)`,
    burst,
    failed ? `; not accepted: ${failed}` : '',
  );
  printRate(
    `placeTransfer, code check injected (${holders.length} at once)`,
    sustained,
    sustained.refused ? `; ${sustained.refused} refused` : '',
  );
  const row = (name: string, r: autocannon.Result) =>
    process.stdout.write(
      `  ${name.padEnd(52)} ${r.requests.average.toFixed(0).padStart(6)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${r.errors + r.non2xx ? ` (${r.errors + r.non2xx} errors)` : ''}\n`,
    );
  process.stdout.write(
    `  depot: ${depotBonds} bonds, ${depotBonds * entriesPerBond} entries (${readConnections} connections, ${readSeconds} s)\n`,
  );
  row('GET token-assets (100 per page)', assets);
  row('GET register-entries?product= (page 1 of 30)', entries);
  row('GET register-entries?product= (page 3)', entriesPage3);
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
