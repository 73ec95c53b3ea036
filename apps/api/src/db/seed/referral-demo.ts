import { and, asc, eq } from 'drizzle-orm';
import {
  bookReferralCommission,
  createReferralStatement,
  markReferralStatementPaid,
} from '../../modules/referrals/referrals.service.ts';
import type { Database, Tx } from '../client.ts';
import { customers, orders } from '../schema/index.ts';
import { demoOperator } from './content/operators.ts';
import { onboardingDemoPeople } from './onboarding-demo.ts';

/*
 * Referral demo (issue 17, docs/demo-data.md "Referral"): Clara Neumann is a referral partner (50 € per
 * approved customer, 25 € per paid order) who referred Jonas Wagner. His approval and his paid orders
 * earned her commissions: those of the orders older than a year are settled in a statement the
 * operator paid; the newer ones are accrued, ready for the next statement on /admin/referrals.
 */
export async function seedReferralDemo(tx: Tx): Promise<void> {
  const db = tx as unknown as Database;
  const byEmail = async (email: string) =>
    (await tx.select().from(customers).where(eq(customers.email, email)))[0];
  const [clara, jonas, operator] = await Promise.all([
    byEmail(onboardingDemoPeople.receiver),
    byEmail(onboardingDemoPeople.approved),
    byEmail(demoOperator.email),
  ]);
  if (!clara || !jonas || !operator) return;
  await tx
    .update(customers)
    .set({ referralCommissionPerRegisteredCustomer: 5_000, referralCommissionPerPaidOrder: 2_500 })
    .where(eq(customers.id, clara.id));
  await tx.update(customers).set({ referredById: clara.id }).where(eq(customers.id, jonas.id));

  const paid = await tx
    .select({ id: orders.id, completedAt: orders.checkoutCompletedAt })
    .from(orders)
    .where(and(eq(orders.customerId, jonas.id), eq(orders.paymentState, 'paid')))
    .orderBy(asc(orders.checkoutCompletedAt), asc(orders.id));
  const yearAgo = Date.now() - 365 * 86_400_000;
  const older = paid.filter((o) => (o.completedAt?.getTime() ?? Date.now()) < yearAgo);
  const newer = paid.filter((o) => !older.includes(o));
  for (const o of older) {
    await bookReferralCommission(
      tx,
      { kind: 'paid_order', customerId: jonas.id, orderId: o.id },
      o.completedAt!,
    );
  }
  if (older.length > 0) {
    const statement = await createReferralStatement({ db, uuid: clara.uuid, operatorId: operator.id });
    await markReferralStatementPaid({
      db,
      uuid: clara.uuid,
      statementId: statement.id,
      operatorId: operator.id,
    });
  }
  await bookReferralCommission(tx, { kind: 'registered_customer', customerId: jonas.id });
  for (const o of newer) {
    await bookReferralCommission(
      tx,
      { kind: 'paid_order', customerId: jonas.id, orderId: o.id },
      o.completedAt ?? new Date(),
    );
  }
}
