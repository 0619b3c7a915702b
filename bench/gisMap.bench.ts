import { randomUUID } from 'node:crypto';
import { addDays, chinaToday } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { records, users } from '../apps/server/src/db/schema/index.ts';
import { rebuildMapCells } from '../apps/server/src/features/records/index.ts';
import { random } from '../apps/server/src/seed/random.ts';
import { benchServer } from './benchServer.ts';
import { closedLoop, pct } from './load.ts';

/**
 * The GIS map's target (issue 17): BENCH_RECORDS (default 1,000,000) records of KH2026 answered
 * by GET /api/gis/cells in ≤ 1 s server time for a whole-county view. Records are clumped like
 * field work (a few hundred work sites over 开化县, each a spread of trees) across three tables,
 * three sections and 240 days, loaded by multi-row inserts, then VACUUM ANALYZE (the index-only
 * aggregation needs the visibility map, as autovacuum keeps it on a live server) and the map's
 * cells (record_cells) derived from them: views up to zoom 13 without dates sum those.
 * Per zoom (9 = the whole county on a 1440 × 900 screen, up to 16 = a few streets), a viewport
 * of that size centred on a random work site, BENCH_CONCURRENCY (default 4) callers, and a
 * filtered whole-county view (one table, one state, 90 days). Prints p50 / p99 and what came back.
 * BENCH_DATABASE_URL=postgres://… uses a database of its own (see benchServer.ts); without it
 * PGlite runs in a temporary directory. BENCH_SECONDS (default 10) per figure.
 * Smoke run: BENCH_RECORDS=2000 BENCH_SECONDS=3 npx tsx bench/gisMap.bench.ts
 */
const TOTAL = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const { app, database, token, close } = await benchServer('gismap');
const { db } = database;
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));

// A reproducible pseudo-random sequence (mulberry32, the demo's generator).
const rand = random(20261124).next;
// 开化县 roughly spans 118.0–118.6 E, 28.9–29.5 N.
const county = { west: 118.0, south: 28.9, east: 118.6, north: 29.5 };
const sites = Array.from({ length: 400 }, () => ({
  lng: county.west + rand() * (county.east - county.west),
  lat: county.south + rand() * (county.north - county.south),
  spread: 0.002 + rand() * 0.02,
}));
const sections = ['KH-BD01', 'KH-BD02', 'KH-BD03'];
const tables = ['gbksdc0101', 'gbcfcz0101', 'gbymfs0101'];
const states = ['10', '20', '20', '20', '30', '40'];

const t0 = performance.now();
for (let done = 0; done < TOTAL;) {
  const rows: (typeof records.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
    const site = sites[Math.floor(rand() * sites.length)]!;
    rows.push({
      id: randomUUID(),
      projectCode: 'KH2026',
      tableCode: tables[done % 3]!,
      sectionCode: sections[Math.floor(done / 3) % 3]!,
      collectorId: owner!.id,
      timeSubmit: new Date(Date.now() - (done % 240) * 86_400_000 - (done % 1000) * 1000),
      gpsLong: site.lng + (rand() - 0.5) * site.spread,
      gpsLat: site.lat + (rand() - 0.5) * site.spread,
      state: states[done % states.length]!,
      fields: {},
    });
  }
  await db.insert(records).values(rows);
}
await db.execute(sql`vacuum analyze records`);
// Loaded past the service: the map's cells (record_cells) derived as migration 0021 does.
const c0 = performance.now();
await rebuildMapCells(db, 'KH2026');
await db.execute(sql`analyze record_cells`);
console.log(`record_cells rebuilt in ${((performance.now() - c0) / 1000).toFixed(1)} s`);
console.log(
  `gisMap bench on ${database.driver}: loaded ${TOTAL} records in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `${concurrency} concurrent, ${seconds} s per figure`,
);

/** A 1440 × 900 px viewport at `zoom` centred on (lng, lat), in degrees (Web Mercator near 29° N). */
function viewport(zoom: number, lng: number, lat: number) {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfW = (1440 / 2) * degPerPx;
  const halfH = (900 / 2) * degPerPx * Math.cos((lat * Math.PI) / 180);
  const r = (n: number) => n.toFixed(5);
  return `zoom=${zoom}&west=${r(lng - halfW)}&south=${r(lat - halfH)}&east=${r(lng + halfW)}&north=${r(lat + halfH)}`;
}

// The plan of the whole-county aggregation (the query of features/gisMap/queries.ts): expect an
// index-only scan of records_gis_idx with few heap fetches.
{
  const v = { west: 117.7, south: 28.9, east: 118.9, north: 29.5, cell: 90 / 2 ** 9 };
  const plan = await db.execute(sql`explain (analyze, buffers, costs off) select count(*) as n,
      avg(r.gps_long)::float8, avg(r.gps_lat)::float8, min(r.gps_long)::float8, min(r.gps_lat)::float8,
      max(r.gps_long)::float8, max(r.gps_lat)::float8
    from records r
    where r.project_code = 'KH2026' and r.deleted_at is null
      and r.gps_long >= ${v.west}::float8 and r.gps_long <= ${v.east}::float8
      and r.gps_lat >= ${v.south}::float8 and r.gps_lat <= ${v.north}::float8
      and not (r.gps_long = 0 and r.gps_lat = 0)
    group by floor(r.gps_long / ${v.cell}::float8), floor(r.gps_lat / ${v.cell}::float8)`);
  const lines = (
    (plan as { rows?: Record<string, string>[] }).rows ?? (plan as unknown as Record<string, string>[])
  ).map((r) => Object.values(r)[0]);
  console.log(`plan of the whole-county aggregation:\n  ${lines.join('\n  ')}`);
}

type Answer = { mode: string; total: number; cells: unknown[]; points: unknown[] };
async function load(query: () => string) {
  const answers: Answer[] = [];
  const times = await closedLoop(
    async () => {
      const res = await app.inject({ method: 'GET', url: `/api/gis/cells?${query()}`, headers: { token } });
      const body = res.json() as { code: number; value: Answer };
      if (body.code !== 0) throw new Error(res.body);
      answers.push(body.value);
    },
    concurrency,
    seconds,
  );
  return { times, answers };
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const centre = { lng: (county.west + county.east) / 2, lat: (county.south + county.north) / 2 };
const ninetyDaysAgo = addDays(chinaToday(), -90);
const figures: [string, () => string][] = [
  ['zoom 9, whole county', () => viewport(9, centre.lng, centre.lat)],
  ...[10, 11, 12, 13, 14, 15, 16].map((z): [string, () => string] => [
    `zoom ${z}, random site`,
    () => {
      const s = sites[Math.floor(rand() * sites.length)]!;
      return viewport(z, s.lng, s.lat);
    },
  ]),
  [
    'zoom 9, filtered',
    () => `${viewport(9, centre.lng, centre.lat)}&tableCode=gbcfcz0101&codeState=20&begin=${ninetyDaysAgo}`,
  ],
];
const results: string[] = [];
for (const [name, query] of figures) {
  const { times, answers } = await load(query);
  const cellsMode = answers.filter((a) => a.mode === 'cells');
  const line =
    `${name.padEnd(24)} ${String(Math.round(times.length / seconds)).padStart(5)}/s ` +
    `p50 ${pct(times, 50).toFixed(1).padStart(7)} ms p99 ${pct(times, 99).toFixed(1).padStart(7)} ms ` +
    `| in view ${Math.round(mean(answers.map((a) => a.total)))} records, ` +
    `${Math.round((100 * cellsMode.length) / Math.max(1, answers.length))}% as cells ` +
    `(${Math.round(mean(cellsMode.map((a) => a.cells.length)))} cells)`;
  console.log(line);
  results.push(
    `  ${name}: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (target ≤ 1000 ms)`,
  );
}
console.log('');
console.log(`RESULT ${database.driver} ${TOTAL} records, ${concurrency} concurrent`);
for (const line of results) console.log(line);

await close();
