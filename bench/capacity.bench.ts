import { eq, sql } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema/index.ts';
import { rebuildMapCells } from '../apps/server/src/features/records/rollupQueries.ts';
import { encodeCursor } from '../apps/server/src/platform/pagination.ts';
import { benchServer, realServer } from './benchServer.ts';
import { type Wrk, wrk } from './wrk.ts';

/**
 * Capacity (issue 31): one project grown to 10,000,000 felling records on PostgreSQL, the read
 * calls measured at each step (1M, then 10M) side by side, with the records table's size.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres BENCH_DB_NAME=pg_bench_capacity BENCH_KEEP=1 \
 *     npx tsx bench/capacity.bench.ts
 *
 * Records are generated inside PostgreSQL (INSERT … SELECT generate_series, 1M per statement) with
 * the records table's secondary indexes dropped during the load and built again after it (the
 * way a bulk load is done; what the load costs is printed). The rollups the service keeps on
 * every write (record_counts, record_cells) are derived again once. BENCH_REUSE=1 with the same
 * BENCH_DB_NAME measures again without loading what is there. CAPACITY_STEPS (1000000,10000000),
 * BENCH_SECONDS (10), BENCH_CONCURRENCY (50); SERVER_PROCESSES passes to the server.
 */
if (!process.env.BENCH_DATABASE_URL) throw new Error('capacity bench: PostgreSQL only (BENCH_DATABASE_URL)');
process.env.BENCH_DB_NAME ??= 'pg_bench_capacity';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const steps = (process.env.CAPACITY_STEPS ?? '1000000,10000000').split(',').map(Number);
const TABLE = 'gbcfcz0101';
const CHUNK = 1_000_000;

const bench = await benchServer('capacity', { poolSize: 4 });
const { db } = bench.database;
const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const one = async <T>(q: ReturnType<typeof sql>) => rows<T>(await db.execute(q))[0]!;
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
const liveCount = async () =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from records where project_code = 'KH2026' and table_code = ${TABLE}`,
    )
  ).n;

const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(0);

/** Runs `work` over `items` on two connections at once, in order of start. */
async function twoAtATime<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all([lane(), lane()]);
}

/** Tops the project's fellings up to `target`, indexes dropped meanwhile; prints what it cost. */
async function loadTo(target: number) {
  const have = await liveCount();
  if (have >= target) return;
  const t0 = performance.now();
  const indexes = rows<{ name: string; def: string }>(
    await db.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'records' and indexname <> 'records_pkey'`),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index if exists "${i.name}"`));
  // Two connections at a time (this machine has two cores): chunks, then index builds, each
  // statement a single-threaded backend. maintenance_work_mem is set per build's transaction,
  // since a pooled SET lands on whichever connection answered it.
  const chunks: [number, number][] = [];
  for (let from = have; from < target; from += CHUNK) chunks.push([from, Math.min(target, from + CHUNK)]);
  await twoAtATime(chunks, async ([from, to]) => {
    // Spread like a season: 240 days, three sections, four states, a 30 km square of points,
    // five place words to search (decision 0202's keyword paths need real text).
    await db.execute(sql`insert into records (id, project_code, table_code, section_code, collector_id,
        time_submit, gps_long, gps_lat, gps_xiang, state, fields, search_text)
      select gen_random_uuid(), 'KH2026', ${TABLE}, (array['KH-BD01','KH-BD02','KH-BD03'])[1 + i % 3], ${owner!.id}::uuid,
        now() - ((i * 7) % 240) * interval '1 day' - (i % 86400) * interval '1 second',
        118.05 + (i % 997) * 0.0005, 28.95 + ((i / 997) % 991) * 0.0005, '华埠镇',
        (array['10','20','20','30'])[1 + i % 4],
        jsonb_build_object('qrcode', 'C-' || i, 'dungao', 3, 'xiongjing', 20),
        (array['山脚 华埠镇 马尾松','山腰 池淮镇 黑松','路边 桐村镇 湿地松','林缘 杨林镇 马尾松','沟边 苏庄镇 火炬松'])[1 + i % 5]
      from generate_series(${from}::bigint, ${to - 1}::bigint) as i`);
    console.log(`  loaded ${from.toLocaleString('en')}–${to.toLocaleString('en')} (${secondsSince(t0)} s)`);
  });
  console.log(`  ${(target - have).toLocaleString('en')} records inserted in ${secondsSince(t0)} s`);
  const tIndex = performance.now();
  await twoAtATime(indexes, (i) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(i.def));
    }),
  );
  console.log(`  ${indexes.length} indexes built again in ${secondsSince(tIndex)} s`);
  await db.execute(sql`delete from record_counts where project_code = 'KH2026' and table_code = ${TABLE}`);
  await db.execute(sql`insert into record_counts (project_code, table_code, section_code, state, day, township, n, qty, tons, m3, tags, treated)
    select project_code, table_code, section_code, state, (time_submit at time zone 'Asia/Shanghai')::date, gps_xiang,
      count(*)::int, 0, 0, 0, count(*)::int, 0
    from records where project_code = 'KH2026' and deleted_at is null and table_code = ${TABLE} group by 1, 2, 3, 4, 5, 6`);
  await rebuildMapCells(db, 'KH2026');
  await db.execute(sql`vacuum analyze records`);
  console.log(
    `  ${target.toLocaleString('en')} records ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

type Call = { name: string; path: string; body?: unknown };
async function calls(records: number): Promise<Call[]> {
  const deep = await one<{ id: string; ts: string }>(sql`select id, time_submit::text as ts from records
    where project_code = 'KH2026' and table_code = ${TABLE} and deleted_at is null
    order by time_submit desc, id desc offset ${Math.min(100_000, Math.floor(records / 2))} limit 1`);
  const list = (extra: object) => ({
    prjCode: 'KH2026',
    prjStandCode: TABLE,
    pageNum: 1,
    pageSize: 20,
    ...extra,
  });
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'records list page 1', path: '/api/sync/queryDataList', body: list({}) },
    {
      name: 'records, section + state + 30 days',
      path: '/api/sync/queryDataList',
      body: list({ biaoduan: 'KH-BD02', codeState: '20', begin: day(30), end: day(0) }),
    },
    {
      name: 'records, page 5,001 by cursor',
      path: '/api/sync/queryDataList',
      body: list({ pageNum: 5001, cursor: encodeCursor(['n', deep.ts, deep.id]) }),
    },
    { name: 'dashboard (home)', path: '/api/home/data' },
    { name: 'progress by county', path: '/api/process/list?level=county&prjCode=KH2026&type=cfcz' },
    {
      name: 'map, whole county (zoom 9)',
      path: '/api/gis/cells?zoom=9&west=117.2&south=28.6&east=119.2&north=29.8',
    },
  ];
}

async function tableSize() {
  const s = await one<{ heap: string; indexes: string; total: string }>(sql`select
    pg_size_pretty(pg_relation_size('records')) as heap, pg_size_pretty(pg_indexes_size('records')) as indexes,
    pg_size_pretty(pg_total_relation_size('records')) as total`);
  return `records heap ${s.heap}, indexes ${s.indexes}, total ${s.total}`;
}

/** The real server on the same database while this process keeps it open for the next step. */
const keepOpen = async () => ({
  env: { DATABASE_URL: bench.config.databaseUrl ?? '', DATA_DIR: bench.config.dataDir },
  drop: async () => undefined,
});

const figures = new Map<string, Map<number, Wrk>>();
const sizes: string[] = [];
for (const step of steps) {
  await loadTo(step);
  sizes.push(`${step.toLocaleString('en')}: ${await tableSize()}`);
  const list = await calls(step);
  const server = await realServer({ ...bench, handOver: keepOpen });
  for (const c of list) {
    wrk(server, c.path, c.body, concurrency, 2); // warm
    const w = wrk(server, c.path, c.body, concurrency, seconds);
    figures.set(c.name, (figures.get(c.name) ?? new Map()).set(step, w));
    console.log(
      `  ${step.toLocaleString('en')} · ${c.name}: ${w.rps.toFixed(0)} req/s, p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms${w.non2xx ? `, ${w.non2xx} non-2xx` : ''}`,
    );
  }
  await server.stop();
}

const [small, big] = [steps[0]!, steps.at(-1)!];
const f = (w?: Wrk) =>
  w ? `${w.rps.toFixed(0)} req/s, p50 ${w.p50.toFixed(1)}, p99 ${w.p99.toFixed(1)} ms` : '—';
console.log(
  `\ncapacity on PostgreSQL, ${concurrency} callers, ${seconds} s per figure, SERVER_PROCESSES=${process.env.SERVER_PROCESSES ?? 1}`,
);
console.log(
  `| call | ${small.toLocaleString('en')} | ${big.toLocaleString('en')} | p99 ratio (goal ≤ 1.2) |`,
);
console.log('|---|---|---|---|');
for (const [name, byStep] of figures) {
  const a = byStep.get(small);
  const b = byStep.get(big);
  console.log(`| ${name} | ${f(a)} | ${f(b)} | ${a && b ? (b.p99 / a.p99).toFixed(2) : '—'} |`);
}
console.log(sizes.map((s) => `- ${s}`).join('\n'));
await bench.close();
