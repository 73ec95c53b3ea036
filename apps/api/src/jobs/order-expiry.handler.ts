import { expireUnpaidOrders } from '../modules/orders/orders.service.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import type { JobPayload } from './job.ts';
import type { JobContext } from './job-handler.ts';
import type { orderExpiryJob } from './order-expiry.job.ts';

/**
 * Cancels unpaid orders past their due date (ORDER_PAYMENT_DAYS after completion, stored on the
 * order), releasing their tokens on hold and their investor seat; the investor is told by mail
 * (outbox, in the same transaction). Idempotent: an order is cancelled only while it still awaits
 * payment, under its row lock.
 */
export async function handleOrderExpiry(
  { db, partners, log }: JobContext,
  { publicUrl }: JobPayload<typeof orderExpiryJob>,
): Promise<void> {
  const channel = await findShopChannel({ db });
  const base = publicUrl ?? (channel?.hostname ? `https://${channel.hostname}` : 'http://localhost:3000');
  const expired = await expireUnpaidOrders({ db, mail: partners.mail, publicUrl: base });
  if (expired > 0) log.info({ expired }, 'expired unpaid orders');
}
