import { type ExportRecord } from '@pineguard/contract';
import { generateRecords } from '../apps/server/src/seed/records.ts';
import { benchServer, peakOf, realServer } from './benchServer.ts';
import { pct } from './load.ts';

/**
 * The exports issue's targets at BENCH_RECORDS (default 100,000) census records in one project:
 *   - Excel export ≤ 10 s, shapefile ≤ 5 s (POST /python/export/… until the export record reads
 *     finished), each run alone;
 *   - peak RSS of the server process ≤ 200 MB while exporting (sampled every 20 ms);
 *   - queryDataList p99 ≤ 150 ms while an export runs (BENCH_CONCURRENCY callers, default 10),
 *     measured during a second run of each export.
 * The records are loaded in process; then the real server runs as a child process on the same
 * database with `npm start`'s memory settings (SERVER_HEAP_MB, default 256; MALLOC_ARENA_MAX=2;
 * SERVER_NODE_OPTIONS adds options),
 * so the RSS is the server's own, and every call goes over HTTP.
 * BENCH_DATABASE_URL=postgres://… creates a database BENCH_DB_NAME (default
 * pineguard_bench_exports_<pid>) on that server and drops it afterwards (BENCH_KEEP=1 keeps it);
 * without it PGlite runs in a temporary directory. Smoke: BENCH_RECORDS=2000 npx tsx bench/exports.bench.ts
 */
const TOTAL = Number(process.env.BENCH_RECORDS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const bench = await benchServer('exports');

const loadStart = Date.now();
const seeded = await generateRecords(bench.deps, {
  projectCode: 'KH2026',
  count: TOTAL,
  tables: ['gbksdc0101'],
  concurrency: bench.database.driver === 'postgres' ? 4 : 1,
});
const driver = bench.database.driver;
console.log(
  `loaded ${seeded.created} records in ${((Date.now() - loadStart) / 1000).toFixed(1)} s (${driver})`,
);
const { token, rssMb, call, stop } = await realServer(bench);

/** One export from the request to a finished record, the server's RSS sampled meanwhile. */
async function exportOnce(format: 'excel' | 'shapefile', listCallers: number) {
  const rssBefore = rssMb();
  const peakRss = peakOf(rssMb);
  const started = performance.now();
  const record = await call<ExportRecord>(
    `/python/export/${format}?prjCode=KH2026&prjStandCode=gbksdc0101`,
    {},
    token,
  );
  const answeredMs = performance.now() - started;
  let running = true;
  const latencies: number[] = [];
  const caller = async () => {
    for (let page = 1; running; page = (page % 20) + 1) {
      const t0 = performance.now();
      await call(
        '/api/sync/queryDataList',
        { prjStandCode: 'gbksdc0101', pageNum: page, pageSize: 20 },
        token,
      );
      latencies.push(performance.now() - t0);
    }
  };
  const callers = Array.from({ length: listCallers }, caller);
  // The drawer's question, asked often enough not to blur the time (the drawer asks every 3 s).
  let done: ExportRecord | undefined;
  while (!done) {
    await new Promise((r) => setTimeout(r, 100));
    const list = await call<ExportRecord[]>('/api/download/recordList', undefined, token);
    done = list.find((r) => r.id === record.id && r.status !== 0);
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(callers);
  const peak = peakRss();
  latencies.sort((a, b) => a - b);
  console.log(
    `${format}${listCallers ? `, ${listCallers} list callers` : ', alone'}: status ${done.status}, ${done.rows} rows, ` +
      `${((done.size ?? 0) / 1024 / 1024).toFixed(1)} MB file, answered in ${answeredMs.toFixed(0)} ms, done in ${seconds.toFixed(2)} s; ` +
      `server RSS ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MB` +
      (listCallers
        ? `; list: ${latencies.length} calls, p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`
        : ''),
  );
  return { seconds, peakMb: peak, p99: pct(latencies, 99), status: done.status };
}

try {
  console.log(`server RSS at rest: ${rssMb().toFixed(0)} MB`);
  const excel = await exportOnce('excel', 0);
  const shp = await exportOnce('shapefile', 0);
  const excelBusy = await exportOnce('excel', concurrency);
  const shpBusy = await exportOnce('shapefile', concurrency);
  console.log(`RESULT ${driver} ${TOTAL} records`);
  console.log(
    `  Excel      ${excel.seconds.toFixed(2)} s (target ≤ 10 s)   peak server RSS ${excel.peakMb.toFixed(0)} MB (≤ 200)`,
  );
  console.log(
    `  shapefile  ${shp.seconds.toFixed(2)} s (target ≤ 5 s)    peak server RSS ${shp.peakMb.toFixed(0)} MB (≤ 200)`,
  );
  console.log(
    `  list p99 with ${concurrency} callers while exporting: Excel ${excelBusy.p99.toFixed(1)} ms (export ${excelBusy.seconds.toFixed(1)} s), ` +
      `shapefile ${shpBusy.p99.toFixed(1)} ms (export ${shpBusy.seconds.toFixed(1)} s) (≤ 150 ms)`,
  );
} finally {
  await stop();
}
