import { labelSheet } from '../apps/server/src/features/qrTags/export.ts';
import { benchServer } from './benchServer.ts';
import { closedLoop, pct } from './load.ts';

/**
 * The QR issue's targets (issue 15): generating BENCH_TAGS (default 10,000) tags in one call
 * ≤ 2 s (BENCH_ROUNDS batches, default 5: min / median / max), a list page of a full batch
 * (page 1 and the last page, p50/p99 over BENCH_SECONDS), and the streamed PDF label sheet of one
 * full batch: seconds, bytes, pages and peak RSS (target ≤ 200 MB).
 * BENCH_DATABASE_URL=postgres://…/postgres creates a database BENCH_DB_NAME (default
 * pineguard_bench_qr_<pid>) and drops it afterwards; without it PGlite in a temporary directory.
 * Then the label sheet alone on made-up codes: labels/s and CPU ms per label.
 * Smoke run: BENCH_TAGS=1000 BENCH_ROUNDS=2 BENCH_SECONDS=3 npx tsx bench/qrTags.bench.ts
 */
const TAGS = Number(process.env.BENCH_TAGS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const { app, token, close } = await benchServer('qr', { poolSize: 10 });
const post = (url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { token }, payload });
/** A percentile of unsorted times (load.ts's pct takes them sorted). */
const pctOf = (xs: number[], p: number) =>
  pct(
    [...xs].sort((a, b) => a - b),
    p,
  );

try {
  const gen: number[] = [];
  let flagId = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const res = (await post('/api/qrInfo/add', { flagName: `bench ${i}`, count: TAGS, prefix: 'BN' })).json();
    gen.push(performance.now() - start);
    if (res.code !== 0) throw new Error(res.message);
    flagId = res.value.flagId;
  }
  console.log(
    `generate ${TAGS} tags: min ${pctOf(gen, 0).toFixed(0)} ms, median ${pctOf(gen, 50).toFixed(0)} ms, max ${pctOf(gen, 100).toFixed(0)} ms`,
  );

  for (const [name, pageNum] of [
    ['page 1', 1],
    ['last page', Math.ceil(TAGS / 10)],
  ] as const) {
    // One caller, back to back.
    const times = await closedLoop(
      async () => {
        const res = (await post('/api/qrInfo/list', { flagId, pageNum, pageSize: 10 })).json();
        if (res.code !== 0) throw new Error(res.message);
      },
      1,
      seconds,
    );
    console.log(
      `list ${name}: ${times.length} calls, p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`,
    );
  }

  // The PDF through a real socket so the stream's backpressure is the client's.
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  const response = await fetch(`${url}/api/qrInfo/export`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ flagId, format: 'pdf' }),
  });
  let bytes = 0;
  let pages = 0;
  let tail = '';
  for await (const chunk of response.body!) {
    const text = tail + Buffer.from(chunk).toString('latin1');
    pages += (text.match(/\/Type \/Page\b/g) ?? []).length;
    tail = text.slice(-16);
    bytes += chunk.length;
  }
  clearInterval(timer);
  const s = (performance.now() - start) / 1000;
  console.log(
    `PDF of ${TAGS} labels: ${s.toFixed(1)} s (${(TAGS / s).toFixed(0)} labels/s), ${(bytes / 1e6).toFixed(1)} MB, ${pages} pages, peak RSS ${(peak / 1e6).toFixed(0)} MB`,
  );
  // The label sheet alone (no database, no socket): labels/s and CPU per label.
  const fake = async function* () {
    for (let i = 0; i < TAGS; i += 240) {
      yield Array.from({ length: Math.min(240, TAGS - i) }, (_, k) => ({
        code: `BN-${(1e12 + (i + k) * 7919).toString(32).toUpperCase().slice(-11)}`,
        seq: i + k + 1,
        state: 'unused' as const,
      }));
    }
  };
  const cpu0 = process.cpuUsage();
  const sheetStart = performance.now();
  let sheetBytes = 0;
  for await (const chunk of await labelSheet(fake(), {
    projectName: '开化县2026年度松材线虫病防治项目',
    flagName: 'KH-BD01 2026年11月',
    sectionCode: 'KH-BD01',
    scanBase: 'https://pine.example.cn',
    lang: 'zh-CN',
  })) {
    sheetBytes += (chunk as Buffer).length;
  }
  const sheetS = (performance.now() - sheetStart) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `label sheet alone, ${TAGS} labels: ${sheetS.toFixed(1)} s, ${(TAGS / sheetS).toFixed(0)} labels/s, CPU ${((cpu.user + cpu.system) / 1000 / TAGS).toFixed(2)} ms/label, ${(sheetBytes / 1e6).toFixed(1)} MB`,
  );
  console.log('RESULT');
  console.log(`  generate ${TAGS}: median ${pctOf(gen, 50).toFixed(0)} ms (target ≤ 2000)`);
  console.log(
    `  PDF: ${s.toFixed(1)} s (${(TAGS / s).toFixed(0)} labels/s; client waits 15 s), ${pages} pages, peak RSS ${(peak / 1e6).toFixed(0)} MB, ${((peak - baseline) / 1e6).toFixed(0)} MB above the ${(baseline / 1e6).toFixed(0)} MB before the export (target ≤ 200 MB)`,
  );
} finally {
  await close();
}
