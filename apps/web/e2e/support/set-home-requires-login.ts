// Prepares a data directory for the investment reading of spec 1: migrates and seeds the demo
// data (as `npm run db:seed` does), then sets the channel's homeRequiresLogin before the server
// starts. Usage: DATA_DIR=<dir> node --import tsx apps/web/e2e/support/set-home-requires-login.ts
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = new PGlite(join(dataDir, 'pglite'));
await db.waitReady;
const res = await db.query<{ code: string }>('update channels set home_requires_login = true returning code');
await db.close();
if (res.rows.length === 0) throw new Error('no channel to update: was the database seeded?');
process.stdout.write(`homeRequiresLogin set on ${res.rows.map((r) => r.code).join(', ')}\n`);
