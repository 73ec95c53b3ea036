import { pino } from 'pino';
import { loadConfig } from '../../config.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { createPartners } from '../../partners/create-partners.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { demoAccountsFor, seedIfEmpty } from './seed-if-empty.ts';

// `npm run db:seed`: migrates, then seeds the demo data when the database is empty.
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(db);
const partners = createPartners({ config });
// The demo data queues jobs (a mint for the registrar); the app's job runner runs them once it starts.
const jobs = createJobRunner({ dbHandle: db, log: pino({ level: config.logLevel }), partners, config });
await jobs.init();
const seeded = await seedIfEmpty({
  db: db.db,
  storage: partners.storage,
  demoAccounts: demoAccountsFor(config),
});
await jobs.stop();
await db.close();
process.stdout.write(seeded ? 'demo data seeded\n' : 'database already holds data; nothing seeded\n');
