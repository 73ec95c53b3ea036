import { z } from 'zod';
import { defineJob } from './job.ts';

/** Shown on a mail whose earlier attempt ended without an outcome; see `mail-deliver.handler.ts`. */
export const interruptedDeliveryError =
  'delivery interrupted after it had started; the outcome is unknown, so it is not retried (no duplicate)';

/**
 * Hands one outbox mail to the mail transport (enqueued by the SMTP adapter's `queue`, in the
 * transaction that wrote the mail); handled by `mail-deliver.handler.ts`.
 */
export const mailDeliverJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ mailId: z.number().int().positive() }),
  // 9 attempts, waiting about 30-60 s, 1-2 min, 2-4 min ... 64-128 min: about 2 to 4 hours in all.
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  // At least twice the SMTP transport's limit for one attempt (SMTP_SEND_TIMEOUT_SECONDS, at most 5 min,
  // decision 031): a silent server fails the attempt with an error, which is retried, long before the
  // job would expire (an expired attempt leaves the mail `sending`, and so failed, never resent).
  timeoutSeconds: 10 * 60,
});
