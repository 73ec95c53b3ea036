import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { repositoryRoot } from '../../test/server-process.ts';
import { until } from '../../test/until.ts';
import { admin, operatorWithToken } from '../admin/admin.test-kit.ts';
import { servicedBond } from './servicing.test-kit.ts';

// Issue 17: kill -9 in the middle of a coupon run's approval leaves each payout wholly recorded or not
// at all. A child process approves a run of 40 holders; the test holds an uncommitted ledger posting
// under the run's posting id, so the child's one transaction stops at its own posting (the primary
// key waits for ours), having written the run's status and every payout. The parent sees it waiting
// in pg_stat_activity, SIGKILLs it, then rolls its posting back.

const isPostgres = process.env.TEST_DB === 'postgres';
const appName = `coupon-run-crash-${process.pid}`;

let t: TestApp | undefined;
let barrier: pg.Client | undefined;
afterAll(async () => {
  await barrier?.end().catch(() => {});
  await t?.close();
});

describe.runIf(isPostgres)('kill -9 in the middle of a coupon run approval (PostgreSQL)', () => {
  it('leaves the run unapproved with no payout, and a second approval pays each holder once', async () => {
    t = await createTestApp({ seed: 'reference' });
    const app = t.app;
    const { operator, token } = await operatorWithToken(app, t.config.appSecret);
    const tokens = Array.from({ length: 40 }, (_, i) => 10 + i);
    const { code, holders } = await servicedBond(t, token, tokens);
    const prepared = await admin(app, token).post(`/bonds/${code}/coupon-runs`, { periodIndex: 2 });
    expect(prepared.status).toBe(201);
    const runId = prepared.body.id as number;
    const picture = async () => {
      const { rows } = await app.db.execute<{ status: string; payouts: number; postings: number }>(sql`
        select r.status,
          (select count(*)::int from payouts p where p.run_id = r.id) as payouts,
          (select count(*)::int from ledger_postings l where l.id = ${`coupon_run:${runId}`}) as postings
        from coupon_runs r where r.id = ${runId}`);
      return rows[0]!;
    };
    expect(await picture()).toEqual({ status: 'prepared', payouts: 0, postings: 0 });

    // The barrier: our own, uncommitted posting under the run's posting id.
    barrier = new pg.Client({ connectionString: t.config.databaseUrl });
    await barrier.connect();
    await barrier.query('begin');
    await barrier.query(
      `insert into ledger_postings (id, kind, booked_on, lines) values ($1, 'coupon_run', '2022-04-01', '[]')`,
      [`coupon_run:${runId}`],
    );
    const barrierPid = (await barrier.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    let output = '';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'coupon-run-crash.child.ts'),
        code,
        String(runId),
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
    // It had written inside its transaction: the run's row and the payouts.
    const { rows: written } = await app.db.execute<{ rel: string }>(sql`
      select relation::regclass::text as rel from pg_locks
      where pid = ${childPid} and locktype = 'relation' and mode = 'RowExclusiveLock'`);
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(output).not.toContain('status');
    await barrier.query('rollback');
    await until('the killed approval’s backend to end', async () => {
      const { rows } = await app.db.execute(sql`select 1 from pg_stat_activity where pid = ${childPid}`);
      return rows.length === 0 ? true : null;
    });

    // Nothing of the killed approval remains: not approved, no payout, no posting.
    expect(await picture()).toEqual({ status: 'prepared', payouts: 0, postings: 0 });
    expect(written.map((w) => w.rel)).toEqual(expect.arrayContaining(['coupon_runs', 'payouts']));

    // Approving again pays every holder exactly once, with one posting.
    const approved = await admin(app, token).post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(approved.status).toBe(200);
    expect(await picture()).toEqual({ status: 'approved', payouts: holders.length, postings: 1 });
    const { rows: perHolder } = await app.db.execute<{ n: number }>(sql`
      select count(*)::int as n from payouts where run_id = ${runId} group by customer_id`);
    expect(perHolder.every((r) => r.n === 1)).toBe(true);
  }, 300_000);
});
