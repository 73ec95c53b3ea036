// Prepares a data directory for one reading of spec 1: migrates and seeds the demo data (as
// `npm run db:seed` does), then sets the channel's homeRequiresLogin (`true` or `false`, the first
// argument) before the server starts. The demo channel as seeded requires login (investment reading).
// Usage: DATA_DIR=<dir> node --import tsx apps/web/e2e/support/set-home-requires-login.ts false
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = new PGlite(join(dataDir, 'pglite'));
await db.waitReady;
const value = process.argv[2] !== 'false';
const res = await db.query<{ code: string }>('update channels set home_requires_login = $1 returning code', [
  value,
]);
await db.close();
if (res.rows.length === 0) throw new Error('no channel to update: was the database seeded?');
process.stdout.write(`homeRequiresLogin ${value} on ${res.rows.map((r) => r.code).join(', ')}\n`);
