import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, chinaToday, clientPasswordHash, makeIdNumber } from '@pineguard/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users, workers } from '../apps/server/src/db/schema/index.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
import { eq, sql } from 'drizzle-orm';

/**
 * 100,000 workers in one project: the list with filters at 50 concurrent callers (p99), and the
 * Excel export of all of them (time, peak RSS of this process, which serves and discards).
 * BENCH_DATABASE_URL=postgres://… runs on a fresh database of that server; else PGlite.
 */
const TOTAL = Number(process.env.BENCH_WORKERS ?? 100_000);
const base = process.env.BENCH_DATABASE_URL;
const dbName = `pineguard_bench_workers_${process.pid}`;
let databaseUrl: string | undefined;
if (base) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-bench-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
});
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 20 });
await prepareDatabase(database);
const app = await buildApp({ config, database, storage: createStorage(config.storage) });
await app.ready();
const password = clientPasswordHash('bench123');
await app.inject({
  method: 'POST',
  url: '/api/system/init',
  payload: { account: 'bench', password, name: '压测', demo: true },
});
const token = (
  await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: 'bench', password } })
).json().value.token as string;
await app.inject({
  method: 'POST',
  url: '/api/user/selectProject',
  headers: { token },
  payload: { prjCode: 'KH2026' },
});

// Load: multi-row inserts of generated workers (valid ID numbers), then ANALYZE.
const { db } = database;
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
const today = chinaToday();
const t0 = performance.now();
const surnames = '徐余汪郑毛周王张李陈刘吴杨黄赵胡方程姜叶';
for (let done = 0; done < TOTAL;) {
  const rows: (typeof workers.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
    const birth = addDays('1960-01-01', done % 14000);
    const status = done % 10 < 7 ? 1 : done % 10 < 9 ? 0 : 2;
    rows.push({
      projectCode: 'KH2026',
      sectionCode: ['KH-BD01', 'KH-BD02', 'KH-BD03'][done % 3]!,
      name: `${surnames[done % surnames.length]}工${done}`,
      idNumber: makeIdNumber('330824', birth, Math.floor(done / 14000)),
      phone: `139${String(done).padStart(8, '0')}`,
      sex: done % 2,
      birthDate: birth,
      regionCode: '330824',
      insured: done % 5 !== 0,
      insuranceStart: addDays(today, -100),
      insuranceEnd: addDays(today, (done % 400) - 50),
      reviewStatus: status,
      clockIn: false,
      createdBy: owner!.id,
      createdAt: new Date(Date.now() - (done % 200) * 86_400_000 - done * 1000),
    });
  }
  await db.insert(workers).values(rows);
}
await db.execute(sql`analyze workers`);
console.log(
  `loaded ${TOTAL} workers on ${database.driver} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const filters = [
  {},
  { examineStatus: 0 },
  { bxLimit: 30 },
  { bxLimit: 0 },
  { ifFace: 0, ifToubao: 1 },
  { addTimeBegin: addDays(today, -30), addTimeEnd: today },
  { keyword: '徐工12' },
  { keyword: '13900001234' },
  { examineStatus: 1, bxLimit: 7, pageNum: 20 },
];
async function load(name: string, count: number, concurrency: number, body: () => object) {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const s = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/lwryUser/lwryList',
          headers: { token },
          payload: body(),
        });
        if (res.json().code !== 0) throw new Error(res.body);
        times.push(performance.now() - s);
      }
    }),
  );
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(34)} ${count} req, ${concurrency} concurrent: ${(count / (total / 1000)).toFixed(0)} req/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms`,
  );
}
for (const f of filters) await load(`lwryList ${JSON.stringify(f)}`, 200, 50, () => ({ pageSize: 10, ...f }));
let i = 0;
await load('lwryList mixed filters', 1000, 50, () => ({ pageSize: 10, ...filters[i++ % filters.length] }));

// Export over a real socket, the client discarding bytes: RSS is the server's working set.
const address = await app.listen({ port: 0, host: '127.0.0.1' });
let peak = process.memoryUsage().rss;
const before = peak;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const e0 = performance.now();
const res = await fetch(`${address}/api/lwryUser/lwryListExcelExport`, {
  method: 'POST',
  headers: { token, 'content-type': 'application/json' },
  body: '{}',
});
let bytes = 0;
for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
clearInterval(sampler);
console.log(
  `export all ${TOTAL}: ${((performance.now() - e0) / 1000).toFixed(1)} s, ${(bytes / 1024 ** 2).toFixed(1)} MB xlsx, RSS before ${(before / 1024 ** 2).toFixed(0)} MB, peak ${(peak / 1024 ** 2).toFixed(0)} MB`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (base) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
