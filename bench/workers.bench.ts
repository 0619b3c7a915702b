import { addDays, chinaToday, type LwryListBody, makeIdNumber } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { users, workers } from '../apps/server/src/db/schema/index.ts';
import {
  countWorkers,
  listWorkers,
  matchesFirst,
  workerWhere,
} from '../apps/server/src/features/workers/queries.ts';
import { decodeCursor } from '../apps/server/src/platform/pagination.ts';
import { benchServer, peakOf, realServer } from './benchServer.ts';
import { closedLoop, pct } from './load.ts';

/**
 * The workers issue's targets, at BENCH_WORKERS (default 100,000) workers in one project:
 *   - the list (POST /api/lwryUser/lwryList, page 10) with each filter and with mixed filters at
 *     BENCH_CONCURRENCY (default 50) callers: p99 ≤ 50 ms; beside each, the same queries run
 *     straight on the database (the service's SQL, no HTTP, no validation: the floor);
 *   - the Excel export of all of them: ≤ 10 s, peak memory ≤ 200 MB (streamed).
 * BENCH_DATABASE_URL=postgres://… creates a database BENCH_DB_NAME (default
 * pineguard_bench_workers_<pid>) on that server and drops it afterwards (BENCH_KEEP=1 keeps it);
 * without it the embedded PGlite runs in a temporary directory. BENCH_SECONDS (default 10) per figure.
 * Smoke run: BENCH_WORKERS=2000 BENCH_SECONDS=3 npx tsx bench/workers.bench.ts
 */
const TOTAL = Number(process.env.BENCH_WORKERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const bench = await benchServer('workers');
const { app, database, token } = bench;

// Load: multi-row inserts of generated workers (valid ID numbers), then ANALYZE.
const { db } = database;
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
const today = chinaToday();
const t0 = performance.now();
const surnames = '徐余汪郑毛周王张李陈刘吴杨黄赵胡方程姜叶';
const givenNames = '建国平华明军红英秀兰根土水林春生';
for (let done = 0; done < TOTAL;) {
  const rows: (typeof workers.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
    const birth = addDays('1960-01-01', done % 14000);
    const status = done % 10 < 7 ? 1 : done % 10 < 9 ? 0 : 2;
    const given = givenNames[done % 16]! + givenNames[Math.floor(done / 16) % 16]!;
    rows.push({
      projectCode: 'KH2026',
      sectionCode: ['KH-BD01', 'KH-BD02', 'KH-BD03'][done % 3]!,
      name: `${surnames[done % surnames.length]}${given}${done % 7 === 0 ? '' : String(done % 1000)}`,
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
  `workers bench on ${database.driver}: loaded ${TOTAL} workers in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `${concurrency} concurrent, ${seconds} s per figure`,
);

type Filter = Partial<LwryListBody>;
const filters: Filter[] = [
  {},
  { examineStatus: 0 },
  { bxLimit: 30 },
  { bxLimit: 0 },
  { ifFace: 0, ifToubao: 1 },
  { addTimeBegin: addDays(today, -30), addTimeEnd: today },
  { keyword: '徐建国' },
  { keyword: '汪根' },
  { keyword: '1390000123' },
  { keyword: makeIdNumber('330824', addDays('1960-01-01', 1234), 0) },
  { examineStatus: 1, bxLimit: 7, pageNum: 20 },
  { sectionCode: 'KH-BD02', examineStatus: 1, pageNum: 100 },
];

/** Runs `call` from `concurrency` callers for `seconds`; answers the sorted latencies. */
const load = (run: () => Promise<void>) => closedLoop(run, concurrency, seconds);
const figure = (times: number[]) =>
  `${String(Math.round(times.length / seconds)).padStart(6)}/s p50 ${pct(times, 50).toFixed(1).padStart(7)} ms p99 ${pct(times, 99).toFixed(1).padStart(7)} ms`;

const viaApi = (body: () => Filter) => async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/lwryUser/lwryList',
    headers: { token },
    payload: { pageSize: 10, ...body() },
  });
  if (res.json().code !== 0) throw new Error(res.body);
};
// The same queries the service runs for the list (page of ids, joined page, capped count or
// estimate), straight on the database, the total counted every time: what the API adds (or saves,
// by reusing a total counted in the last 10 s) is the difference.
const viaSql = (body: () => Filter) => async () => {
  const f = { pageNum: 1, pageSize: 10, ...body() } as LwryListBody;
  const where = workerWhere('KH2026', f, today, undefined);
  const key = JSON.stringify(['KH2026', today, null, f]);
  await Promise.all([
    listWorkers(db, key, () => where, f, decodeCursor(f.cursor, 2), matchesFirst(f)),
    countWorkers(db, where),
  ]);
};

console.log(`${'list (page size 10)'.padEnd(58)} ${'API'.padEnd(42)} same SQL, no API`);
for (const f of filters) {
  const api = await load(viaApi(() => f));
  const raw = await load(viaSql(() => f));
  console.log(`${JSON.stringify(f).padEnd(58)} ${figure(api)} | ${figure(raw)}`);
}
// Walking forward by cursor, as the screen does on "next page".
const cursors: string[] = [];
{
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/lwryUser/lwryList',
      headers: { token },
      payload: { pageSize: 10, pageNum: i + 1, ...(cursor ? { cursor } : {}) },
    });
    cursor = res.json().value.nextCursor as string | null;
    if (!cursor) break;
    cursors.push(cursor);
  }
}
let c = 0;
const byCursor = () => ({ cursor: cursors[c++ % cursors.length] });
console.log(
  `${`next pages by cursor (pages 2–${cursors.length + 1})`.padEnd(58)} ${figure(await load(viaApi(byCursor)))} | ${figure(await load(viaSql(byCursor)))}`,
);
// A different name keyword on nearly every request: the API's total is counted each time.
let k = 0;
const varying = () => ({ keyword: surnames[k % 20]! + givenNames[Math.floor(k++ / 20) % 16]! });
console.log(
  `${'name keyword varying per request'.padEnd(58)} ${figure(await load(viaApi(varying)))} | ${figure(await load(viaSql(varying)))}`,
);
let i = 0;
const mixed = () => filters[i++ % filters.length]!;
const mixedApi = await load(viaApi(mixed));
const mixedSql = await load(viaSql(mixed));
console.log(`${'mixed filters'.padEnd(58)} ${figure(mixedApi)} | ${figure(mixedSql)}`);

// The export from the real server (a child process, `npm start`'s memory settings) over HTTP, the
// client discarding bytes: the peak is that process's own RSS (with PGlite it includes the
// embedded database's memory, which the server process holds).
const driver = database.driver;
const server = await realServer(bench);
const before = server.rssMb();
const peakRss = peakOf(server.rssMb);
const e0 = performance.now();
const res = await fetch(`${server.url}/api/lwryUser/lwryListExcelExport`, {
  method: 'POST',
  headers: { token: server.token, 'content-type': 'application/json' },
  body: '{}',
});
let bytes = 0;
for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
const exportSeconds = (performance.now() - e0) / 1000;
const peak = peakRss();
await server.stop();
const mb = (n: number) => (n / 1024 ** 2).toFixed(0);

console.log('');
console.log(`RESULT ${driver} ${TOTAL} workers`);
console.log(
  `  list p99, mixed filters, ${concurrency} concurrent: ${pct(mixedApi, 99).toFixed(1)} ms (target ≤ 50 ms); same SQL without the API ${pct(mixedSql, 99).toFixed(1)} ms`,
);
console.log(`  export of all ${TOTAL}: ${exportSeconds.toFixed(1)} s (target ≤ 10 s), ${mb(bytes)} MB xlsx`);
console.log(
  `  export peak server memory: RSS ${peak.toFixed(0)} MB (target ≤ 200 MB; ${before.toFixed(0)} MB before, +${(peak - before).toFixed(0)} MB)`,
);
