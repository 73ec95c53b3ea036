import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

/**
 * Backups of the whole platform in one `.tar.gz`: the database (PostgreSQL: `pg_dump` custom format;
 * embedded PGlite: its data directory as PGlite dumps it) and the stored files under
 * `DATA_DIR/storage` (documents, invoices, media). Run with the app stopped when it uses PGlite (the
 * embedded database belongs to one process); PostgreSQL's dump is consistent while the app runs.
 */

/** A backup or restore that cannot go on; its message says why and what to do. */
export class BackupError extends Error {}

/** Where the data lives: the app's DATABASE_URL (unset: PGlite under `dataDir/pglite`) and DATA_DIR. */
export type BackupTarget = {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The stored files are on local disk (false when S3 holds them: the bucket is backed up apart). */
  includeFiles: boolean;
};

type Manifest = {
  format: 'token-platform-backup';
  version: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** How many stored files the archive holds under `storage/`. */
  files: number;
  hasAppSecret: boolean;
};

const manifestName = 'manifest.json';
const postgresDumpName = 'database.pgdump';
const pgliteDumpName = 'pglite-datadir.tar';
const storageName = 'storage';
/** The development secret `config.ts` keeps beside the data (production sets APP_SECRET instead). */
const appSecretName = 'app-secret';
const pgliteExtensions = { pg_trgm, unaccent };

/** Writes a backup archive and answers its path (default `./backups/token-backup-<time>-<kind>.tar.gz`). */
export async function createBackup(
  opts: BackupTarget & { out?: string },
): Promise<{ file: string; manifest: Manifest }> {
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = resolve(opts.out ?? join('backups', `token-backup-${stamp}-${kind}.tar.gz`));
  if (existsSync(file)) throw new BackupError(`${file} exists already; choose another --out`);
  await mkdir(dirname(file), { recursive: true });
  const staging = await mkdtemp(join(tmpdir(), 'token-backup-'));
  try {
    if (opts.databaseUrl) {
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          `--file=${join(staging, postgresDumpName)}`,
          `--dbname=${withoutPassword(opts.databaseUrl)}`,
        ],
        passwordEnv(opts.databaseUrl),
      );
    } else {
      await dumpPglite(opts.dataDir, join(staging, pgliteDumpName));
    }
    const storageDir = join(opts.dataDir, storageName);
    const withFiles = opts.includeFiles && existsSync(storageDir);
    const secretFile = join(opts.dataDir, appSecretName);
    const hasAppSecret = existsSync(secretFile);
    if (hasAppSecret) await copyFile(secretFile, join(staging, appSecretName));
    const manifest: Manifest = {
      format: 'token-platform-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      files: withFiles ? await countFiles(storageDir) : 0,
      hasAppSecret,
    };
    await writeFile(join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed when complete: a cut-short run leaves no archive behind.
    const partial = `${file}.partial`;
    const members = (await readdir(staging)).sort();
    await runTool('tar', [
      '-czf',
      partial,
      '-C',
      staging,
      ...members,
      ...(withFiles ? ['-C', opts.dataDir, storageName] : []),
    ]).catch(async (err) => {
      await rm(partial, { force: true });
      throw err;
    });
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of `createBackup` into the target. An existing database or stored files stop it
 * unless `force`: then the archive's objects replace those of the same names (PostgreSQL), or the
 * PGlite directory and the stored files are replaced whole. PostgreSQL gets fresh planner statistics.
 */
export async function restoreBackup(
  opts: BackupTarget & { file: string; force?: boolean },
): Promise<{ manifest: Manifest }> {
  const file = resolve(opts.file);
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  await mkdir(opts.dataDir, { recursive: true });
  // Unpacked inside DATA_DIR: the stored files are then moved into place, not copied across disks.
  const unpacked = await mkdtemp(join(opts.dataDir, '.restore-'));
  try {
    await runTool('tar', ['-xzf', file, '-C', unpacked]).catch((err: Error) => {
      throw new BackupError(`${file} is not a readable backup archive (${err.message})`);
    });
    const manifest = await readManifest(unpacked, file);
    const kind = opts.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new BackupError(
        manifest.database === 'postgres'
          ? 'this backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into'
          : 'this backup holds an embedded PGlite database: unset DATABASE_URL and set DATA_DIR to restore into',
      );
    }
    const storageDir = join(opts.dataDir, storageName);
    const occupied = [
      ...(await databaseContents(opts)),
      ...((await countFiles(storageDir)) > 0 ? [`stored files in ${storageDir}`] : []),
    ];
    if (occupied.length > 0 && !opts.force) {
      throw new BackupError(
        `the target is not empty (${occupied.join('; ')}); restore into an empty one, or pass --force to overwrite`,
      );
    }
    if (opts.databaseUrl) {
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--single-transaction',
          ...(opts.force ? ['--clean', '--if-exists'] : []),
          `--dbname=${withoutPassword(opts.databaseUrl)}`,
          join(unpacked, postgresDumpName),
        ],
        passwordEnv(opts.databaseUrl),
      );
      // A dump carries no planner statistics, and autovacuum may be off (or late): without them the
      // first queries plan as if every table were empty.
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        await client.query('analyze');
      } finally {
        await client.end();
      }
    } else {
      const dir = join(opts.dataDir, 'pglite');
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const dump = await readFile(join(unpacked, pgliteDumpName));
      const db = new PGlite(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([dump]) });
      await db.waitReady;
      await db.close();
    }
    if (opts.includeFiles) {
      await rm(storageDir, { recursive: true, force: true });
      if (existsSync(join(unpacked, storageName))) await rename(join(unpacked, storageName), storageDir);
    }
    if (manifest.hasAppSecret) {
      await copyFile(join(unpacked, appSecretName), join(opts.dataDir, appSecretName));
    }
    return { manifest };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

async function dumpPglite(dataDir: string, to: string) {
  const dir = join(dataDir, 'pglite');
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new BackupError(`no embedded database in ${dir}; set DATA_DIR (or DATABASE_URL for PostgreSQL)`);
  }
  const db = new PGlite(dir, { extensions: pgliteExtensions });
  try {
    await db.waitReady;
    // Checkpoint first: the dump is the data directory as the files hold it.
    await db.exec('checkpoint');
    const dump = await db.dumpDataDir('none');
    await writeFile(to, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** What the target database already holds ([] when empty). */
async function databaseContents(opts: BackupTarget): Promise<string[]> {
  if (!opts.databaseUrl) {
    const dir = join(opts.dataDir, 'pglite');
    return existsSync(dir) && (await readdir(dir)).length > 0 ? [`an embedded database in ${dir}`] : [];
  }
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`cannot connect to DATABASE_URL (${err.message})`);
  });
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
          and s.nspname not like 'pg\\_toast%'`,
    );
    const tables = Number(rows[0]?.n ?? 0);
    return tables > 0 ? [`${tables} tables in the database`] : [];
  } finally {
    await client.end();
  }
}

async function readManifest(dir: string, file: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(join(dir, manifestName), 'utf8'));
  } catch {
    throw new BackupError(`${file} is not a backup of this platform (no ${manifestName})`);
  }
  if (manifest.format !== 'token-platform-backup' || manifest.version !== 1) {
    throw new BackupError(`${file} is not a backup this version can read (format ${manifest.format})`);
  }
  return manifest as Manifest;
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** The URL without its password, which goes to the tool through PGPASSWORD (not its command line). */
function withoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

function passwordEnv(url: string): Record<string, string> {
  const password = new URL(url).password;
  return password ? { PGPASSWORD: decodeURIComponent(password) } : {};
}

/** Runs a command-line tool; rejects with its error output when it fails or is not installed. */
function runTool(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${cmd} is not installed (Debian: apt-get install postgresql-client for pg_dump/pg_restore)`
            : `${cmd} failed: ${err.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}
