import { chinaToday, clientPasswordHash } from '@pineguard/contract';
import { count } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { prepareDatabase } from '../features/system/bootstrap.ts';
import { hashPassword } from '../platform/password.ts';
import { createStorage } from '../platform/storage/index.ts';
import { records } from '../db/schema/index.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from './demo.ts';
import { generateRecords } from './records.ts';
import { seedDemoWorkers } from './workers.ts';
import { seedDemoCensus } from './deadTrees.ts';
import { seedDemoTags } from './qrTags.ts';
import { seedDemoBurnPoints } from './burnPoints.ts';

/** `npm run seed:demo`: loads the demo into the configured database (creating `admin` on an empty one). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
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
    await seedDemoWorkers(tx, createStorage(config.storage));
    await seedDemoCensus(tx, chinaToday());
    await seedDemoBurnPoints(tx);
  });
  // Demo records (felling, burning, census) over the last 60 days, once per database.
  const [held] = await database.db.select({ n: count() }).from(records);
  if (!held?.n) {
    const deps = { config, database, storage: createStorage(config.storage) };
    const tables = ['gbcfcz0101', 'gbymfs0101', 'gbksdc0101'];
    for (const [projectCode, n] of [
      ['KH2026', 1800],
      ['JS2026', 1200],
    ] as const) {
      // Two tag batches; the demo felling records name the first one's codes (issue 15).
      const qrCodes = await seedDemoTags(deps, projectCode, `${projectCode.slice(0, 2)}-BD01`);
      const made = await generateRecords(deps, {
        projectCode,
        count: n,
        tables,
        days: 60,
        review: true,
        qrCodes: qrCodes.slice(0, 200),
      });
      console.log(`${projectCode}: ${made.created} demo records`);
    }
  }
  console.log(`demo data loaded; accounts (password ${DEMO_PASSWORD}):`);
  for (const a of demoAccounts) console.log(`  ${a.account}\t${a.name}\t${a.role}\t${a.projects.join(',')}`);
} finally {
  await database.close();
}
