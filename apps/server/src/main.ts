import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase, scheduleRetention } from './features/system/index.ts';
import { expireInsurance } from './features/workers/index.ts';
import { createStorage } from './platform/storage/index.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database);
const storage = createStorage(config.storage);
// An upload cut off by kill -9 leaves a temporary file; nothing refers to it. The sweep spares
// files younger than a minute (another instance on the same storage may be writing them), so it
// runs again every ten minutes for those left by a quick restart.
await storage.sweepTemporary?.();
setInterval(() => void storage.sweepTemporary?.().catch(() => undefined), 10 * 60_000).unref();
const app = await buildApp({ config, database, storage });
// Old sessions and audit rows go at start and then daily (SESSION_RETENTION_DAYS, AUDIT_RETENTION_DAYS).
const stopRetention = scheduleRetention(
  { config, database },
  (removed) => app.log.info(removed, 'retention: old sessions and audit rows deleted'),
  (error) => app.log.error({ err: error }, 'retention failed'),
);

/**
 * Daily insurance check: clock-in goes off for workers whose insurance has ended. Runs once at
 * start and then a few minutes after every China midnight (idempotent: several instances may run it).
 */
let dailyTimer: NodeJS.Timeout | undefined;
async function dailyChecks() {
  try {
    const off = await expireInsurance(app.deps);
    if (off) app.log.info({ workers: off }, 'clock-in turned off: insurance ended');
  } catch (error) {
    app.log.error({ err: error }, 'daily insurance check failed');
  }
}
function scheduleDaily() {
  const chinaNow = Date.now() + 8 * 3600_000;
  const nextRun = Math.floor(chinaNow / 86_400_000 + 1) * 86_400_000 + 5 * 60_000 - 8 * 3600_000;
  dailyTimer = setTimeout(() => void dailyChecks().then(scheduleDaily), nextRun - Date.now());
  dailyTimer.unref();
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearTimeout(dailyTimer);
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // A stuck request must not keep the process alive for ever.
  const timer = setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, 15_000);
  timer.unref();
  stopRetention();
  try {
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
await dailyChecks();
scheduleDaily();
app.log.info(
  { database: database.driver, storage: config.storage.driver, dataDir: config.dataDir },
  `${config.appTitle} listening on http://localhost:${config.port}`,
);
