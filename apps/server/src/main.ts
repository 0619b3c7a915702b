import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './features/system/index.ts';
import { startJobWorker } from './platform/jobs.ts';
import { runPrimary } from './platform/processes.ts';
import { createStorage } from './platform/storage/index.ts';

const config = loadConfig();
if (config.serverProcesses > 1 && cluster.isPrimary) {
  // Migrate once here, not in every process at once (they would queue on the advisory lock).
  // Two connections: the start-up lock holds one while the migrations run on the other.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  await prepareDatabase(database);
  await database.close();
  runPrimary(config.serverProcesses);
} else await serve();

async function serve() {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  // A forked process's primary prepared the database before forking it (and before any restart).
  if (!cluster.isWorker) await prepareDatabase(database);
  const storage = createStorage(config.storage);
  // An upload cut off by kill -9 leaves a temporary file; nothing refers to it. The sweep spares
  // files younger than a minute (another instance on the same storage may be writing them), so it
  // runs again every ten minutes for those left by a quick restart.
  await storage.sweepTemporary?.();
  setInterval(() => void storage.sweepTemporary?.().catch(() => undefined), 10 * 60_000).unref();
  const app = await buildApp({ config, database, storage });
  // Background jobs (exports, imports) and the daily maintenance — the insurance check and the
  // retention of old sessions and audit rows (features/system/jobs.ts) — run on the job runner:
  // claimed from the database, one run per day across instances, taken up again after a crash.
  const stopJobs = startJobWorker(app.deps, {
    leaseMs: config.jobLeaseMs,
    onError: (error) => app.log.error({ err: error }, 'job worker error'),
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive for ever.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // Running jobs go back to the queue for another instance (or this one after the restart).
      await stopJobs();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.driver, storage: config.storage.driver, dataDir: config.dataDir },
    `${config.appTitle} listening on http://localhost:${config.port}`,
  );
}
