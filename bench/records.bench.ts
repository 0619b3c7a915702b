import { randomUUID } from 'node:crypto';
import { clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { encodeCursor } from '../apps/server/src/platform/pagination.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';

/**
 * Records at scale. Run against a database already filled with
 * `npm run seed:demo && npm run seed:records -- --project KH2026 --count 1000000`
 * (DATABASE_URL for PostgreSQL, DATA_DIR for PGlite). Prints p50/p99 of the list (page 1,
 * page 5,000 by cursor, a section+state+date+keyword filter) through the API beside the same
 * query as raw SQL, ingestion records/s (batches of 100 from 8 callers) and detail p99.
 * BENCH_SECONDS (default 20) per list figure, BENCH_CONCURRENCY (default 50).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 20,
});
await prepareDatabase(database);
const app = await buildApp({ config, database, storage: createStorage(config.storage) });
await app.ready();
const { db } = database;
const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

async function signIn(account: string, client = 2) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password: clientPasswordHash('pine2026'), client },
  });
  const token = (res.json() as { value: { token: string } }).value.token;
  await app.inject({
    method: 'POST',
    url: '/api/user/selectProject',
    headers: { token },
    payload: { prjCode: 'KH2026' },
  });
  return token;
}
const admin = await signIn('demo_admin');
const worker = await signIn('demo_worker', 1);
const [{ n: total } = { n: 0 }] = rows<{ n: number }>(
  await db.execute(
    sql`select count(*)::int as n from records where project_code = 'KH2026' and deleted_at is null`,
  ),
);
console.log(
  `records bench on ${database.driver}: ${total} live records in KH2026; ${concurrency} concurrent, ${seconds} s each`,
);

async function load(name: string, run: () => Promise<void>, conc = concurrency, secs = seconds) {
  const times: number[] = [];
  const end = performance.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(44)} ${String(times.length).padStart(7)} req ${(times.length / secs).toFixed(0).padStart(6)}/s  p50 ${pct(50).padStart(7)} ms  p99 ${pct(99).padStart(7)} ms`,
  );
  return times;
}

const table = 'gbksdc0101';
const list = async (body: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/queryDataList',
    headers: { token: admin },
    payload: { prjStandCode: table, pageNum: 1, pageSize: 10, ...body },
  });
  const json = res.json() as { code: number; message: string };
  if (json.code !== 0) throw new Error(json.message);
};

// Page 5,000 by cursor: the row ending page 4,999 (one OFFSET walk here, once).
const [edge] = rows<{ ts: string; id: string }>(
  await db.execute(sql`select time_submit::text as ts, id from records where project_code = 'KH2026' and table_code = ${table}
    and deleted_at is null order by time_submit desc, id desc offset ${4999 * 10 - 1} limit 1`),
);
const [sample] = rows<{ section_code: string; search_text: string; id: string }>(
  await db.execute(sql`select section_code, search_text, id from records where project_code = 'KH2026' and table_code = ${table}
    and search_text <> '' order by time_submit desc limit 1`),
);
const keyword = (sample?.search_text ?? '山脚').split(' ')[0]!.slice(0, 3);
const filter = {
  biaoduan: sample?.section_code ?? 'KH-BD01',
  codeState: '10',
  begin: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
  end: new Date().toISOString().slice(0, 10),
  keyWords: keyword,
};
const baseWhere = sql`project_code = 'KH2026' and table_code = ${table} and deleted_at is null`;
const rawPage1 = () =>
  db.execute(sql`select * from records where ${baseWhere} order by time_submit desc, id desc limit 10`);
const rawDeep = () =>
  db.execute(sql`select * from records where ${baseWhere} and (time_submit, id) < (${edge?.ts ?? 'now'}::timestamptz, ${edge?.id ?? randomUUID()}::uuid)
    order by time_submit desc, id desc limit 10`);
const rawFilter = () =>
  db.execute(sql`select * from records where ${baseWhere} and section_code = ${filter.biaoduan} and state = '10'
    and time_submit >= (${filter.begin}::date::timestamp at time zone 'Asia/Shanghai')
    and time_submit < (${filter.end}::date::timestamp at time zone 'Asia/Shanghai' + interval '1 day')
    and search_text like ${'%' + keyword + '%'} order by time_submit desc, id desc limit 10`);

await load('queryDataList page 1 (API)', () => list({}));
await load('  same as raw SQL', async () => void (await rawPage1()));
if (edge) {
  const cursor = encodeCursor(['n', edge.ts, edge.id]);
  await load('queryDataList page 5,000 by cursor (API)', () => list({ pageNum: 5000, cursor }));
  await load('  same as raw SQL', async () => void (await rawDeep()));
} else console.log('page 5,000: fewer than 50,000 records in the table, skipped');
await load(`queryDataList section+state+date+"${keyword}" (API)`, () => list(filter));
await load('  same as raw SQL', async () => void (await rawFilter()));

const detailIds = rows<{ id: string }>(
  await db.execute(sql`select id from records where ${baseWhere} order by time_submit desc limit 200`),
).map((r) => r.id);
let k = 0;
await load('queryDataDetail (API)', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/queryDataDetail',
    headers: { token: admin },
    payload: { id: detailIds[k++ % detailIds.length] },
  });
  if ((res.json() as { code: number }).code !== 0) throw new Error(res.body);
});

// Ingestion: batches of 100 from 8 callers, every record validated.
const [photo] = rows<{ id: string }>(
  await db.execute(sql`select id from files where project_code = 'KH2026' and kind = 'photo' limit 1`),
);
let ingested = 0;
const batch = () =>
  Array.from({ length: 100 }, () => ({
    uuid: randomUUID(),
    tableCode: table,
    sectionCode: filter.biaoduan,
    timeSubmit: new Date().toISOString(),
    gps: { long: 118.4, lat: 29.1, alt: 300, range: 5 },
    fields: { kssl: 2, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo?.id, beizhu: '山脚' },
  }));
const ingestSecs = Math.min(seconds, 10);
await load(
  'ingest 100/batch, 8 callers (per batch)',
  async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/collect/records',
      headers: { token: worker },
      payload: { records: batch() },
    });
    const value = (res.json() as { value: { results: { status: string }[] } }).value;
    ingested += value.results.filter((r) => r.status === 'created').length;
  },
  8,
  ingestSecs,
);
console.log(`ingestion: ${Math.round(ingested / ingestSecs)} records/s`);
await app.close();
await database.close();
