import { count } from 'drizzle-orm';
import type { StoragePort } from '../../partners/storage/port.ts';
import type { Database } from '../client.ts';
import { locales } from '../schema/index.ts';
import { seedDemoData } from './demo.ts';

/** Seeds the demo platform once: only when the database holds no reference data yet. */
export async function seedIfEmpty(opts: { db: Database; storage: StoragePort }): Promise<boolean> {
  const [row] = await opts.db.select({ n: count() }).from(locales);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoData(opts);
  return true;
}
