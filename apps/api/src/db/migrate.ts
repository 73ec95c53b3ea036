import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from './client.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(db);
await db.close();
process.stdout.write('migrations applied\n');
