// Part of `npm run bench` (scripts/bench.mjs runs it with tsx, BENCH_ONLY=servicing): bond servicing on
// PostgreSQL (DATABASE_URL), issue 17.
//   coupon run  BENCH_SERVICING_HOLDERS (10,000) customers inserted in bulk; per round a fresh bond with
//               terms saved by `saveBondTerms` and one mint per holder before the first record date,
//               inserted in bulk into register_entries (sequence and SHA-256 chain computed with the
//               domain's `appendEntry`, so the journal checks) with its register_heads and
//               register_holdings rows; ANALYZE; then `prepareCouponRun` (the preview) and
//               `approveCouponRun` (payouts + ledger posting) timed in this process, BENCH_SERVICING_ROUNDS
//               (3) rounds, each step split into its parts; then one more bond through the real server
//               (production) over HTTP: POST coupon-runs and POST coupon-runs/{id}/approve with an
//               operator's token, and the size of the answer.
//   payouts     an investor with 300 payouts (300 coupon runs over 10 bonds, inserted in bulk); ANALYZE;
//               GET customer-payouts?itemsPerPage=300 with autocannon: req/s, p50, p99, answer size.
// Figures only; nothing here fails on a time.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { loadavg as osLoad } from 'node:os';
import { platformToday } from '@token/domain/calendar';
import { appendEntry, genesisHash, type RegisterEntry } from '@token/domain/register';
import { type BondTerms, couponSchedule, exampleBondTerms } from '@token/domain/servicing';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { type DbHandle, migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import {
  authSessions,
  couponRuns,
  customers,
  payouts,
  registerEntries,
  registerHeads,
  registerHoldings,
} from '../apps/api/src/db/schema/index.ts';
import { seedBond, seedBuyer, seedOperator } from '../apps/api/src/db/seed/factories.ts';
import { seedReferenceData } from '../apps/api/src/db/seed/reference.ts';
import { createJobRunner } from '../apps/api/src/jobs/runner.ts';
import { createAccessTokens } from '../apps/api/src/modules/accounts/access-tokens.ts';
import { newTotpSecret } from '../apps/api/src/modules/accounts/totp.ts';
import { checkRegister, nodeSha256 } from '../apps/api/src/modules/register/journal.service.ts';
import { approveCouponRun, prepareCouponRun } from '../apps/api/src/modules/servicing/coupon-runs.service.ts';
import { saveBondTerms } from '../apps/api/src/modules/servicing/terms.service.ts';
import { createPartners } from '../apps/api/src/partners/create-partners.ts';
import { freePort, startServerProcess, stopServerProcess } from '../apps/api/src/test/server-process.ts';

const holderCount = Number(process.env.BENCH_SERVICING_HOLDERS ?? 10_000);
const rounds = Number(process.env.BENCH_SERVICING_ROUNDS ?? 3);
const payoutCount = 300;
const payoutBonds = 10;
const readSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const readConnections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const appSecret = process.env.APP_SECRET ?? randomBytes(32).toString('hex');
const password = 'Quarz-Fenster-48!';
const mintedAt = new Date('2020-04-01T10:00:00.000Z');

/** 1,000,000 tokens of 10 €, 5.5 % annually from 2020-03-31: period 1's record date is 2021-03-30. */
const terms: BondTerms = exampleBondTerms({
  nominalPerTokenCents: 1_000,
  issueVolumeCents: 1_000_000_000,
  totalSupply: 1_000_000,
});

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

const loadavg = () =>
  osLoad()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Rows in chunks, so that one INSERT stays well below PostgreSQL's 65,535 parameters. */
function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The holders: plain approved customers (they hold tokens; nobody logs in as them). */
async function seedHolders(handle: DbHandle): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (const part of chunks(Array.from({ length: holderCount }, (_, i) => i))) {
    const rows = await handle.db
      .insert(customers)
      .values(
        part.map((i) => ({
          email: `bench-servicing-${i}@example.com`,
          firstName: 'Bench',
          lastName: `Holder ${i}`,
          verifiedAt: now,
          termsAcceptedAt: now,
          referralCode: `BENCHS${i}`,
          kycPassed: true,
          status: 'approved',
          cryptoRegistrarStatus: 'approved',
        })),
      )
      .returning({ id: customers.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * A fresh bond with terms and one mint per holder (1 to 50 tokens) at `mintedAt`: the journal in bulk,
 * chained as `appendRegisterEntry` would chain it, with the head and the holdings it leaves.
 */
async function seedServicedBond(handle: DbHandle, code: string, holders: number[], operatorId: number) {
  const { product } = await seedBond(handle.db, { code, variant: { totalSupply: terms.totalSupply } });
  await saveBondTerms({ db: handle.db, code, terms, operatorId });
  const bondId = String(product.id);
  const tokensOf = (i: number) => 1 + (i % 50);
  let previous: RegisterEntry | null = null;
  const entries: RegisterEntry[] = [];
  for (const [i, holder] of holders.entries()) {
    // One millisecond apart, as separate appends would be.
    previous = appendEntry(
      previous,
      {
        bondId,
        kind: 'mint',
        fromHolder: null,
        toHolder: String(holder),
        amount: tokensOf(i),
        cause: { type: 'order', orderId: `bench-${code}-${i}` },
        recordedAt: new Date(mintedAt.getTime() + i).toISOString(),
      },
      nodeSha256,
    );
    entries.push(previous);
  }
  await handle.db.transaction(async (tx) => {
    for (const part of chunks(entries)) {
      await tx.insert(registerEntries).values(
        part.map((e) => ({
          productId: product.id,
          sequence: e.sequence,
          kind: e.kind,
          fromCustomerId: null,
          toCustomerId: Number(e.toHolder),
          amount: e.amount,
          cause: e.cause,
          recordedAt: new Date(e.recordedAt),
          previousHash: e.previousHash,
          hash: e.hash,
        })),
      );
    }
    for (const part of chunks(holders.map((h, i) => ({ h, i })))) {
      await tx
        .insert(registerHoldings)
        .values(part.map(({ h, i }) => ({ productId: product.id, customerId: h, balance: tokensOf(i) })));
    }
    await tx.insert(registerHeads).values({
      productId: product.id,
      lastSequence: previous?.sequence ?? 0,
      lastHash: previous?.hash ?? genesisHash,
      minted: entries.reduce((s, e) => s + e.amount, 0),
      holders: holders.length,
    });
  });
  return { code, productId: product.id };
}

/**
 * `run`'s time, and the statements it sent on the pool with each one's time to its answer, counted at
 * node-postgres's `Client#query` (BEGIN and COMMIT included): the time outside them is the API's.
 */
async function timed<T>(run: () => Promise<T>) {
  const statements: { text: string; ms: number }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ');
    const t0 = performance.now();
    const done = args.at(-1);
    if (typeof done === 'function') {
      // The pool's own `query` passes a callback.
      args[args.length - 1] = (...r: unknown[]) => {
        statements.push({ text, ms: performance.now() - t0 });
        return done(...r);
      };
    }
    const out = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (out instanceof Promise) {
      out.then(
        () => statements.push({ text, ms: performance.now() - t0 }),
        () => statements.push({ text, ms: performance.now() - t0 }),
      );
    }
    return out;
  } as typeof original;
  const t0 = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - t0, statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** The slowest statements of a step and the time in the database altogether, for the figures. */
function breakdown(s: { text: string; ms: number }[], total: number) {
  const inDb = s.reduce((a, x) => a + x.ms, 0);
  const top = [...s]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((x) => `${x.ms.toFixed(0)} ms ${x.text.slice(0, 60)}`)
    .join(' | ');
  return `${s.length} statements, ${inDb.toFixed(0)} ms in them, ${(total - inDb).toFixed(0)} ms outside; slowest: ${top}`;
}

/** One HTTP call (JSON), its status, parsed body, milliseconds and the bytes of the answer as sent. */
function call(
  url: string,
  opts: { method: string; token: string; body?: unknown; gzip?: boolean; accept?: string },
): Promise<{ status: number; body: Record<string, unknown>; ms: number; bytes: number }> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method,
        headers: {
          accept: opts.accept ?? 'application/json',
          authorization: `Bearer ${opts.token}`,
          'user-agent': 'bench-servicing',
          ...(opts.gzip ? { 'accept-encoding': 'gzip' } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const ms = performance.now() - t0;
          let body: Record<string, unknown> = {};
          if (!opts.gzip && raw.length) body = JSON.parse(raw.toString('utf8'));
          resolve({ status: res.statusCode ?? 0, body, ms, bytes: raw.length });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** An investor with 300 payouts: 30 coupon runs on each of 10 bonds (the runs carry no holder lines). */
async function seedPayoutInvestor(handle: DbHandle) {
  const db = handle.db;
  const investor = await seedBuyer(db, { appSecret, password, email: 'bench-payouts@example.com' });
  const perBond = payoutCount / payoutBonds;
  const runs: (typeof couponRuns.$inferInsert)[] = [];
  for (let b = 0; b < payoutBonds; b++) {
    const { product } = await seedBond(db, { code: `BENCH_PAYOUTS_${b}` });
    for (let p = 1; p <= perBond; p++) {
      const year = 2000 + p;
      runs.push({
        productId: product.id,
        periodIndex: p,
        termsVersion: 1,
        periodStart: `${year - 1}-03-31`,
        periodEnd: `${year}-03-31`,
        paymentDate: `${year}-04-${String(1 + b).padStart(2, '0')}`,
        recordDate: `${year}-03-30`,
        status: 'approved',
        accrualFraction: '1',
        outstandingTokens: 100,
        totalCents: 5_500,
        paidCents: 5_500,
        remainderCents: 0,
        holders: [],
        approvedAt: new Date(),
      });
    }
  }
  const made = await db
    .insert(couponRuns)
    .values(runs)
    .returning({ id: couponRuns.id, productId: couponRuns.productId, paymentDate: couponRuns.paymentDate });
  const byId = new Map(runs.map((r) => [`${r.productId}:${r.paymentDate}`, r]));
  await db.insert(payouts).values(
    made.map((r, i) => {
      const run = byId.get(`${r.productId}:${r.paymentDate}`)!;
      return {
        runId: r.id,
        customerId: investor.id,
        productId: r.productId,
        type: 'interest' as const,
        amountCents: 5_500,
        tokens: 100,
        payoutDate: r.paymentDate,
        periodStart: run.periodStart!,
        periodEnd: run.periodEnd!,
        status: i % 10 === 0 ? ('pending' as const) : ('paid' as const),
        paidAt: i % 10 === 0 ? null : new Date(),
      };
    }),
  );
  return investor;
}

/** A signed access token of a fresh session of `customerId` (logging in is not what is measured). */
async function tokenOf(handle: DbHandle, customer: { id: number; uuid: string }, secondFactor: boolean) {
  const [session] = await handle.db
    .insert(authSessions)
    .values({
      customerId: customer.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      secondFactorPassed: secondFactor,
    })
    .returning({ id: authSessions.id });
  const { token } = await createAccessTokens(appSecret).sign({
    customerUuid: customer.uuid,
    sessionId: session!.id,
  });
  return token;
}

async function main() {
  const label = process.argv[2] ?? 'PostgreSQL';
  if (!process.env.DATABASE_URL) throw new Error('bench-servicing runs on PostgreSQL (DATABASE_URL)');
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: 'memory://',
    poolSize: 4,
  });
  const today = platformToday();
  const rows: { prepare: number; approve: number; prepStatements: number; apprStatements: number }[] = [];
  let redemption = { prepare: 0, approve: 0 };
  let http: {
    prepare: number;
    approve: number;
    prepareBytes: number;
    approveBytes: number;
    gzipBytes: number;
  };
  let reads: autocannon.Result;
  let payoutBytes: { plain: number; gzip: number; items: number };
  const started = performance.now();
  try {
    await migrateDatabase(handle);
    const config = loadConfig({ ...process.env, APP_SECRET: appSecret });
    await handle.db.transaction((tx) => seedReferenceData(tx));
    await createJobRunner({
      dbHandle: handle,
      log: quietLog,
      partners: createPartners({ config }),
      config,
    }).init();
    const operator = await seedOperator(handle.db, { appSecret, password, twoFactorSecret: newTotpSecret() });
    const holders = await seedHolders(handle);
    const bonds = [];
    for (let r = 0; r <= rounds; r++) {
      bonds.push(await seedServicedBond(handle, `BENCH_SERVICING_${r}`, holders, operator.id));
    }
    const check = await checkRegister({ db: handle.db, productId: bonds[0]!.productId });
    if (!check.journal.ok || check.mismatches.length > 0 || check.entries !== holderCount) {
      throw new Error(`journal of the bulk mints does not check: ${JSON.stringify(check).slice(0, 500)}`);
    }
    const investor = await seedPayoutInvestor(handle);
    // Autovacuum is off on these machines: fresh statistics before anything is measured.
    await handle.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\n${label}: bond servicing (${holderCount} holders, seeded in ${seedSeconds.toFixed(0)} s; load ${loadavg()})\n`,
    );

    for (const bond of bonds.slice(1)) {
      const prepared = await timed(() =>
        prepareCouponRun({ db: handle.db, code: bond.code, periodIndex: 1, operatorId: operator.id, today }),
      );
      if (!prepared.result.created || prepared.result.run.holders.length !== holderCount) {
        throw new Error(`prepared run has ${prepared.result.run.holders.length} holders`);
      }
      const approved = await timed(() =>
        approveCouponRun({
          db: handle.db,
          code: bond.code,
          runId: prepared.result.run.id,
          operatorId: operator.id,
          today,
        }),
      );
      const withPayout = approved.result.holders.filter((h) => h.payout).length;
      if (approved.result.status !== 'approved' || withPayout !== holderCount) {
        throw new Error(`approved run: ${approved.result.status}, ${withPayout} payouts`);
      }
      rows.push({
        prepare: prepared.ms,
        approve: approved.ms,
        prepStatements: prepared.statements.length,
        apprStatements: approved.statements.length,
      });
      process.stdout.write(
        `  round ${rows.length}: prepareCouponRun ${ms(prepared.ms)}, approveCouponRun ${ms(approved.ms)}\n` +
          `    prepare: ${breakdown(prepared.statements, prepared.ms)}\n` +
          `    approve: ${breakdown(approved.statements, approved.ms)}\n`,
      );
    }

    // The redemption of the first measured bond: the last coupon with the nominal, and the burn of
    // every holder's tokens (one instruction and one submit job each) in the approval's transaction.
    const redeemed = bonds[1]!;
    const finalPeriod = couponSchedule(terms).length;
    const redemptionPrepared = await timed(() =>
      prepareCouponRun({
        db: handle.db,
        code: redeemed.code,
        periodIndex: finalPeriod,
        operatorId: operator.id,
        today,
      }),
    );
    const redemptionApproved = await timed(() =>
      approveCouponRun({
        db: handle.db,
        code: redeemed.code,
        runId: redemptionPrepared.result.run.id,
        operatorId: operator.id,
        today,
      }),
    );
    const burn = redemptionApproved.result.burn;
    if (
      redemptionApproved.result.kind !== 'redemption' ||
      burn?.queuedTokens !== redemptionApproved.result.outstandingTokens
    ) {
      throw new Error(`redemption run: ${redemptionApproved.result.kind}, burn ${JSON.stringify(burn)}`);
    }
    redemption = { prepare: redemptionPrepared.ms, approve: redemptionApproved.ms };
    process.stdout.write(
      `  redemption: prepareCouponRun ${ms(redemptionPrepared.ms)}, approveCouponRun ${ms(redemptionApproved.ms)} (${holderCount} burn instructions)\n` +
        `    approve: ${breakdown(redemptionApproved.statements, redemptionApproved.ms)}\n`,
    );

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
    try {
      const base = `http://127.0.0.1:${port}`;
      const operatorToken = await tokenOf(handle, operator, true);
      const admin = `${base}/api/v2/admin/bonds/${bonds[0]!.code}/coupon-runs`;
      const prep = await call(admin, { method: 'POST', token: operatorToken, body: { periodIndex: 1 } });
      if (prep.status !== 201) throw new Error(`POST coupon-runs answered ${prep.status}`);
      const runId = prep.body.id as number;
      const appr = await call(`${admin}/${runId}/approve`, {
        method: 'POST',
        token: operatorToken,
        body: {},
      });
      if (appr.status !== 200)
        throw new Error(`approve answered ${appr.status}: ${JSON.stringify(appr.body)}`);
      const zipped = await call(`${admin}/${runId}`, { method: 'GET', token: operatorToken, gzip: true });
      http = {
        prepare: prep.ms,
        approve: appr.ms,
        prepareBytes: prep.bytes,
        approveBytes: appr.bytes,
        gzipBytes: zipped.bytes,
      };

      const investorToken = await tokenOf(handle, investor, false);
      const path = '/api/v2/shop/customer-payouts?itemsPerPage=300';
      const first = await call(`${base}${path}`, {
        method: 'GET',
        token: investorToken,
        accept: 'application/ld+json',
      });
      const items = (first.body['hydra:member'] as unknown[] | undefined)?.length ?? 0;
      if (first.status !== 200 || items !== payoutCount) {
        throw new Error(`customer-payouts answered ${first.status} with ${items} payouts`);
      }
      const gz = await call(`${base}${path}`, {
        method: 'GET',
        token: investorToken,
        accept: 'application/ld+json',
        gzip: true,
      });
      payoutBytes = { plain: first.bytes, gzip: gz.bytes, items };
      const load = () =>
        autocannon({
          url: `${base}${path}`,
          headers: { authorization: `Bearer ${investorToken}`, accept: 'application/ld+json' },
          connections: readConnections,
          duration: readSeconds,
        });
      await autocannon({
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${investorToken}`, accept: 'application/ld+json' },
        connections: readConnections,
        duration: 2,
      }); // warm-up
      reads = await load();
    } finally {
      await stopServerProcess(proc);
    }
  } finally {
    await handle.close();
  }

  const prepares = rows.map((r) => r.prepare);
  const approves = rows.map((r) => r.approve);
  process.stdout.write(
    `  prepareCouponRun (preview), ${holderCount} holders: ${prepares.map(ms).join(', ')}; median ${ms(median(prepares))}\n`,
  );
  process.stdout.write(
    `  approveCouponRun (payouts + posting), ${holderCount} holders: ${approves.map(ms).join(', ')}; median ${ms(median(approves))}\n`,
  );
  process.stdout.write(
    `  redemption run (last coupon + nominal, every token burned), ${holderCount} holders: preview ${ms(redemption.prepare)}, approval ${ms(redemption.approve)}\n`,
  );
  process.stdout.write(
    `  over HTTP (real server, operator token): POST coupon-runs ${ms(http.prepare)} (${(http.prepareBytes / 1024).toFixed(0)} KiB), POST approve ${ms(http.approve)} (${(http.approveBytes / 1024).toFixed(0)} KiB; ${(http.gzipBytes / 1024).toFixed(0)} KiB gzip)\n`,
  );
  process.stdout.write(
    `  GET customer-payouts?itemsPerPage=300 (${readConnections} connections, ${readSeconds} s): ${reads.requests.average.toFixed(0)} req/s, p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms; ${payoutBytes.items} payouts, ${(payoutBytes.plain / 1024).toFixed(0)} KiB (${(payoutBytes.gzip / 1024).toFixed(1)} KiB gzip)${reads.errors + reads.non2xx ? ` (${reads.errors + reads.non2xx} errors)` : ''}\n`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    // A failed bulk query's message carries every parameter: its head is enough.
    process.stderr.write(`${(e instanceof Error ? (e.stack ?? e.message) : String(e)).slice(0, 3000)}\n`);
    process.exit(1);
  },
);
