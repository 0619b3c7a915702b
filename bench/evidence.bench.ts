import { sql } from 'drizzle-orm';
import { demoPhoto } from '../apps/server/src/seed/photos.ts';
import { bands, dHashes, hamming } from '../apps/server/src/features/evidence/dhash.ts';
import { matchesQuery } from '../apps/server/src/features/evidence/queries.ts';
import { squareOutline as square } from '../apps/server/src/features/evidence/testOutline.ts';
import { reworked, treePhoto } from '../apps/server/src/features/evidence/testPhotos.ts';
import { photoFacts } from '../apps/server/src/features/files/index.ts';
import { outsideCountyM } from '../apps/server/src/platform/geo/countyOutlines.ts';
import { outsideByM } from '../apps/server/src/platform/geo/outline.ts';
import { benchServer } from './benchServer.ts';

/**
 * Issue 30's evidence figures: (1) dHash (plain + two crop variants) and EXIF per photo, ≤ 30 ms
 * (a demo photo, a 1600 × 1200 and a 4000 × 3000 JPEG); (2) the false-match and recall rates on
 * generated trees and on the demo's drawn photos; (3) the duplicate lookup among BENCH_HASHES
 * (1,000,000) stored hashes of one project, ≤ 20 ms (hashes made in bulk SQL, the lookup the job
 * runs: four banded index probes, exact distance on the candidates); (4) the section and county
 * outline test for a 100-record batch, ≤ 20 ms. PGlite in a temporary directory by default;
 * BENCH_DATABASE_URL=postgres://…/postgres for PostgreSQL. Smoke: BENCH_HASHES=20000.
 */
const HASHES = Number(process.env.BENCH_HASHES ?? 1_000_000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const time = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};

// (1) per photo
console.log('== hash + EXIF per photo (p50 / p99 of 30)');
const photos = {
  'demo 192×144': await demoPhoto('before', new Date(), 118.4, 29.1),
  '1600×1200': await treePhoto(11, { takenAt: '2026:11:20 10:00:00', lat: 29.1, lng: 118.4 }, [1600, 1200]),
  '4000×3000': await treePhoto(12, { takenAt: '2026:11:20 10:00:00', lat: 29.1, lng: 118.4 }, [4000, 3000]),
};
for (const [name, bytes] of Object.entries(photos)) {
  await dHashes(bytes);
  const runs: number[] = [];
  for (let i = 0; i < 30; i++)
    runs.push(
      await time(async () => Promise.all([dHashes(bytes), photoFacts(bytes.subarray(0, 256 * 1024))])),
    );
  console.log(
    `${name.padEnd(14)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  p50 ${ms(pct(runs, 0.5))}  p99 ${ms(pct(runs, 0.99))}`,
  );
}

// (2) rates
console.log('== false matches and recall (threshold 5 bits, any of the 3 variants)');
const min = (a: bigint[], b: bigint[]) => Math.min(...a.flatMap((x) => b.map((y) => hamming(x, y))));
const trees: bigint[][] = [];
const recall: Record<string, number[]> = {
  'resize 50 %, q70': [],
  'recompress q40': [],
  'crop 3 %': [],
  'crop 5 %': [],
  'crop 8 %': [],
};
const changes = [
  { width: 320, quality: 70 },
  { quality: 40 },
  { crop: 0.03, width: 400 },
  { crop: 0.05 },
  { crop: 0.08, width: 500 },
];
for (let seed = 1; seed <= 150; seed++) {
  const p = await treePhoto(seed);
  const own = (await dHashes(p))!;
  trees.push(own);
  if (seed <= 50)
    for (const [i, c] of changes.entries())
      Object.values(recall)[i]!.push(min(own, (await dHashes(await reworked(p, c)))!));
}
for (const t of [4, 5, 6, 7]) {
  let pairs = 0;
  let hits = 0;
  for (let i = 0; i < trees.length; i++)
    for (let j = i + 1; j < trees.length; j++) {
      pairs++;
      if (min(trees[i]!, trees[j]!) <= t) hits++;
    }
  const r = Object.entries(recall).map(([k, v]) => `${k} ${v.filter((d) => d <= t).length}/${v.length}`);
  console.log(
    `t=${t}: generated trees false matches ${hits}/${pairs} (${((hits / pairs) * 100).toFixed(3)} %); recall ${r.join(', ')}`,
  );
}
const kinds = ['before', 'stump', 'treated', 'pile', 'burning', 'tree', 'meeting'] as const;
const demo = await Promise.all(
  kinds.map(async (k) => (await dHashes(await demoPhoto(k, new Date(), 118.4, 29.1)))!),
);
const demoPairs = demo.flatMap((a, i) => demo.slice(i + 1).map((b) => min(a, b)));
console.log(
  `demo's 7 drawn scenes: closest pair ${Math.min(...demoPairs)} bits; pairs ≤ 5: ${demoPairs.filter((d) => d <= 5).length}/${demoPairs.length}`,
);
console.log(
  "  (every demo photo of one kind is the same drawing: those match by design; the check skips two demo files' drawings)",
);

// (3) lookup among HASHES
const bench = await benchServer('evidence');
const { db } = bench.database;
console.log(
  `== duplicate lookup among ${HASHES.toLocaleString()} hashes (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
const t0 = performance.now();
if (!bench.reused) {
  // Random 64-bit hashes, bands derived in SQL; records for the join (one photo per record).
  await db.execute(sql`insert into records (id, project_code, table_code, section_code, collector_id, time_submit, fields)
    select gen_random_uuid(), 'KH2026', 'gbksdc0101', 'KH-BD01', (select id from users where account = 'bench'),
      now() - (g || ' minutes')::interval, '{}'::jsonb from generate_series(1, ${HASHES}) g`);
  await db.execute(sql`insert into photo_hashes (record_id, file_id, variant, project_code, hash, b0, b1, b2, b3)
    select id, gen_random_uuid(), 0, 'KH2026', h, ((h >> 48) & 65535)::int, ((h >> 32) & 65535)::int,
      ((h >> 16) & 65535)::int, (h & 65535)::int
    from (select id, (random() * 4294967295)::bigint << 32 # (random() * 4294967295)::bigint as h from records
      where project_code = 'KH2026') x`);
  // Vacuumed as autovacuum would leave it: the band indexes answer index-only once the
  // visibility map is set (PGlite has no autovacuum: see docs/decisions/0211).
  await db.execute(sql`vacuum analyze photo_hashes`);
}
console.log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const sample = (
  (await db.execute(sql`select hash::text as h, record_id from photo_hashes limit 200`)) as unknown as {
    rows: { h: string; record_id: string }[];
  }
).rows;
const lookups: number[] = [];
let found = 0;
for (const [i, s] of sample.entries()) {
  let h = BigInt.asUintN(64, BigInt(s.h));
  for (let f = 0; f < i % 6; f++) h ^= 1n << BigInt((i * 7 + f * 13) % 64); // 0–5 bits changed
  const q = matchesQuery('KH2026', '00000000-0000-4000-8000-000000000000', [h, h ^ 0xffn, h ^ 0xff00n], 5);
  const t = performance.now();
  const rows = ((await db.execute(q)) as unknown as { rows: { record_id: string }[] }).rows;
  lookups.push(performance.now() - t);
  if (rows.some((r) => r.record_id === s.record_id)) found++;
}
console.log(
  `lookup p50 ${ms(pct(lookups, 0.5))}  p99 ${ms(pct(lookups, 0.99))}  (found the planted near-duplicate ${found}/${sample.length})`,
);
const probe = BigInt.asUintN(64, BigInt(sample[7]!.h)) ^ 0b101n;
const plan = (
  (await db.execute(
    sql`explain (analyze, buffers) ${matchesQuery('KH2026', '00000000-0000-4000-8000-000000000000', [probe, probe ^ 0xffn, probe ^ 0xff00n], 5)}`,
  )) as unknown as { rows: Record<string, string>[] }
).rows.map((r) => Object.values(r)[0]!);
console.log('one lookup, EXPLAIN (ANALYZE, BUFFERS), scans and totals:');
for (const line of plan)
  if (
    /Index|Bitmap|Seq Scan|Heap Fetches|Buffers|Execution Time|Planning Time|rows=/.test(line) &&
    !/Sort Key/.test(line)
  )
    console.log(`  ${line.trim().slice(0, 150)}`);
console.log(`band values of one hash: ${bands(12345n).join(', ')}`);

// (4) outlines
console.log('== outline test, 100-record batch (section rectangle + 开化县 outline)');
const points = Array.from({ length: 100 }, (_, i) => ({
  lng: 118.3 + (i % 10) * 0.02,
  lat: 29.0 + Math.floor(i / 10) * 0.03,
}));
await outsideCountyM('330824', 118.4, 29.1);
const batches: number[] = [];
for (let run = 0; run < 50; run++)
  batches.push(
    await time(async () => {
      for (const p of points) {
        outsideByM(square, p);
        await outsideCountyM('330824', p.lng, p.lat);
      }
    }),
  );
console.log(`batch p50 ${ms(pct(batches, 0.5))}  p99 ${ms(pct(batches, 0.99))}`);
await bench.close();
