import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { demoAccountsFor, seedIfEmpty } from './db/seed/seed-if-empty.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createPartners } from './partners/create-partners.ts';
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
  // The partner adapters, once for the process (convention 4).
  const partners = createPartners({ config, logger: pino({ level: config.logLevel, name: 'partners' }) });
  const jobs = createJobRunner({
    dbHandle: db,
    log: pino({ level: config.logLevel, name: 'jobs' }),
    partners,
    config,
  });
  // Before seeding and listening: the demo data and requests enqueue jobs into the queues this creates.
  await jobs.init();
  const seeded = await seedIfEmpty({
    db: db.db,
    storage: partners.storage,
    demoAccounts: demoAccountsFor(config),
  });
  const app = await buildApp({ config, db, partners, webDist: webDistDir });
  if (seeded) app.log.info('demo data seeded into the empty database');
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
