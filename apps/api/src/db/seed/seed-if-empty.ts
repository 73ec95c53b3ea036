import { count } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { StoragePort } from '../../partners/storage/port.ts';
import type { Database } from '../client.ts';
import { locales } from '../schema/index.ts';
import { withStartupLock } from '../startup-lock.ts';
import { seedDemoData } from './demo.ts';

/**
 * Seeds the demo platform once: only when the database holds no reference data yet. Under the
 * start-up lock: of instances started together on an empty database, one seeds and the others find it.
 */
export function seedIfEmpty(opts: {
  db: Database;
  storage: StoragePort;
  /** Demo investors with known passwords: never given in production. */
  demoAccounts?: { appSecret: string } | undefined;
}): Promise<boolean> {
  return withStartupLock(opts.db, async () => {
    const [row] = await opts.db.select({ n: count() }).from(locales);
    if ((row?.n ?? 0) > 0) return false;
    await seedDemoData(opts);
    return true;
  });
}

/** A production start never creates accounts with known passwords; elsewhere the demo investors come along. */
export function demoAccountsFor(
  config: Pick<AppConfig, 'env' | 'appSecret'>,
): { appSecret: string } | undefined {
  return config.env === 'production' ? undefined : { appSecret: config.appSecret };
}
