import { parseArgs } from 'node:util';
import { clientPasswordHash } from '@pineguard/contract';
import { count } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { wireAnomalyChecks } from '../features/anomalies/index.ts';
import { prepareDatabase } from '../features/system/index.ts';
import {
  DEMO_JOB,
  DEMO_JOB_KEY,
  type DemoJobParams,
  demoJobParams,
  demoOptions,
} from '../features/system/demo.ts';
import { enqueueJob } from '../platform/jobs.ts';
import { hashPassword } from '../platform/password.ts';
import { createStorage } from '../platform/storage/index.ts';
import { seedDemoBurnPoints } from './burnPoints.ts';
import { seedDemoCensus } from './deadTrees.ts';
import { DEMO_PASSWORD, demoAccounts, demoFieldWorkers, seedDemo } from './demo.ts';
import { loadDemo } from './load.ts';
import { buildDemoPlan } from './plan.ts';
import { seedDemoWorkers } from './workers.ts';

/**
 * `npm run seed:demo [-- --scale 0.1] [--planted]`: loads the whole demo into the configured
 * database (creating `admin` on an empty one) with the loader the first-run page's job uses; a
 * second run changes nothing. Its demo job row (queued, for a server to confirm later: a no-op
 * then) keeps the demo's day and time, so every run plans the same rows. `--planted` prints the planted anomalies (docs/demo.md) and stops.
 * On the embedded database stop the server first: PGlite is one process.
 */
const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, planted: { type: 'boolean', default: false } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be a number in (0, 1]');

if (values.planted) {
  for (const a of buildDemoPlan(demoOptions(scale)).planted)
    console.log(
      [a.kind, a.projectCode, a.sectionCode, a.tagCode ?? '-', a.recordId, a.description].join('\t'),
    );
  process.exit(0);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  const storage = createStorage(config.storage);
  const deps = { config, database, storage };
  // The demo's day, time and scale are the demo job's (one per installation, made here when the
  // first-run page did not): a second run, or a run after the browser's, plans the same rows.
  const job = await enqueueJob(deps, {
    kind: DEMO_JOB,
    projectCode: null,
    userId: null,
    params: demoJobParams(demoOptions(scale)),
    uniqueKey: DEMO_JOB_KEY,
  });
  const held = job.params as DemoJobParams;
  const options = { today: held.today, until: new Date(held.until), scale: held.scale || 1 };
  console.log(`demo of ${options.today} (until ${held.until}), scale ${options.scale}`);
  await database.db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(users);
    if (!row?.n) {
      await tx.insert(users).values({
        account: 'admin',
        name: '系统管理员',
        passwordHash: await hashPassword(clientPasswordHash(DEMO_PASSWORD)),
        isSuperAdmin: true,
      });
      console.log(`created super administrator admin / ${DEMO_PASSWORD}`);
    }
    await seedDemo(tx);
    await seedDemoWorkers(tx, storage, options.today);
    await seedDemoCensus(tx, buildDemoPlan(options));
    await seedDemoBurnPoints(tx);
  });
  // The QR chain and value checks run on every record written, as in the server (疑点).
  wireAnomalyChecks();
  let shown = '';
  const result = await loadDemo(deps, options, async (p) => {
    const line = `${p.phase} ${Math.floor((p.done / Math.max(1, p.total)) * 10) * 10}%`;
    if (line !== shown) console.log(`${line} (${p.done}/${p.total})`);
    shown = line;
  });
  console.log(
    `demo loaded in ${(result.ms / 1000).toFixed(1)} s: ${result.records} records, ${result.reviewed} reviewed now, ${result.safety} safety entries new`,
  );
  console.log(`accounts (password ${DEMO_PASSWORD}):`);
  for (const a of demoAccounts) console.log(`  ${a.account}\t${a.name}\t${a.role}\t${a.projects.join(',')}`);
  console.log(
    `  field workers: ${demoFieldWorkers.map((w) => `${w.account} (${w.sectionCode})`).join(', ')}`,
  );
} finally {
  await database.close();
}
