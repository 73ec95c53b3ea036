import { openDatabase } from '../../db/client.ts';
import { approveCouponRun } from './coupon-runs.service.ts';

/*
 * The child process of coupon-run-crash.test.ts: the approval of run `argv[3]` of bond `argv[2]` by
 * operator `argv[4]` on DATABASE_URL, as POST coupon-runs/{id}/approve runs it. The test kills it
 * with SIGKILL while its transaction waits at a lock the test holds (PGAPPNAME names its connection).
 */
const [code, runId, operatorId] = process.argv.slice(2);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
const run = await approveCouponRun({
  db: handle.db,
  code: code!,
  runId: Number(runId),
  operatorId: Number(operatorId),
  today: '2022-04-01',
});
process.stdout.write(`${JSON.stringify({ status: run.status })}\n`);
await handle.close();
