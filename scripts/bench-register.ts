// Part of `npm run bench` (scripts/bench.mjs runs it with tsx, BENCH_ONLY=register): the token register's
// investor calls on PostgreSQL (DATABASE_URL; transfers race on row locks, which PGlite serialises).
//   transfers  BENCH_TRANSFER_HOLDERS (2000) holders, each with 100,000 minted tokens of one of
//              BENCH_TRANSFER_BONDS (20) bonds, a real TOTP secret and a session, seeded in bulk:
//              1. over HTTP against the real server (production), for BENCH_TRANSFER_SECONDS (10) or until
//                 the codes run out: BENCH_TRANSFER_CONCURRENCY (50) requests in flight, each from a holder
//                 with no request in flight and a code of a step it has not used (a code works once per
//                 30-s step; the previous, current and next step are accepted, so each holder has three
//                 codes at the start and one more per step). Everything real: auth, rate limit,
//                 the code's judge, the transaction, the outbox. Accepted transfers per second, p50/p99
//                 of every answer, the answers other than 202 by status and code.
//              2. in this process, for BENCH_TRANSFER_SECONDS: `placeTransfer` (the same transaction) with
//                 the code judged as the holder's next time step (no HMAC), 50 at once over the same holders; the statements
//                 each transfer sends (BEGIN and COMMIT included), counted at the driver.
//   depot      an investor with 100 bonds and 10,000 register entries (100 per bond) and a paid order
//              per bond partly minted; ANALYZE; then GET token-assets (100 per page) and
//              GET register-entries?product=... (first page and page 3) with autocannon.
// Figures only; nothing here fails on a time.
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg as osLoad } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { getAddress } from 'viem';
import { loadConfig } from '../apps/api/src/config.ts';
import { createTotpSecretBox } from '../apps/api/src/crypto/secrets.ts';
import { type DbHandle, migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import { authSessions, customers, registerHoldings, wallets } from '../apps/api/src/db/schema/index.ts';
import { seedBond, seedBuyer, seedOrder } from '../apps/api/src/db/seed/factories.ts';
import { seedReferenceData } from '../apps/api/src/db/seed/reference.ts';
import { createJobRunner } from '../apps/api/src/jobs/runner.ts';
import { createAccessTokens } from '../apps/api/src/modules/accounts/access-tokens.ts';
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
const holderCount = Number(process.env.BENCH_TRANSFER_HOLDERS ?? 2000);
const transferBonds = Number(process.env.BENCH_TRANSFER_BONDS ?? 20);
const transferConcurrency = Number(process.env.BENCH_TRANSFER_CONCURRENCY ?? 50);
const transferSeconds = Number(process.env.BENCH_TRANSFER_SECONDS ?? 10);
const readSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const readConnections = Number(process.env.BENCH_CONNECTIONS ?? 16);
// BENCH_REGISTER_DEPOT=0 leaves the depot part out (seeding and reads), e.g. while working on transfers.
const withDepot = process.env.BENCH_REGISTER_DEPOT !== '0';
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
  walletId: number;
  secret: string;
  /** An access token of a session of theirs (signed here: logging in 1,000 holders is not the point). */
  token: string;
  bondCode: string;
  /** Another holder of the same bond. */
  receiverEmail: string;
};

const loadavg = () =>
  osLoad()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/** Rows in chunks, so that one INSERT stays well below PostgreSQL's 65,535 parameters. */
function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The transfer holders in bulk: approved customers with two-factor on (a TOTP secret known here), a
 * custodial wallet, a session and an access token each; holder i holds 100,000 minted tokens of bond
 * i mod BENCH_TRANSFER_BONDS (one journal transaction per bond) and sends to the next holder of it.
 */
async function seedTransferHolders(handle: DbHandle): Promise<Holder[]> {
  const db = handle.db;
  const box = createTotpSecretBox(appSecret);
  const tokens = createAccessTokens(appSecret);
  const now = new Date();
  const bonds: { id: number; code: string }[] = [];
  for (let b = 0; b < transferBonds; b++) {
    const { product } = await seedBond(db, {
      code: `BENCH_TRANSFER_${b}`,
      variant: { totalSupply: 1_000_000_000 },
    });
    bonds.push({ id: product.id, code: product.code });
  }
  const secrets = Array.from({ length: holderCount }, () => newTotpSecret());
  const emailOf = (i: number) => `bench-holder-${i}@example.com`;
  const rows: { id: number; uuid: string; email: string }[] = [];
  for (const part of chunks(secrets.map((secret, i) => ({ secret, i })))) {
    rows.push(
      ...(await db
        .insert(customers)
        .values(
          part.map(({ secret, i }) => ({
            email: emailOf(i),
            firstName: 'Bench',
            lastName: `Holder ${i}`,
            verifiedAt: now,
            termsAcceptedAt: now,
            referralCode: `BENCHT${i}`,
            kycPassed: true,
            status: 'approved',
            cryptoRegistrarStatus: 'approved',
            twoFactorEnabled: true,
            twoFactorSecret: box.seal(secret),
          })),
        )
        .returning({ id: customers.id, uuid: customers.uuid, email: customers.email })),
    );
  }
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const ids = secrets.map((_, i) => byEmail.get(emailOf(i))!);
  const walletIds = new Map<number, number>();
  const sessionIds = new Map<number, string>();
  for (const part of chunks(ids)) {
    const made = await db
      .insert(wallets)
      .values(
        part.map((c) => ({
          customerId: c.id,
          type: 'custody',
          name: 'Verwahrung',
          address: getAddress(`0x${randomBytes(20).toString('hex')}`),
          defaultWallet: true,
          provider: 'sandbox',
          externalId: randomUUID(),
        })),
      )
      .returning({ id: wallets.id, customerId: wallets.customerId });
    for (const w of made) walletIds.set(w.customerId, w.id);
    const sessions = await db
      .insert(authSessions)
      .values(part.map((c) => ({ customerId: c.id, expiresAt: new Date(now.getTime() + 86_400_000) })))
      .returning({ id: authSessions.id, customerId: authSessions.customerId });
    for (const s of sessions) sessionIds.set(s.customerId, s.id);
  }
  for (const [b, bond] of bonds.entries()) {
    await db.transaction(async (tx) => {
      for (let i = b; i < holderCount; i += transferBonds) {
        await appendRegisterEntry(tx, {
          productId: bond.id,
          kind: 'mint',
          fromCustomerId: null,
          toCustomerId: ids[i]!.id,
          amount: 100_000,
          cause: { type: 'order', orderId: `bench-${bond.id}-${i}` },
        });
      }
    });
  }
  return Promise.all(
    ids.map(async (c, i) => {
      const next = i + transferBonds < holderCount ? i + transferBonds : i % transferBonds;
      const { token } = await tokens.sign({ customerUuid: c.uuid, sessionId: sessionIds.get(c.id)! });
      return {
        id: c.id,
        walletId: walletIds.get(c.id)!,
        secret: secrets[i]!,
        token,
        bondCode: bonds[i % transferBonds]!.code,
        receiverEmail: emailOf(next === i ? (i + 1) % holderCount : next),
      };
    }),
  );
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

/**
 * The holders with a code to send: a holder is handed out only while no request of theirs is in
 * flight, with the code of the earliest step after the last one they used that the check still
 * accepts (the previous, current or next step); null when no holder has one left.
 */
function codeSupply(holders: Holder[]) {
  const ready = [...holders];
  let spent: Holder[] = [];
  const lastStep = new Map<number, number>();
  // The previous step's code only while the step has more than `margin` to run: an answer may take
  // seconds on a loaded machine, and the server checks the code when the request arrives.
  const margin = 5_000;
  const usableStep = (h: Holder, at: number) => {
    const current = Math.floor(at / step);
    const oldest = at % step < step - margin ? current - 1 : current;
    const candidate = Math.max((lastStep.get(h.id) ?? Number.NEGATIVE_INFINITY) + 1, oldest);
    return candidate <= current + 1 ? candidate : null;
  };
  return {
    async next(): Promise<{ holder: Holder; code: string } | null> {
      for (;;) {
        const at = Date.now();
        const holder = ready.shift();
        if (!holder) {
          // A new step gives every holder one more code.
          const again = spent.filter((h) => usableStep(h, at) !== null);
          if (again.length === 0) return null;
          spent = spent.filter((h) => usableStep(h, at) === null);
          ready.push(...again);
          continue;
        }
        const s = usableStep(holder, at);
        if (s === null) {
          spent.push(holder);
          continue;
        }
        lastStep.set(holder.id, s);
        return { holder, code: await totpCode(holder.secret, new Date(s * step)) };
      }
    },
    release(holder: Holder) {
      ready.push(holder);
    },
  };
}

/** POST token/transfer over HTTP with real codes, `transferConcurrency` in flight, for `seconds` or until the codes run out. */
async function transferHttp(base: string, holders: Holder[], seconds: number) {
  const supply = codeSupply(holders);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let accepted = 0;
  let ranOut = false;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: transferConcurrency }, async () => {
      while (performance.now() < until) {
        const next = await supply.next();
        if (!next) {
          ranOut = true;
          return;
        }
        const { holder: h, code } = next;
        const t0 = performance.now();
        const res = await shopCall(base, h.token, 'POST', '/token/transfer', {
          fromWalletId: h.walletId,
          product: h.bondCode,
          amount: 1,
          beneficiary: h.receiverEmail,
          code,
        });
        latencies.push(performance.now() - t0);
        if (res.status === 202) accepted += 1;
        else {
          const key = `${res.status} ${res.body?.code ?? ''}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        supply.release(h);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), seconds: elapsed, failures, accepted, ranOut };
}

/**
 * The statements sent on the bench's own pool while `run` runs, counted at node-postgres's
 * `Client#query` (BEGIN and COMMIT included).
 */
async function countingStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await run(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** `placeTransfer` (code check injected), 50 at once over the holders, for `seconds`. */
async function transferSustained(handle: DbHandle, holders: Holder[], seconds: number) {
  const latencies: number[] = [];
  let refused = 0;
  const ready = [...holders];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const { statements } = await countingStatements(() =>
    Promise.all(
      Array.from({ length: transferConcurrency }, async () => {
        while (performance.now() < until) {
          const h = ready.shift()!;
          const t0 = performance.now();
          try {
            await placeTransfer({
              db: handle.db,
              customerId: h.id,
              input: {
                fromWalletId: h.walletId,
                product: h.bondCode,
                amount: 1,
                beneficiary: h.receiverEmail,
                code: 'x',
              },
              // Judged as the next time step of the holder's, so the write moves it as a real code's would.
              judgeCode: async (facts) => ({ type: 'totp', step: (facts.lastStep ?? 0) + 1 }),
            });
            latencies.push(performance.now() - t0);
          } catch {
            refused += 1;
          }
          ready.push(h);
        }
      }),
    ),
  );
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - started) / 1000,
    refused,
    statementsPerTransfer: statements / (latencies.length + refused),
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

/** The depot reads of the investor with 100 bonds (after a check and a warm-up). */
async function readDepot(port: number, base: string, depot: { email: string; productCode: string }) {
  const depotToken = await login(base, depot.email);
  const check = await shopCall(base, depotToken, 'GET', '/token-assets?itemsPerPage=100');
  if (check.status !== 200 || check.body.length !== depotBonds) {
    throw new Error(`token-assets answered ${check.status} with ${check.body?.length} bonds`);
  }
  await read(port, depotToken, '/token-assets?itemsPerPage=100'); // warm-up
  return {
    assets: await read(port, depotToken, '/token-assets?itemsPerPage=100'),
    entries: await read(port, depotToken, `/register-entries?product=${depot.productCode}`),
    entriesPage3: await read(port, depotToken, `/register-entries?product=${depot.productCode}&page=3`),
  };
}

async function main() {
  const label = process.argv[2] ?? 'PostgreSQL';
  const handle = await open(transferConcurrency + 2);
  const seedStarted = performance.now();
  let holders: Holder[];
  let depot: { email: string; productCode: string } | null = null;
  try {
    await migrateDatabase(handle);
    const config = loadConfig({ ...process.env, APP_SECRET: appSecret });
    const partners = createPartners({ config });
    await handle.db.transaction((tx) => seedReferenceData(tx));
    // Every job's queue, as the app creates them (the seeding and the transfers enqueue; nothing runs them).
    await createJobRunner({ dbHandle: handle, log: quietLog, partners, config }).init();
    holders = await seedTransferHolders(handle);
    if (withDepot) depot = await seedDepot(handle);
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
    nodeArgs: process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
    env: {
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  let http: Awaited<ReturnType<typeof transferHttp>>;
  let httpLoad: string;
  let reads: {
    assets: autocannon.Result;
    entries: autocannon.Result;
    entriesPage3: autocannon.Result;
  } | null = null;
  try {
    // Warm-up (JIT, pool, prepared statements): a few transfers of the last holders, left out of the figure.
    await transferHttp(base, holders.slice(-transferConcurrency), 2);
    httpLoad = loadavg();
    http = await transferHttp(base, holders.slice(0, -transferConcurrency), transferSeconds);
    if (depot) reads = await readDepot(port, base, depot);
  } finally {
    await stopServerProcess(proc);
  }
  let sustained: Awaited<ReturnType<typeof transferSustained>>;
  let sustainedLoad: string;
  try {
    sustainedLoad = loadavg();
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

  process.stdout.write(`\n${label}: token register (seeded in ${seedSeconds.toFixed(0)} s)\n`);
  const failed = [...http.failures].map(([k, n]) => `${n} x ${k}`).join(', ');
  const l = http.latencies;
  process.stdout.write(
    `  ${`POST token/transfer, HTTP, real codes (${holders.length - transferConcurrency} holders, ${transferConcurrency} in flight)`.padEnd(52)} ${(http.accepted / http.seconds).toFixed(0).padStart(6)} /s accepted, p50 ${percentile(l, 50).toFixed(0)} ms, p99 ${percentile(l, 99).toFixed(0)} ms (${http.accepted} of ${l.length} in ${http.seconds.toFixed(1)} s${http.ranOut ? ', codes ran out' : ''}; load before ${httpLoad})${failed ? `; not 202: ${failed}` : '; all 202'}\n`,
  );
  printRate(
    `placeTransfer, code check injected (${transferConcurrency} at once)`,
    sustained,
    `${sustained.refused ? `; ${sustained.refused} refused` : ''}; ${sustained.statementsPerTransfer.toFixed(1)} statements per transfer (BEGIN, COMMIT included); load before ${sustainedLoad}`,
  );
  if (!reads) return;
  const { assets, entries, entriesPage3 } = reads;
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
