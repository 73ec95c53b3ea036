import { platformToday } from '@token/domain/calendar';
import { mailContext } from '../mail/mail-context.ts';
import { prepareDueCouponRuns } from '../modules/servicing/coupon-runs.service.ts';
import type { JobContext } from './job-handler.ts';

/** Prepares the runs whose record date has ended, each with its mail to the operators (outbox). */
export async function handleCouponRunsDue(ctx: JobContext): Promise<void> {
  const prepared = await prepareDueCouponRuns({
    db: ctx.db,
    today: platformToday(),
    mail: await mailContext(ctx),
  });
  if (prepared.length > 0) ctx.log.info({ prepared }, 'coupon runs prepared after their record date');
}
