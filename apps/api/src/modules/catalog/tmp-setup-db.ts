import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { createLocalStorage } from '../../partners/storage/local.ts';

const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists catbench with (force)');
await admin.query('create database catbench');
await admin.end();
const db = await openDatabase({ databaseUrl: 'postgres://root@127.0.0.1:5432/catbench' });
await migrateDatabase(db);
const storage = createLocalStorage('/tmp/catbench/storage');
await seedDemoData({ db: db.db, storage });
await db.close();
