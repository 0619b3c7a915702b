import { type ExportRecord } from '@pineguard/contract';
import { runDueJobs } from '../apps/server/src/platform/jobs.ts';
import { generateRecords } from '../apps/server/src/seed/records.ts';
import { benchServer } from './benchServer.ts';

/**
 * The exports issue's targets at BENCH_RECORDS (default 100,000) census records in one project:
 *   - Excel export ≤ 10 s, shapefile ≤ 5 s (POST /python/export/…, then the job run to its end);
 *   - peak RSS of the process ≤ 200 MB while exporting (sampled every 20 ms);
 *   - queryDataList p99 ≤ 150 ms while an export runs (BENCH_CONCURRENCY callers, default 10).
 * BENCH_DATABASE_URL=postgres://… creates a database BENCH_DB_NAME (default
 * pineguard_bench_exports_<pid>) on that server and drops it afterwards (BENCH_KEEP=1 keeps it);
 * without it PGlite runs in a temporary directory. Smoke: BENCH_RECORDS=2000 npx tsx bench/exports.bench.ts
 */
const TOTAL = Number(process.env.BENCH_RECORDS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const { app, database, deps, token, close } = await benchServer('exports');

const loadStart = Date.now();
const seeded = await generateRecords(deps, {
  projectCode: 'KH2026',
  count: TOTAL,
  tables: ['gbksdc0101'],
  concurrency: database.driver === 'postgres' ? 4 : 1,
});
console.log(
  `loaded ${seeded.created} records in ${((Date.now() - loadStart) / 1000).toFixed(1)} s (${database.driver})`,
);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function exportOnce(format: 'excel' | 'shapefile') {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = Date.now();
  const res = await app.inject({
    method: 'POST',
    url: `/python/export/${format}?prjCode=KH2026&prjStandCode=gbksdc0101`,
    headers: { token },
    payload: {},
  });
  const answeredMs = Date.now() - started;
  const record = res.json().value as ExportRecord;
  // List calls while the export runs.
  let running = true;
  const latencies: number[] = [];
  const caller = async () => {
    for (let page = 1; running; page = (page % 20) + 1) {
      const t0 = performance.now();
      await app.inject({
        method: 'POST',
        url: '/api/sync/queryDataList',
        headers: { token },
        payload: { prjStandCode: 'gbksdc0101', prjCode: 'KH2026', pageNum: page, pageSize: 20 },
      });
      latencies.push(performance.now() - t0);
    }
  };
  const callers = Array.from({ length: concurrency }, caller);
  await runDueJobs(deps);
  const seconds = (Date.now() - started) / 1000;
  running = false;
  await Promise.all(callers);
  clearInterval(sampler);
  const list = await app.inject({ method: 'GET', url: '/api/download/recordList', headers: { token } });
  const done = (list.json().value as ExportRecord[]).find((r) => r.id === record.id)!;
  latencies.sort((a, b) => a - b);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(
    `${format}: status ${done.status}, ${done.rows} rows, ${((done.size ?? 0) / 1024 / 1024).toFixed(1)} MB file, answered in ${answeredMs} ms, ` +
      `done in ${seconds.toFixed(2)} s; RSS ${mb(rssBefore)} → peak ${mb(peak)} MB; ` +
      `list during export: ${latencies.length} calls, p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms`,
  );
  return { seconds, peakMb: peak / 1024 / 1024, p99: pct(latencies, 0.99), status: done.status };
}

try {
  const excel = await exportOnce('excel');
  const shp = await exportOnce('shapefile');
  console.log(`RESULT ${database.driver} ${TOTAL} records (concurrency ${concurrency})`);
  console.log(
    `  Excel      ${excel.seconds.toFixed(2)} s (target ≤ 10 s)   peak RSS ${excel.peakMb.toFixed(0)} MB (≤ 200)`,
  );
  console.log(
    `  shapefile  ${shp.seconds.toFixed(2)} s (target ≤ 5 s)    peak RSS ${shp.peakMb.toFixed(0)} MB (≤ 200)`,
  );
  console.log(
    `  list p99 while exporting: Excel ${excel.p99.toFixed(1)} ms, shapefile ${shp.p99.toFixed(1)} ms (≤ 150 ms)`,
  );
} finally {
  await close();
}
