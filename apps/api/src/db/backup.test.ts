import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../partners/storage/local.ts';
import { freshPostgresDatabase } from '../test/create-test-app.ts';
import { repositoryRoot } from '../test/server-process.ts';
import { BackupError, type BackupTarget, createBackup, restoreBackup } from './backup.ts';
import { type DbHandle, migrateDatabase, openDatabase } from './client.ts';
import { customerDocuments, customers, invoices, orders, storedFiles } from './schema/index.ts';
import { seedBond, seedCustomerDocument, seedInvestor, seedOrder } from './seed/factories.ts';
import { seedReferenceData } from './seed/reference.ts';

// Each project backs up its own database: api-postgres a PostgreSQL database (pg_dump), api-pglite
// an embedded one in a data directory (PGlite's dump); both with the stored files.
const usePostgres = process.env.TEST_DB === 'postgres';
const appSecret = randomBytes(32).toString('hex');
const cleanups: (() => Promise<void> | void)[] = [];

/** An empty target: a fresh database (PostgreSQL, or PGlite in the directory) and a fresh DATA_DIR. */
async function emptyTarget(): Promise<BackupTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'token-backup-test-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!usePostgres) return { databaseUrl: undefined, dataDir, includeFiles: true };
  const { url, drop } = await freshPostgresDatabase('backup');
  cleanups.push(drop);
  return { databaseUrl: url, dataDir, includeFiles: true };
}

const open = (t: BackupTarget) =>
  openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, poolSize: 2 });

type Seeded = {
  emails: string[];
  orderNumbers: string[];
  invoiceNumbers: string[];
  documents: { storageKey: string; bytes: Buffer }[];
  media: { key: string; bytes: Buffer };
};

let source: BackupTarget;
let seeded: Seeded;
let archive: string;

beforeAll(async () => {
  source = await emptyTarget();
  const handle = await open(source);
  try {
    await migrateDatabase(handle);
    seeded = await seedPlatform(handle, source.dataDir);
  } finally {
    await handle.close(); // PGlite's directory belongs to one process (and one handle) at a time
  }
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function seedPlatform(handle: DbHandle, dataDir: string): Promise<Seeded> {
  const db = handle.db;
  const storage = createLocalStorage(join(dataDir, 'storage'));
  await db.transaction((tx) => seedReferenceData(tx));
  const { variant } = await seedBond(db);
  const seededOut: Seeded = {
    emails: [],
    orderNumbers: [],
    invoiceNumbers: [],
    documents: [],
    media: { key: 'public/media/backup-test.webp', bytes: randomBytes(4096) },
  };
  for (let i = 0; i < 3; i++) {
    const investor = await seedInvestor(db, { appSecret, kyc: 'approved', wallet: true });
    seededOut.emails.push(investor.email);
    const { order, invoice } = await seedOrder(db, {
      customerId: investor.id,
      variant: variant!,
      quantity: 10,
      state: 'completed',
    });
    seededOut.orderNumbers.push(order.number!);
    seededOut.invoiceNumbers.push(invoice!.number);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048 + i)]);
    const { file } = await seedCustomerDocument(db, { customerId: investor.id, bytes, storage });
    seededOut.documents.push({ storageKey: file.storageKey, bytes });
  }
  await storage.put(seededOut.media.key, seededOut.media.bytes, 'image/webp');
  return seededOut;
}

describe(`backup and restore (${usePostgres ? 'PostgreSQL, pg_dump' : 'embedded PGlite'})`, () => {
  it('restores into an empty database every investor, order, invoice number and stored file', async () => {
    const out = join(source.dataDir, '..', `${randomBytes(6).toString('hex')}.tar.gz`);
    cleanups.push(() => rmSync(out, { force: true }));
    const made = await createBackup({ ...source, out });
    archive = made.file;
    expect(made.file).toBe(out);
    expect(made.manifest).toMatchObject({ database: usePostgres ? 'postgres' : 'pglite', files: 4 });

    const target = await emptyTarget();
    await restoreBackup({ ...target, file: archive });

    const handle = await open(target);
    try {
      const db = handle.db;
      const emails = (await db.select({ email: customers.email }).from(customers)).map((r) => r.email);
      expect(emails).toEqual(expect.arrayContaining(seeded.emails));
      const orderNumbers = (await db.select({ n: orders.number }).from(orders)).map((r) => r.n);
      expect(orderNumbers.sort()).toEqual([...seeded.orderNumbers].sort());
      const invoiceNumbers = (await db.select({ n: invoices.number }).from(invoices)).map((r) => r.n);
      expect(invoiceNumbers.sort()).toEqual([...seeded.invoiceNumbers].sort());
      const storage = createLocalStorage(join(target.dataDir, 'storage'));
      for (const doc of seeded.documents) {
        const [row] = await db
          .select({ id: customerDocuments.id })
          .from(customerDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
          .where(eq(storedFiles.storageKey, doc.storageKey));
        expect(row).toBeDefined();
        expect((await storage.get(doc.storageKey))?.equals(doc.bytes)).toBe(true);
      }
      expect((await storage.get(seeded.media.key))?.equals(seeded.media.bytes)).toBe(true);
      // The restored database takes new rows where the old one left off (sequences came along).
      const [next] = await db
        .insert(customers)
        .values({ email: `after-restore-${randomBytes(4).toString('hex')}@example.com` })
        .returning({ id: customers.id });
      const ids = (await db.select({ id: customers.id }).from(customers)).map((r) => r.id);
      expect(next!.id).toBe(Math.max(...ids));
      if (usePostgres) {
        // ANALYZE ran: the planner knows the tables' sizes.
        const stats = await db.execute<{ n: number }>(
          "select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'customers'",
        );
        expect(Number((stats as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
      }
    } finally {
      await handle.close();
    }

    // A second restore into the now filled target is refused, unless forced.
    await expect(restoreBackup({ ...target, file: archive })).rejects.toThrow(
      /the target is not empty.*--force/,
    );
    await restoreBackup({ ...target, file: archive, force: true });
    const again = await open(target);
    try {
      const count = await again.db.select({ id: customers.id }).from(customers);
      expect(count.length).toBe(seeded.emails.length);
    } finally {
      await again.close();
    }
    // Four starts of an embedded database and two archives: slow on a busy 2-core machine.
  }, 120_000);

  it('names what is wrong: a missing file, a file that is no backup, the other kind of database', async () => {
    const target = await emptyTarget();
    await expect(restoreBackup({ ...target, file: join(target.dataDir, 'nope.tar.gz') })).rejects.toThrow(
      /no backup at/,
    );
    const junk = join(target.dataDir, 'junk.tar.gz');
    spawnSync('sh', ['-c', `head -c 300 /dev/urandom > ${junk}`]);
    await expect(restoreBackup({ ...target, file: junk })).rejects.toThrow(BackupError);
    await expect(restoreBackup({ ...target, file: junk })).rejects.toThrow(/not a readable backup/);
    const other: BackupTarget = usePostgres
      ? { ...target, databaseUrl: undefined }
      : { ...target, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup({ ...other, file: archive })).rejects.toThrow(
      usePostgres ? /holds a PostgreSQL database/ : /holds an embedded PGlite database/,
    );
    expect(existsSync(join(target.dataDir, 'pglite'))).toBe(false);
  });

  it('npm run db:backup prints the archive it wrote; db:restore refuses a filled target', () => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    };
    const out = join(tmpdir(), `token-backup-cli-${randomBytes(6).toString('hex')}.tar.gz`);
    cleanups.push(() => rmSync(out, { force: true }));
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/backup-run.ts', ...args], {
        cwd: repositoryRoot,
        env,
        encoding: 'utf8',
      });
    const made = cli(['backup', '--out', out]);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain(out);
    expect(existsSync(out)).toBe(true);
    const refused = cli(['restore', out]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/the target is not empty .*--force/);
  }, 90_000);
});
