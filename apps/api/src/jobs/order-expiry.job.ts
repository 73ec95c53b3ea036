import { z } from 'zod';
import { expireUnpaidOrders } from '../modules/orders/order-lifecycle.service.ts';
import { findShopChannel } from '../modules/reference/reference.service.ts';
import { defineJob } from './job.ts';

/**
 * Hourly: placed bank-transfer orders still unpaid past their due date (ORDER_PAYMENT_DAYS after
 * completion, stored on the order) are cancelled, releasing their tokens on hold and their investor
 * seat; the investor is told by mail (outbox, in the same transaction). Idempotent: an order is
 * cancelled only while it still awaits payment, under its row lock.
 */
export const orderExpiryJob = defineJob({
  name: 'orders.expire',
  payload: z.object({ publicUrl: z.url().optional() }),
  schedule: { cron: '15 * * * *' },
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  async handler({ db, partners, log }, { publicUrl }) {
    const channel = await findShopChannel({ db });
    const base = publicUrl ?? (channel?.hostname ? `https://${channel.hostname}` : 'http://localhost:3000');
    const expired = await expireUnpaidOrders({ db, mail: partners.mail, publicUrl: base });
    if (expired > 0) log.info({ expired }, 'expired unpaid orders');
  },
});
