import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientPasswordHash } from '@pineguard/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
import { pct } from './load.ts';

/** Sign-in and getInfo through the whole app (inject, no network), on a fresh database. */
const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-bench-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
await prepareDatabase(database);
const app = await buildApp({ config, database, storage: createStorage(config.storage) });
await app.ready();

const password = clientPasswordHash('bench123');
const init = await app.inject({
  method: 'POST',
  url: '/api/system/init',
  payload: { account: 'bench', password, name: '压测', demo: true, demoScale: 0 },
});
if (init.json().code !== 0) throw new Error(`init failed: ${init.body}`);

async function measure(name: string, count: number, run: () => Promise<void>) {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const at = (p: number) => pct(times, p).toFixed(2);
  console.log(
    `${name.padEnd(28)} ${String(count).padStart(5)} req  ${(count / (total / 1000)).toFixed(0).padStart(6)} req/s  p50 ${at(50)} ms  p95 ${at(95)} ms  p99 ${at(99)} ms`,
  );
}

let token = '';
await measure('POST /api/user/login', 30, async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account: 'bench', password },
  });
  token = res.json().value.token;
});
await app.inject({
  method: 'POST',
  url: '/api/user/selectProject',
  headers: { token },
  payload: { prjCode: 'KH2026' },
});
await measure('GET /api/user/self', 1000, async () => {
  const res = await app.inject({ method: 'GET', url: '/api/user/self', headers: { token } });
  if (res.json().code !== 0) throw new Error(res.body);
});
await measure('GET /api/user/userProjectTree', 1000, async () => {
  await app.inject({ method: 'GET', url: '/api/user/userProjectTree', headers: { token } });
});

console.log(`database: ${database.driver}`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
