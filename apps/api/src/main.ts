import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { demoAccountsFor, seedIfEmpty } from './db/seed/seed-if-empty.ts';
import { listenMetricsPort } from './http/observability.ts';
import { createJobRunner } from './jobs/runner.ts';
import { requestIdMixin } from './observability/request-context.ts';
import { createStateRegistry } from './observability/state-metrics.ts';
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
  // The partners' log lines name the request (or the job's request) they work for (decision 027); the
  // runner binds each job's request id to that job's logger itself.
  const partnersLogger = pino({ level: config.logLevel, name: 'partners', mixin: requestIdMixin });
  // The partner adapters, once for the process (convention 4).
  const partners = createPartners({ config, logger: partnersLogger });
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
  const app = await buildApp({ config, db, partners, webDist: webDistDir, jobs });
  if (seeded) app.log.info('demo data seeded into the empty database');
  await jobs.start();
  const metricsPort = await listenMetricsPort({ config, state: createStateRegistry(db) });

  // SIGTERM (decision 027): readiness turns 503 and no new connection is accepted; requests in flight
  // and running jobs get SHUTDOWN_GRACE_MS to finish (jobs not finished by then go back to their
  // queue); then the database is closed and the process exits 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.operations.shutdownGraceMs;
    app.log.info({ signal, graceMs }, 'shutting down: finishing requests and jobs');
    const hardStop = setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, graceMs + 5_000).unref();
    let code = 0;
    try {
      const [requestsDone] = await Promise.all([
        app.httpDrain.drain(graceMs),
        jobs.stop({ timeoutMs: graceMs }),
      ]);
      await metricsPort?.close();
      await app.close(); // closes the database, after the last request and job
      app.log.info({ requestsDone }, 'shut down');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(hardStop);
      process.exit(code);
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
