import { mailContext } from '../mail/mail-context.ts';
import { expireUnpaidOrders } from '../modules/orders/order-lifecycle.service.ts';
import type { JobContext } from './job-handler.ts';

/**
 * Cancels unpaid orders past their due date (ORDER_PAYMENT_DAYS after completion, stored on the
 * order), releasing their tokens on hold and their investor seat; the investor is told by mail
 * (outbox, in the same transaction). Idempotent: an order is cancelled only while it still awaits
 * payment, under its row lock.
 */
export async function handleOrderExpiry(ctx: JobContext): Promise<void> {
  const { mail, publicUrl } = await mailContext(ctx);
  const expired = await expireUnpaidOrders({ db: ctx.db, mail, publicUrl });
  if (expired > 0) ctx.log.info({ expired }, 'expired unpaid orders');
}
