import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { benchServer } from './benchServer.ts';

/**
 * Node's own CPU per read call (issue 28), in process through `app.inject` (no sockets, no HTTP
 * parsing): BENCH_CALLS calls (3,000) of each read route at BENCH_CONCURRENCY (20) callers,
 * process CPU (process.cpuUsage) divided by the calls. A figure that moves little when the shared
 * machine is busy, unlike req/s: it compares two builds of the same hot path. It is not what a
 * call costs the real server: inject skips the two socket writes of a call (the answer's and the
 * statement's are ~20 % of a list call on this VM), HTTP parsing and routing and the answer's
 * headers and length (~15 %); readPath.bench.ts measures those (CPU from /proc, BENCH_PROFILE).
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

/*
 * BENCH_ONLY=<part of a call's name>: those calls only. BENCH_PROFILE=<dir>: a V8 CPU profile of
 * each call's measured rounds alone (no start-up, no warm-up) written there as <call>.cpuprofile,
 * for Chrome's DevTools or a script that sums self time per function.
 */
const only = process.env.BENCH_ONLY;
const profileDir = process.env.BENCH_PROFILE;
const inspector = profileDir ? new Session() : undefined;
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    inspector!.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );
if (inspector) {
  inspector.connect();
  mkdirSync(profileDir!, { recursive: true });
  await post('Profiler.enable');
}
for (const c of calls.filter((x) => !only || x.name.includes(only))) {
  await run(c.url, c.body, 500);
  const figures: string[] = [];
  if (inspector) await post('Profiler.start');
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
  if (inspector) {
    const { profile } = await post<{ profile: object }>('Profiler.stop');
    writeFileSync(join(profileDir!, `${c.name.replace(/\W+/g, '_')}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(`${c.name}: ${figures.join(', ')}`);
}
inspector?.disconnect();
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await bench.close();
