// Part of `npm run bench` (scripts/bench.mjs runs it with tsx). Two modes:
//   seed   migrates the database named by DATABASE_URL (or PGlite in DATA_DIR), seeds the demo platform as
//          `npm start` would, adds BENCH_PRODUCTS generated bonds (catalogue at scale) and, with
//          BENCH_INVESTORS, that many approved investors with wallets and one bond to subscribe.
//          Prints one JSON line: { investors: [emails], variantCode, productId }.
//   orders <label>  seeds as above, starts the real server (apps/api/src/main.ts, production), logs the
//          investors in and drives the whole order flow over HTTP from BENCH_INVESTORS concurrent
//          investors (POST orders, items, legal documents confirm, payment `offline`, complete with
//          statements) for BENCH_ORDER_SECONDS, first alone, then beside autocannon on the product
//          list; prints completions/s and latency percentiles, the product list alone and under load,
//          and checks afterwards that no variant went below zero and that invoice numbers are gap-free.
// Figures only; nothing here fails on a time.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg as osLoad } from 'node:os';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../apps/api/src/config.ts';
import { type DbHandle, migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import { productVariants } from '../apps/api/src/db/schema/index.ts';
import { seedBond, seedBuyer, seedOrder } from '../apps/api/src/db/seed/factories.ts';
import { demoAccountsFor, seedIfEmpty } from '../apps/api/src/db/seed/seed-if-empty.ts';
import { createJobRunner } from '../apps/api/src/jobs/runner.ts';
import { createPartners } from '../apps/api/src/partners/create-partners.ts';
import { orderStatements } from '../apps/api/src/test/orders.ts';
import {
  freePort,
  shopCall,
  startServerProcess,
  stopServerProcess,
} from '../apps/api/src/test/server-process.ts';

const password = 'Quarz-Fenster-48!';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 0);
const investorCount = Number(process.env.BENCH_INVESTORS ?? 50);
const orderSeconds = Number(process.env.BENCH_ORDER_SECONDS ?? 15);
const listSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const listConnections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const completionRounds = Number(process.env.BENCH_COMPLETION_ROUNDS ?? 20);
const appSecret = process.env.APP_SECRET ?? randomBytes(32).toString('hex');

function open(): Promise<DbHandle> {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory://',
    poolSize: 4,
  });
}

type Seeded = {
  investors: string[];
  investorIds: number[];
  variantCode: string | null;
  variantId: number | null;
  productId: number | null;
};

/** The demo platform (as `npm start` seeds it), then the generated products and the bench's investors. */
async function seed(withInvestors: boolean): Promise<Seeded> {
  const handle = await open();
  try {
    await migrateDatabase(handle);
    const config = loadConfig({ ...process.env, APP_SECRET: appSecret });
    const partners = createPartners({ config });
    // the demo data queues a registrar job: its queue must exist
    const jobs = createJobRunner({ dbHandle: handle, log: pino({ level: 'silent' }), partners, config });
    await jobs.init();
    await seedIfEmpty({ db: handle.db, storage: partners.storage, demoAccounts: demoAccountsFor(config) });
    await jobs.stop();
    const db = handle.db;
    const [{ have } = { have: 0 }] = (
      await db.execute<{ have: number }>(sql`select count(*)::int as have from products`)
    ).rows;
    for (let i = have; i < productCount; i++) {
      const code = `BENCH_BOND_${String(i).padStart(4, '0')}`;
      await seedBond(db, {
        code,
        taxonCode: ['bonds_energy', 'bonds_real_estate', 'bonds_sme'][i % 3],
        translations: {
          de: { name: `Benchmark-Anleihe ${i}`, shortDescription: 'Erzeugt für den Benchmark.' },
          en: { name: `Benchmark bond ${i}`, shortDescription: 'Generated for the benchmark.' },
        },
        variant: { totalSupply: 1_000_000, price: 100 + (i % 50) },
      });
    }
    if (!withInvestors) {
      // Autovacuum is off on these machines: fresh statistics before anything is measured.
      await db.execute(sql`analyze`);
      return { investors: [], investorIds: [], variantCode: null, variantId: null, productId: null };
    }
    // One bond with plenty of stock: every completion contends for the same product row (worst case).
    const { product, variant } = await seedBond(db, {
      code: `BENCH_ORDERS_${randomBytes(3).toString('hex').toUpperCase()}`,
      variant: { totalSupply: 100_000_000 },
    });
    const investors: string[] = [];
    const investorIds: number[] = [];
    for (let i = 0; i < investorCount; i++) {
      const row = await seedBuyer(db, { appSecret, password, email: `bench-${i}-${product.id}@example.com` });
      investors.push(row.email);
      investorIds.push(row.id);
    }
    // Autovacuum is off on these machines: fresh statistics before anything is measured.
    await db.execute(sql`analyze`);
    return {
      investors,
      investorIds,
      variantCode: variant!.code,
      variantId: variant!.id,
      productId: product.id,
    };
  } finally {
    await handle.close();
  }
}

/** The real server (production) on a free port; BENCH_CPU_PROF=<dir> writes a V8 CPU profile there on stop. */
async function startServer() {
  const port = await freePort();
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const { proc } = await startServerProcess({
    port,
    nodeArgs: prof,
    env: {
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  return { port, proc };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

const statements = orderStatements;
// WpPG § 6: twice 12,500 EUR income = 25,000 EUR per investor in this offer; 10 tokens (10 EUR) per order.
const declarations = { freeAssetsAtLeast100k: false, averageMonthlyNetIncomeCents: 1_250_000 };
const quantity = 10;

type Flow = {
  complete: number[];
  flow: number[];
  failures: Map<string, number>;
  done: number;
  /** Each call's latencies by step, to see which step of the flow costs what. */
  steps: Map<string, number[]>;
  /** CPU seconds spent while the flow ran (when measured). */
  cpu?: CpuSpent;
};

async function driveOrders(
  apiPid: number | undefined,
  base: string,
  tokens: string[],
  variantCode: string,
  seconds: number,
): Promise<Flow> {
  const result: Flow = { complete: [], flow: [], failures: new Map(), done: 0, steps: new Map() };
  const until = performance.now() + seconds * 1000;
  const fail = (step: string, status: number, body: unknown) => {
    const code = (body as { code?: string } | null)?.code ?? '';
    const key = `${step} ${status} ${code}`.trim();
    result.failures.set(key, (result.failures.get(key) ?? 0) + 1);
  };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const before = performance.now();
    const answer = await shopCall(base, token, method, path, body);
    const step = `${method} ${path.replace(/\/orders\/[^/]+/, '/orders/{t}').replace(/\/payments\/\d+/, '/payments/{id}')}`;
    if (!result.steps.has(step)) result.steps.set(step, []);
    result.steps.get(step)!.push(performance.now() - before);
    return answer;
  };
  async function investor(token: string) {
    while (performance.now() < until) {
      const started = performance.now();
      const created = await call(token, 'POST', '/orders', { locale: 'de' });
      if (created.status !== 201) {
        fail('POST orders', created.status, created.body);
        continue;
      }
      const order = created.body.tokenValue as string;
      const added = await call(token, 'POST', `/orders/${order}/items`, {
        productVariant: `/api/v2/shop/product-variants/${variantCode}`,
        quantity,
      });
      if (added.status !== 201) {
        fail('POST items', added.status, added.body);
        continue;
      }
      const confirmed = await call(token, 'PATCH', `/orders/${order}/legal-documents-confirm`, {});
      if (confirmed.status !== 200) {
        fail('legal-documents-confirm', confirmed.status, confirmed.body);
        continue;
      }
      const paymentId = (confirmed.body.payments as { id: number }[])[0]!.id;
      const chosen = await call(token, 'PATCH', `/orders/${order}/payments/${paymentId}`, {
        paymentMethod: '/api/v2/shop/payment-methods/offline',
      });
      if (chosen.status !== 200) {
        fail('PATCH payment', chosen.status, chosen.body);
        continue;
      }
      const before = performance.now();
      const done = await call(token, 'PATCH', `/orders/${order}/complete`, {
        notes: 'bench',
        statements,
        declarations,
      });
      const after = performance.now();
      if (done.status !== 200) {
        fail('complete', done.status, done.body);
        continue;
      }
      result.complete.push(after - before);
      result.flow.push(after - started);
      result.done++;
    }
  }
  const stop = cpuMeter(apiPid);
  await Promise.all(tokens.map((t) => investor(t)));
  const cpu = stop();
  if (cpu.api > 0) result.cpu = cpu;
  return result;
}

type Completions = {
  done: number;
  seconds: number;
  complete: number[];
  failures: Map<string, number>;
  /** CPU seconds spent while completions ran: the API process, PostgreSQL's processes, this driver. */
  cpu: CpuSpent | null;
};

/** CPU seconds (user + system, or system alone) of a process from /proc; 0 when it is gone or /proc is not there. */
function cpuSecondsOf(pid: number | string, only?: 'system'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (USER_HZ 100)
    return ((only === 'system' ? 0 : Number(fields[11])) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL server process on this machine (Linux /proc; 0 elsewhere). */
function postgresCpuSeconds(): number {
  let total = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(pid);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/**
 * PATCH complete alone, the step that takes the bond's lock: each round every investor gets a cart
 * ready to complete (written straight into the database, untimed: legal documents confirmed, bank
 * transfer chosen), then all complete at once over HTTP; the time of the rounds' completions only.
 */
type CpuSpent = { api: number; apiSystem: number; postgres: number; driver: number };

/** Starts measuring CPU seconds of the API process, PostgreSQL and this driver; the answer stops it. */
function cpuMeter(apiPid: number | undefined): () => CpuSpent {
  const before = {
    api: cpuSecondsOf(apiPid ?? 0),
    apiSystem: cpuSecondsOf(apiPid ?? 0, 'system'),
    postgres: postgresCpuSeconds(),
    driver: process.cpuUsage(),
  };
  return () => {
    const driver = process.cpuUsage(before.driver);
    return {
      api: cpuSecondsOf(apiPid ?? 0) - before.api,
      apiSystem: cpuSecondsOf(apiPid ?? 0, 'system') - before.apiSystem,
      postgres: postgresCpuSeconds() - before.postgres,
      driver: (driver.user + driver.system) / 1e6,
    };
  };
}

/** "API 5.09 ms (in the kernel 0.62 ms), PostgreSQL 4.95 ms, bench driver 1.70 ms" per unit. */
function cpuPer(cpu: CpuSpent, units: number): string {
  const per = (seconds: number) => `${((seconds * 1000) / units).toFixed(2)} ms`;
  return `API ${per(cpu.api)} (in the kernel ${per(cpu.apiSystem)}), PostgreSQL ${per(cpu.postgres)}, bench driver ${per(cpu.driver)}`;
}

async function driveCompletions(
  apiPid: number | undefined,
  base: string,
  investors: { token: string; id: number }[],
  variantId: number,
  rounds: number,
): Promise<Completions> {
  const result: Completions = { done: 0, seconds: 0, complete: [], failures: new Map(), cpu: null };
  const cpu = { api: 0, apiSystem: 0, postgres: 0, driver: 0 };
  const handle = await open();
  try {
    const [variant] = await handle.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    for (let r = 0; r < rounds; r++) {
      const carts = await Promise.all(
        investors.map((i) =>
          seedOrder(handle.db, { customerId: i.id, variant: variant!, quantity, state: 'ready' }),
        ),
      );
      const started = performance.now();
      const stop = cpuMeter(apiPid);
      await Promise.all(
        carts.map(async ({ order }, k) => {
          const before = performance.now();
          const done = await shopCall(
            base,
            investors[k]!.token,
            'PATCH',
            `/orders/${order.tokenValue}/complete`,
            {
              notes: 'bench',
              statements,
              declarations,
            },
          );
          if (done.status !== 200) {
            const key =
              `complete ${done.status} ${(done.body as { code?: string } | null)?.code ?? ''}`.trim();
            result.failures.set(key, (result.failures.get(key) ?? 0) + 1);
            return;
          }
          result.complete.push(performance.now() - before);
          result.done++;
        }),
      );
      result.seconds += (performance.now() - started) / 1000;
      const spent = stop();
      cpu.api += spent.api;
      cpu.apiSystem += spent.apiSystem;
      cpu.postgres += spent.postgres;
      cpu.driver += spent.driver;
    }
    if (cpu.api > 0) result.cpu = cpu;
  } finally {
    await handle.close();
  }
  return result;
}

function printCompletions(title: string, c: Completions) {
  const sorted = [...c.complete].sort((a, b) => a - b);
  process.stdout.write(`  ${title}\n`);
  process.stdout.write(
    `    completed orders ${c.done} in ${c.seconds.toFixed(1)}s = ${(c.done / c.seconds).toFixed(1)} orders/s (target 200)\n`,
  );
  process.stdout.write(
    `    ${'PATCH complete'.padEnd(30)} p50 ${ms(percentile(sorted, 50))} p90 ${ms(percentile(sorted, 90))} p99 ${ms(percentile(sorted, 99))} max ${ms(sorted.at(-1) ?? Number.NaN)}\n`,
  );
  if (c.cpu && c.done > 0) {
    const busy = ((c.cpu.api + c.cpu.postgres + c.cpu.driver) / c.seconds) * 100;
    process.stdout.write(
      `    CPU per completed order: ${cpuPer(c.cpu, c.done)} (the three together ${busy.toFixed(0)} % of one core)\n`,
    );
  }
  for (const [k, n] of c.failures) process.stdout.write(`    failed: ${k} x${n}\n`);
}

function listLoad(port: number, seconds: number) {
  return autocannon({
    url: `http://127.0.0.1:${port}/api/v2/shop/products?page=1&itemsPerPage=12`,
    headers: { 'accept-language': 'de', accept: 'application/ld+json' },
    connections: listConnections,
    duration: seconds,
  });
}

type CannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
};

const ms = (v: number) => v.toFixed(1).padStart(8);

function printFlow(title: string, f: Flow, seconds: number, beside = false) {
  const c = [...f.complete].sort((a, b) => a - b);
  const w = [...f.flow].sort((a, b) => a - b);
  process.stdout.write(`  ${title}\n`);
  process.stdout.write(
    `    completed orders ${f.done} in ${seconds}s = ${(f.done / seconds).toFixed(1)} orders/s (target 200)\n`,
  );
  process.stdout.write(
    `    ${''.padEnd(30)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}\n`,
  );
  for (const [name, s] of [
    ['PATCH complete', c],
    ['whole flow (5 calls)', w],
  ] as const) {
    process.stdout.write(
      `    ${name.padEnd(30)} ${ms(percentile(s, 50))} ${ms(percentile(s, 90))} ${ms(percentile(s, 99))} ${ms(s.at(-1) ?? Number.NaN)}\n`,
    );
  }
  if (f.cpu && f.done > 0 && !beside) {
    process.stdout.write(`    CPU per completed order (5 calls): ${cpuPer(f.cpu, f.done)}\n`);
  }
  for (const [step, latencies] of f.steps) {
    const sorted = [...latencies].sort((a, b) => a - b);
    process.stdout.write(
      `      ${step.padEnd(28)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 90))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1) ?? Number.NaN)}\n`,
    );
  }
  for (const [k, n] of f.failures) process.stdout.write(`    failed: ${k} x${n}\n`);
}

/** No variant below zero, onHold equal to what completed orders hold, invoice numbers gap-free per year. */
async function verify(productId: number) {
  const handle = await open();
  try {
    const db = handle.db;
    const [neg] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from product_variants where on_hold < 0 or on_hand - on_hold < 0`,
      )
    ).rows;
    const [held] = (
      await db.execute<{ on_hold: number; placed: number }>(sql`
        select v.on_hold::int as on_hold,
          (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
            where i.variant_id = v.id and o.checkout_state = 'completed' and o.payment_state <> 'cancelled') as placed
        from product_variants v where v.product_id = ${productId}`)
    ).rows;
    const years = (
      await db.execute<{ year: number; n: number; lo: number; hi: number; last: number }>(sql`
        select i.year, count(*)::int as n, min(i.sequence) as lo, max(i.sequence) as hi,
          (select s.last_number from invoice_sequences s where s.year = i.year) as last
        from invoices i group by i.year order by i.year`)
    ).rows;
    process.stdout.write(
      `    check: variants below zero ${neg?.n ?? '?'}; bench bond on hold ${held?.on_hold} = tokens in placed orders ${held?.placed} (${held?.on_hold === held?.placed ? 'ok' : 'MISMATCH'})\n`,
    );
    for (const y of years) {
      const gapFree = y.lo === 1 && y.hi === y.n && y.last === y.hi;
      process.stdout.write(
        `    check: invoices ${y.year}: ${y.n} numbers, sequence ${y.lo}..${y.hi}, counter ${y.last} (${gapFree ? 'gap-free' : 'GAPS'})\n`,
      );
    }
  } finally {
    await handle.close();
  }
}

async function benchOrders(label: string) {
  const seeded = await seed(true);
  const { port, proc } = await startServer();
  const base = `http://127.0.0.1:${port}`;
  try {
    const tokens: string[] = [];
    for (const email of seeded.investors) {
      const res = await fetch(`${base}/api/v2/shop/authentication-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    await driveOrders(proc.pid, base, tokens.slice(0, 5), seeded.variantCode!, 2); // warm-up: JIT, pool, plans
    await listLoad(port, 2);
    const idle = await listLoad(port, listSeconds);
    const alone = await driveOrders(proc.pid, base, tokens, seeded.variantCode!, orderSeconds);
    const [beside, list] = await Promise.all([
      driveOrders(proc.pid, base, tokens, seeded.variantCode!, orderSeconds),
      listLoad(port, orderSeconds),
    ]);
    // PGlite is owned by the server process: the carts can only be prepared beside PostgreSQL.
    const completions = process.env.DATABASE_URL
      ? await driveCompletions(
          proc.pid,
          base,
          tokens.map((token, i) => ({ token, id: seeded.investorIds[i]! })),
          seeded.variantId!,
          completionRounds,
        )
      : null;
    process.stdout.write(
      `\n${label}: orders (${tokens.length} concurrent investors, ${quantity} tokens each, one bond; load ${loadavg()})\n`,
    );
    printFlow('orders alone', alone, orderSeconds);
    printFlow(`orders beside the product list (${listConnections} connections)`, beside, orderSeconds, true);
    if (completions) {
      printCompletions(
        `completions alone (${tokens.length} at once, ${completionRounds} rounds; carts prepared untimed)`,
        completions,
      );
    }
    const row = (name: string, r: CannonResult) =>
      `    ${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${r.errors + r.non2xx ? ` (${r.errors + r.non2xx} errors)` : ''}\n`;
    process.stdout.write('  GET products (12, de)\n');
    process.stdout.write(row('idle', idle));
    process.stdout.write(row('while orders run', list));
  } finally {
    await stopServerProcess(proc);
  }
  await verify(seeded.productId!);
}

const loadavg = () =>
  osLoad()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const [mode, label] = process.argv.slice(2);
  if (mode === 'seed') {
    const s = await seed(investorCount > 0 && process.env.BENCH_INVESTORS !== undefined);
    process.stdout.write(`${JSON.stringify(s)}\n`);
  } else if (mode === 'orders') {
    await benchOrders(label ?? 'database');
  } else {
    throw new Error('usage: bench-orders.ts seed | orders <label>');
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
