import { benchServer } from './benchServer.ts';

/**
 * Node's own CPU per read call (issue 28), in process through `app.inject` (no sockets, no HTTP
 * parsing): BENCH_CALLS calls (3,000) of each read route at BENCH_CONCURRENCY (20) callers,
 * process CPU (process.cpuUsage) divided by the calls. A figure that moves little when the shared
 * machine is busy, unlike req/s: it compares two builds of the same hot path.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres BENCH_DB_NAME=pg_bench_recon BENCH_REUSE=1 BENCH_KEEP=1 \
 *     npx tsx bench/listCpu.bench.ts
 *
 * Runs on the records the read-path bench loaded (bench/readPath.bench.ts); on a database without
 * them the calls answer short pages.
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const bench = await benchServer('listcpu');
const { app, token } = bench;
const calls: { name: string; url: string; body: object }[] = [
  {
    name: 'records list page 1',
    url: '/api/sync/queryDataList',
    body: { prjStandCode: 'gbcfcz0101', pageNum: 1, pageSize: 20 },
  },
  {
    name: 'records, section + state',
    url: '/api/sync/queryDataList',
    body: { prjStandCode: 'gbcfcz0101', pageNum: 1, pageSize: 20, biaoduan: 'KH-BD02', codeState: '20' },
  },
  { name: 'workers list page 1', url: '/api/lwryUser/lwryList', body: { pageNum: 1, pageSize: 10 } },
];

async function run(url: string, body: object, n: number) {
  let left = n;
  const caller = async () => {
    while (left-- > 0) {
      const res = await app.inject({ method: 'POST', url, headers: { token }, payload: body });
      if (res.statusCode !== 200 || !res.body.startsWith('{"code":0'))
        throw new Error(res.body.slice(0, 300));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
}

for (const c of calls) {
  await run(c.url, c.body, 500);
  const figures: string[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await run(c.url, c.body, CALLS);
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - t0;
    figures.push(
      `${((used.user + used.system) / 1000 / CALLS).toFixed(3)} ms CPU/call (${((CALLS / wall) * 1000).toFixed(0)} calls/s)`,
    );
  }
  console.log(`${c.name}: ${figures.join(', ')}`);
}
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await bench.close();
