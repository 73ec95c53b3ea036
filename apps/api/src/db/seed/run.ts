import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { createLocalStorage } from '../../partners/storage/local.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { demoAccountsFor, seedIfEmpty } from './seed-if-empty.ts';

// `npm run db:seed`: migrates, then seeds the demo data when the database is empty.
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(db);
const seeded = await seedIfEmpty({
  db: db.db,
  storage: createLocalStorage(join(config.dataDir, 'storage')),
  demoAccounts: demoAccountsFor(config),
});
await db.close();
process.stdout.write(seeded ? 'demo data seeded\n' : 'database already holds data; nothing seeded\n');
