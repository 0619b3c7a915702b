import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { wireAnomalyChecks } from '../features/anomalies/index.ts';
import { prepareDatabase } from '../features/system/bootstrap.ts';
import { createStorage } from '../platform/storage/index.ts';
import { generateRecords } from './records.ts';

/**
 * `npm run seed:records -- --project KH2026 --count 1000000 [--tables gbksdc0101,…] [--concurrency 4]`:
 * fills a project with generated records through the ingestion path (validated, batched).
 */
const { values } = parseArgs({
  options: {
    project: { type: 'string', default: 'KH2026' },
    count: { type: 'string', default: '10000' },
    tables: { type: 'string' },
    concurrency: { type: 'string' },
    review: { type: 'boolean', default: false },
  },
});
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  // The QR chain and value checks run on every record written, as in the server (疑点).
  wireAnomalyChecks();
  const result = await generateRecords(
    { config, database, storage: createStorage(config.storage) },
    {
      projectCode: values.project,
      count: Number(values.count),
      tables: values.tables?.split(','),
      concurrency: Number(values.concurrency ?? (database.driver === 'postgres' ? 4 : 1)),
      review: values.review,
      log: (line) => console.log(line),
    },
  );
  console.log(
    `${result.created} records in ${(result.ms / 1000).toFixed(1)} s (${Math.round(result.created / (result.ms / 1000))} records/s)`,
  );
} finally {
  await database.close();
}
