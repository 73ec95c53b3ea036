import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';

// `npm run db:backup [-- --out file.tar.gz]` and `npm run db:restore -- <file.tar.gz> [--force]`:
// the database of DATABASE_URL (unset: the embedded one in DATA_DIR) and the stored files of DATA_DIR.
const usage = `usage: npm run db:backup [-- --out <file.tar.gz>]
       npm run db:restore -- <file.tar.gz> [--force]`;

async function run() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const target = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    includeFiles: !config.storage.s3,
  };
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  if (config.storage.s3) {
    process.stdout.write(
      `Stored files are in the S3 bucket ${config.storage.s3.bucket}: back it up with the provider (versioning, replication); this archive holds the database only.\n`,
    );
  }
  if (command === 'backup' && positionals.length === 0) {
    const { file, manifest } = await createBackup({ ...target, out: values.out });
    process.stdout.write(`Backup of ${where} and ${manifest.files} stored files written to\n${file}\n`);
    return;
  }
  if (command === 'restore' && positionals.length === 1 && !values.out) {
    const { manifest } = await restoreBackup({ ...target, file: positionals[0]!, force: values.force });
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} (${manifest.files} stored files) into ${where}.\n`,
    );
    return;
  }
  throw new BackupError(usage);
}

run().catch((err) => {
  const known = err instanceof BackupError || err instanceof ConfigError;
  process.stderr.write(`${known ? err.message : (err?.stack ?? String(err))}\n`);
  process.exit(1);
});
