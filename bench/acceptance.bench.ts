import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { records, users } from '../apps/server/src/db/schema/index.ts';
import { draw } from '../apps/server/src/features/acceptance/service.ts';
import type { AuthContext } from '../apps/server/src/platform/auth.ts';
import { benchServer } from './benchServer.ts';

/**
 * Issue 30: drawing a 10 % acceptance sample of BENCH_RECORDS (default 1,000,000) approved felling
 * records of KH2026 (three sections, 180 days) ≤ 2 s. The draw runs through the service (count per
 * section, the sample row, the top-N draw per section stored as one id array per section —
 * migration 0028 —, one transaction), BENCH_RUNS (3) times with fresh seeds and once more with a repeated seed (the
 * same records, checked). PGlite in a temporary directory by default; BENCH_DATABASE_URL=
 * postgres://…/postgres for PostgreSQL (BENCH_DB_NAME, BENCH_KEEP=1, BENCH_REUSE=1 as in
 * benchServer.ts). Smoke: BENCH_RECORDS=20000 npx tsx bench/acceptance.bench.ts
 */
const TOTAL = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const bench = await benchServer('acceptance');
const { database, deps } = bench;
const { db } = database;
const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const DAY = 86_400_000;
const sections = ['KH-BD01', 'KH-BD02', 'KH-BD03'] as const;
const begin = new Date(Date.UTC(2025, 0, 1));

const t0 = performance.now();
if (!bench.reused) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
  for (let done = 0; done < TOTAL;) {
    const rows: (typeof records.$inferInsert)[] = [];
    for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
      rows.push({
        id: randomUUID(),
        projectCode: 'KH2026',
        tableCode: 'gbcfcz0101',
        sectionCode: sections[done % 3]!,
        collectorId: owner!.id,
        timeSubmit: new Date(begin.getTime() + ((done * 7) % 180) * DAY + (done % 1000) * 1000),
        state: '20',
        fields: { qrcode: `A-${done}`, dungao: 3 },
      });
    }
    await db.insert(records).values(rows);
  }
  // The per-day counters the service keeps on every write (the draw reads its population there).
  await db.execute(
    sql`delete from record_counts where project_code = 'KH2026' and table_code = 'gbcfcz0101'`,
  );
  await db.execute(sql`insert into record_counts (project_code, table_code, section_code, state, day, township, n, qty, tons, m3, tags, treated)
    select project_code, table_code, section_code, state, (time_submit at time zone 'Asia/Shanghai')::date, coalesce(gps_xiang, ''),
      count(*)::int, 0, 0, 0, 0, 0
    from records where project_code = 'KH2026' and table_code = 'gbcfcz0101' and deleted_at is null group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`analyze records`);
}
const loaded = rowsOf<{ n: number }>(
  await db.execute(sql`select count(*)::int as n from records where project_code = 'KH2026'
    and table_code = 'gbcfcz0101' and state = '20' and time_submit >= '2025-01-01' and time_submit < '2025-07-01'`),
)[0]!.n;
console.log(
  `population: ${loaded} approved fellings in 3 sections (loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
);

const [bencher] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
const auth: AuthContext = {
  sessionId: 'bench',
  userId: bencher!.id,
  account: 'bench',
  isSuperAdmin: true,
  projectCode: 'KH2026',
  roleId: null,
  roleCodes: [],
  permissions: new Set(),
};
const input = (seed: string) => ({
  sectionCodes: [...sections],
  begin: '2025-01-01',
  end: '2025-06-30',
  sharePct: 10,
  includeBurning: false,
  seed,
});
const drawnIds = async (id: string) =>
  rowsOf<{ record_id: string }>(
    await db.execute(
      sql`select u.record_id from acceptance_draws d, unnest(d.record_ids) with ordinality u(record_id, k)
        where d.sample_id = ${id}::uuid order by d.section_code, u.k`,
    ),
  ).map((r) => r.record_id);

const times: number[] = [];
let firstId = '';
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const sample = await draw(deps, auth, 'KH2026', input(`bench-${run}`), 'zh-CN');
  times.push(performance.now() - start);
  if (run === 0) firstId = sample.id;
  console.log(
    `draw ${run + 1}: ${times.at(-1)!.toFixed(0)} ms — ${sample.drawn} of ${sample.population} (${sample.strata
      .map((s) => `${s.sectionCode} ${s.drawn}/${s.population}`)
      .join(', ')})`,
  );
}
const again = await draw(deps, auth, 'KH2026', input('bench-0'), 'zh-CN');
const same = JSON.stringify(await drawnIds(firstId)) === JSON.stringify(await drawnIds(again.id));
const plan = rowsOf<{ 'QUERY PLAN': string }>(
  await db.execute(sql`explain select r.id from records r where r.project_code = 'KH2026' and r.table_code = 'gbcfcz0101'
    and r.section_code = 'KH-BD01' and r.state = '20' and r.deleted_at is null
    and r.time_submit >= '2025-01-01' and r.time_submit < '2025-07-01' order by uuid_hash_extended(r.id, hashtextextended('s', 0)), r.id limit 33334`),
)
  .map((r) => r['QUERY PLAN'])
  .join('\n');
console.log(`stratum plan:\n${plan}`);
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `RESULT (${database.driver}, ${loaded} records in the population): draw of 10 % median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ` +
    `max ${sorted.at(-1)!.toFixed(0)} ms (target ≤ 2000 ms); same seed → same records: ${same}`,
);
await bench.close();
