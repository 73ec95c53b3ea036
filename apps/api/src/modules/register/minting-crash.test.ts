import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedBond } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { repositoryRoot } from '../../test/server-process.ts';
import { until } from '../../test/until.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { paidOrder } from './register.test-kit.ts';

// Issue 16, "Races on PostgreSQL": kill -9 in the middle of a minting batch leaves every order wholly
// minted (queued) or not at all. A child process runs `runMinting` over a bond with many paid orders;
// the test holds a row lock on the buyer of a later order, so the child's one transaction stops at
// that order's instruction (its foreign key check waits), having written the orders before it. The
// parent sees it waiting in pg_stat_activity, SIGKILLs it, then releases the lock.

const isPostgres = process.env.TEST_DB === 'postgres';
const orderCount = 20;
/** The child stops at this order (0-based): the 12 before it are written in its transaction. */
const barrierAt = 12;
const appName = `minting-crash-${process.pid}`;

let t: TestApp | undefined;
let barrier: pg.Client | undefined;
afterAll(async () => {
  await barrier?.end().catch(() => {});
  await t?.close();
});

type OrderPicture = {
  orderId: number;
  instructions: number;
  instructedTokens: number;
  audits: number;
  submitJobs: number;
  entries: number;
  shippingState: string;
};

/** Per order of the bond, straight from the tables: its mint instructions, audit rows, submit jobs, entries. */
async function picture(app: TestApp['app'], productId: number): Promise<OrderPicture[]> {
  const { rows } = await app.db.execute<OrderPicture>(sql`
    select o.id as "orderId", o.shipping_state as "shippingState",
      (select count(*)::int from registrar_instructions i
        where i.product_id = o.product_id and i.kind = 'mint' and i.cause->>'orderId' = o.id::text) as instructions,
      (select coalesce(sum(i.amount), 0)::int from registrar_instructions i
        where i.product_id = o.product_id and i.kind = 'mint' and i.cause->>'orderId' = o.id::text) as "instructedTokens",
      (select count(*)::int from compliance_audit_log a
        where a.action = 'register_mint_queued' and a.details->>'order' = o.number) as audits,
      (select count(*)::int from pgboss.job j
        where j.name = 'registrar.submit' and (j.data->>'instructionId')::bigint in (
          select i.id from registrar_instructions i
          where i.product_id = o.product_id and i.cause->>'orderId' = o.id::text)) as "submitJobs",
      (select count(*)::int from register_entries e
        where e.product_id = o.product_id and e.cause->>'orderId' = o.id::text) as entries
    from orders o where o.product_id = ${productId} order by o.id`);
  return rows;
}

async function stockOf(app: TestApp['app'], productId: number) {
  const { rows } = await app.db.execute<{ onHand: number; onHold: number }>(sql`
    select on_hand as "onHand", on_hold as "onHold" from product_variants where product_id = ${productId} order by id`);
  return rows;
}

describe.runIf(isPostgres)('kill -9 in the middle of a minting batch (PostgreSQL)', () => {
  it('leaves every order wholly queued or not at all, and a second run queues each once', async () => {
    t = await createTestApp({ seed: 'reference' });
    const app = t.app;
    const { operator, token } = await operatorWithToken(app, t.config.appSecret);
    const { product, variant } = await seedBond(app.db, { variant: { totalSupply: 100_000 } });
    const paid: Awaited<ReturnType<typeof paidOrder>>[] = [];
    for (let i = 0; i < orderCount; i++) paid.push(await paidOrder(t, { variant, quantity: 100 + i }));
    const quantities = new Map(paid.map((p, i) => [p.order.id, 100 + i]));
    const stockBefore = await stockOf(app, product.id);
    expect((await picture(app, product.id)).every((o) => o.instructions === 0)).toBe(true);

    // The barrier: the buyer of order `barrierAt` locked, so the child's instruction insert for that
    // order (foreign key to customers, FOR KEY SHARE) waits inside its open transaction.
    barrier = new pg.Client({ connectionString: t.config.databaseUrl });
    await barrier.connect();
    await barrier.query('begin');
    await barrier.query('select id from customers where id = $1 for update', [paid[barrierAt]!.buyer.id]);
    const barrierPid = (await barrier.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    let output = '';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'minting-crash.child.ts'),
        product.code,
        String(operator.id),
      ],
      {
        cwd: repositoryRoot,
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl!, PGAPPNAME: appName },
      },
    );
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

    // Mid-batch, observed: the child's backend waits on our lock, inside a transaction that has
    // already written instructions (it holds RowExclusiveLock on the tables it inserted into).
    // (Observed from the app's pool: inside the barrier's transaction pg_stat_activity stays frozen.)
    const childPid = await until(
      'the child to wait at the barrier',
      async () => {
        if (child.exitCode !== null) throw new Error(`the child exited early:\n${output}`);
        const { rows } = await app.db.execute<{ pid: number }>(sql`
          select pid from pg_stat_activity
          where application_name = ${appName} and ${barrierPid}::int = any(pg_blocking_pids(pid))
            and backend_xid is not null`);
        return rows[0]?.pid;
      },
      180_000,
    );
    const { rows: written } = await app.db.execute<{ rel: string }>(sql`
      select relation::regclass::text as rel from pg_locks
      where pid = ${childPid} and locktype = 'relation' and mode = 'RowExclusiveLock'`);
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(output).not.toContain('queuedOrders');
    await barrier.query('rollback');
    // The orphaned backend finishes its statement, finds its client gone and rolls back.
    await until('the killed run’s backend to end', async () => {
      const { rows } = await app.db.execute(sql`select 1 from pg_stat_activity where pid = ${childPid}`);
      return rows.length === 0 ? true : null;
    });

    // Every order whole: one instruction for all its tokens with its audit row and submit job, or
    // nothing; and as the batch is one transaction, the killed run left nothing at all.
    const afterKill = await picture(app, product.id);
    for (const o of afterKill) {
      const nothing = o.instructions === 0 && o.audits === 0 && o.submitJobs === 0;
      const whole =
        o.instructions === 1 &&
        o.instructedTokens === quantities.get(o.orderId) &&
        o.audits === 1 &&
        o.submitJobs === 1;
      expect(nothing || whole, `order ${o.orderId}: ${JSON.stringify(o)}`).toBe(true);
      expect(o.entries).toBe(0);
      expect(o.shippingState).toBe('ready');
    }
    expect(afterKill.filter((o) => o.instructions > 0)).toEqual([]);
    // and the kill did cut an open batch short: the run's transaction had written earlier orders'
    // audit rows and jobs (checked after the outcome, so a broken batch fails on the outcome above)
    expect(written.map((w) => w.rel)).toEqual(
      expect.arrayContaining(['registrar_instructions', 'compliance_audit_log', 'pgboss.job']),
    );
    expect(await stockOf(app, product.id)).toEqual(stockBefore);

    // A second run (nothing stuck: no lock left behind) queues the whole batch, each order once.
    const run = await admin(app, token).post(`/bonds/${product.code}/minting`, {});
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      queuedOrders: orderCount,
      queuedTokens: [...quantities.values()].reduce((a, b) => a + b, 0),
    });
    const afterRun = await picture(app, product.id);
    for (const o of afterRun) {
      expect(o).toMatchObject({
        instructions: 1,
        instructedTokens: quantities.get(o.orderId),
        audits: 1,
        submitJobs: 1,
        entries: 0,
        shippingState: 'ready',
      });
    }
    // the stock moves only when the registrar confirms the mint
    expect(await stockOf(app, product.id)).toEqual(stockBefore);
    const third = await admin(app, token).post(`/bonds/${product.code}/minting`, {});
    expect(third.body).toMatchObject({ queuedOrders: 0, queuedTokens: 0 });
    expect(await picture(app, product.id)).toEqual(afterRun);
  }, 300_000);
});
