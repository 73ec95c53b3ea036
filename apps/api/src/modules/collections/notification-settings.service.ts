import { defaultNotificationSettings, type NotificationSettings } from '@token/domain/marketplace';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerNotificationSettings } from '../../db/schema/index.ts';

/** The customer's notification settings (spec 3), or the defaults when never saved. */
export async function getNotificationSettings(opts: {
  db: Db;
  customerId: number;
}): Promise<NotificationSettings> {
  const [row] = await opts.db
    .select({
      auctionEnd: customerNotificationSettings.auctionEnd,
      newFollower: customerNotificationSettings.newFollower,
      bid: customerNotificationSettings.bid,
      drop: customerNotificationSettings.drop,
      sale: customerNotificationSettings.sale,
    })
    .from(customerNotificationSettings)
    .where(eq(customerNotificationSettings.customerId, opts.customerId));
  return row ?? { ...defaultNotificationSettings };
}

/** Saves all five settings at once (PUT replaces them). */
export async function saveNotificationSettings(opts: {
  db: Db;
  customerId: number;
  settings: NotificationSettings;
}): Promise<NotificationSettings> {
  const { settings } = opts;
  const values = {
    auctionEnd: settings.auctionEnd,
    newFollower: settings.newFollower,
    bid: settings.bid,
    drop: settings.drop,
    sale: settings.sale,
  };
  await opts.db
    .insert(customerNotificationSettings)
    .values({ customerId: opts.customerId, ...values })
    .onConflictDoUpdate({
      target: customerNotificationSettings.customerId,
      set: { ...values, updatedAt: new Date() },
    });
  return values;
}
