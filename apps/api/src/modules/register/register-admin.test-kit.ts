import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type seedBond, seedBuyer, seedOrder } from '../../db/seed/factories.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { type AppendRegisterEntry, appendRegisterEntry } from './journal.service.ts';

/*
 * Test kit of the operator's register tests (minting, register, whitelist): they check instructions
 * recorded and queued, and write confirmed entries with `appendRegisterEntry` directly (the
 * registrar's confirmation path has its own tests in registrar-events.test.ts).
 */

/** Queued `registrar.submit` jobs (what the registrar will be sent) for these instruction ids. */
export async function submitJobsOf(db: Database, instructionIds: number[]): Promise<number> {
  if (instructionIds.length === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where name = 'registrar.submit' and (data->>'instructionId')::int in (${sql.join(
      instructionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return Number(rows[0]?.n ?? 0);
}

/** Appends a confirmed entry, as the registrar's confirmation handler would. */
export function appendConfirmed(db: Database, input: AppendRegisterEntry) {
  return db.transaction((tx) => appendRegisterEntry(tx, input));
}

/** A bond and a paid order of `quantity` tokens by a fresh approved buyer (with a custody wallet unless `wallet: false`). */
export async function paidOrder(
  t: TestApp,
  opts: { variant: Awaited<ReturnType<typeof seedBond>>['variant']; quantity: number; wallet?: boolean },
) {
  const buyer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
  if (opts.wallet === false) {
    await t.app.db.execute(sql`delete from wallets where customer_id = ${buyer.id}`);
  }
  const { order } = await seedOrder(t.app.db, {
    customerId: buyer.id,
    variant: opts.variant!,
    quantity: opts.quantity,
    state: 'completed',
    paymentState: 'paid',
  });
  return { buyer, order };
}
