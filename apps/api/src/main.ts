import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed-if-empty.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createMailPort } from './partners/mail/create-mail.ts';
import { createLocalStorage } from './partners/storage/local.ts';
import { buildApp } from './server.ts';
import { webDistDir } from './web-dist.ts';

async function main() {
  const config = loadConfig();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  await migrateDatabase(db);
  const storage = createLocalStorage(join(config.dataDir, 'storage'));
  const seeded = await seedIfEmpty({ db: db.db, storage });
  const app = await buildApp({ config, db, storage, webDist: webDistDir });
  if (seeded) app.log.info('demo data seeded into the empty database');
  // Before listening: requests enqueue jobs into the queues this creates.
  const jobs = createJobRunner({
    dbHandle: db,
    log: app.log.child({ module: 'jobs' }),
    partners: { mail: createMailPort({ smtpUrl: config.smtpUrl, logger: app.log }) },
  });
  await jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await jobs.stop(); // before app.close() closes the database
      await app.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  process.stdout.write(`\n  Token platform ready on ${config.publicUrl}  (database: ${where})\n\n`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
