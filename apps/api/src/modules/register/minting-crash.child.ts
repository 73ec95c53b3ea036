import { openDatabase } from '../../db/client.ts';
import { runMinting } from './minting.service.ts';

/*
 * The child process of minting-crash.test.ts: one minting run of bond `argv[2]` by operator
 * `argv[3]` on DATABASE_URL, as the operator's POST minting would run it. The test kills it with
 * SIGKILL while its transaction waits at a lock the test holds (PGAPPNAME names its connection).
 */
const [code, operatorId] = process.argv.slice(2);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
const run = await runMinting({
  db: handle.db,
  code: code!,
  operatorId: Number(operatorId),
  reason: 'crash test',
});
process.stdout.write(`${JSON.stringify({ queuedOrders: run.queuedOrders })}\n`);
await handle.close();
