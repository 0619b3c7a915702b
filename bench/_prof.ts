import { clientPasswordHash } from '@pineguard/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 20 });
await prepareDatabase(database);
const app = await buildApp({ config, database, storage: createStorage(config.storage) });
await app.ready();
const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: 'demo_admin', password: clientPasswordHash('pine2026'), client: 2 } });
const token = (res.json() as { value: { token: string } }).value.token;
await app.inject({ method: 'POST', url: '/api/user/selectProject', headers: { token }, payload: { prjCode: 'KH2026' } });
const url = process.env.PROF_URL ?? '/api/sync/queryDataList';
const payload = JSON.parse(process.env.PROF_BODY ?? '{"prjStandCode":"gbksdc0101","pageNum":1,"pageSize":20}');
const secs = Number(process.env.PROF_SECONDS ?? 8);
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
for (let i = 0; i < 300; i++) await app.inject({ method: 'POST', url, headers: { token }, payload });
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start');
let n = 0;
const end = performance.now() + secs * 1000;
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: 50 }, async () => {
  while (performance.now() < end) {
    const r = await app.inject({ method: 'POST', url, headers: { token }, payload });
    if (r.statusCode !== 200 || (r.json() as {code:number}).code !== 0) throw new Error(r.body);
    n++;
  }
}));
const cpu = process.cpuUsage(cpu0);
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync('/work/prof/main.cpuprofile', JSON.stringify(profile));
console.log(`${n} req, ${(n / secs).toFixed(0)}/s, node cpu per req ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms`);
await app.close(); await database.close?.();
process.exit(0);
