import type { StoragePort } from '../../partners/storage/port.ts';
import type { Database } from '../client.ts';
import { seedReferenceData } from './reference.ts';

/** Seeds the whole demo platform into an empty database (reference data, catalogue, CMS). */
export async function seedDemoData(opts: { db: Database; storage: StoragePort }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    await seedReferenceData(tx as unknown as Database);
  });
}
