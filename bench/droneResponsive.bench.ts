// Does the API stay responsive while a 100 ha detection runs in the same server (issue 32: records
// list p99 within 2× of idle)? The real server as a child process (`npm start`'s memory settings)
// on a database of its own (PGlite, or BENCH_DATABASE_URL), the 100 ha orthophoto
// (BENCH_DRONE_TIF, /tmp/pineguard-100ha.tif) stored in its storage as an upload leaves it. wrk
// drives the records list (POST /api/sync/queryDataList, page 1) at BENCH_CONCURRENCY (4)
// connections for BENCH_SECONDS (10): first idle, then while the detection job runs (started over
// HTTP, the server's own job worker). Prints p50/p99 of both, the ratio, the job's time and the
// server's peak RSS, then `RESULT`.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { droneOrthophotos, users } from '../apps/server/src/db/schema/index.ts';
import { benchServer, peakOf, realServer } from './benchServer.ts';
import { storeOrtho } from './droneStore.ts';
import { wrk } from './wrk.ts';

const path = process.env.BENCH_DRONE_TIF ?? '/tmp/pineguard-100ha.tif';
if (!existsSync(path)) {
  console.log(
    `${path} missing: npx tsx bench/drone/gen.ts --kind mixed --seed 900 --eval --size 20000 --out ${path}`,
  );
  process.exit(1);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const conns = Number(process.env.BENCH_CONCURRENCY ?? 4);
const LIST = '/api/sync/queryDataList';
const body = { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20 };
const load = () => loadavg()[0]!.toFixed(1);

const bench = await benchServer('droneresp');
const id = '00000000-0000-4000-8000-000000000035';
const { row } = await storeOrtho(path, '', id, '', { storage: bench.deps.storage, projectCode: 'KH2026' });
const [owner] = await bench.database.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.account, 'bench'));
// Ready as an accepted upload, without its overviews job: only detection runs beside the list.
await bench.database.db.insert(droneOrthophotos).values({
  id,
  projectCode: 'KH2026',
  name: '100ha.tif',
  state: 'ready',
  size: row.size,
  partSize: row.partSize,
  partCount: row.partCount,
  width: row.width,
  height: row.height,
  bands: row.bands,
  hasNir: row.hasNir,
  epsg: row.epsg,
  transform: row.transform,
  west: row.west,
  south: row.south,
  east: row.east,
  north: row.north,
  gsd: row.gsd,
  createdBy: owner!.id,
});
const server = await realServer(bench);
try {
  const target = { url: server.url, token: server.token };
  wrk(target, LIST, body, conns, 2); // warm-up
  console.log(`idle: load ${load()}`);
  const idle = wrk(target, LIST, body, conns, seconds);
  console.log(`  ${idle.rps.toFixed(0)} req/s, p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms`);

  type View = { detectState: string; detectProgress: number; candidates: number };
  const state = () => server.call<View>(`/api/drone/orthophotos/${id}`, undefined, server.token);
  console.log(`server RSS ${server.rssMb().toFixed(0)} MB before detection`);
  const rssPeak = peakOf(server.rssMb);
  const t0 = performance.now();
  await server.call(`/api/drone/orthophotos/${id}/detect`, {}, server.token);
  let s = await state();
  while (s.detectState === 'queued') s = await state();
  console.log(`detecting (${s.detectState}, ${s.detectProgress} %): load ${load()}`);
  const busy = wrk(target, LIST, body, conns, seconds);
  const during = await state();
  console.log(
    `  ${busy.rps.toFixed(0)} req/s, p50 ${busy.p50.toFixed(1)} ms, p99 ${busy.p99.toFixed(1)} ms; job at ${during.detectProgress} % when wrk ended (${during.detectState})`,
  );
  while (s.detectState === 'queued' || s.detectState === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    s = await state();
  }
  const jobSeconds = (performance.now() - t0) / 1000;
  const peak = rssPeak();
  console.log(
    `detection ${s.detectState} in ${jobSeconds.toFixed(1)} s, ${s.candidates} candidates; server RSS peak ${peak.toFixed(0)} MB; load ${load()} on 2 cores${loadavg()[0]! > 2.5 ? ' — the machine was busy' : ''}`,
  );
  if (during.detectState !== 'running')
    console.log('  (the job ended before wrk: the busy figure is partly idle)');
  const ratio = busy.p99 / idle.p99;
  console.log(
    `RESULT drone responsiveness: records list p99 idle ${idle.p99.toFixed(1)} ms, during detection ${busy.p99.toFixed(1)} ms (×${ratio.toFixed(2)}, target ≤ ×2); p50 ${idle.p50.toFixed(1)} → ${busy.p50.toFixed(1)} ms; ${conns} connections`,
  );
} finally {
  await server.stop();
}
