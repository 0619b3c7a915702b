import { randomUUID } from 'node:crypto';
import { addDays, chinaToday, clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { encodeCursor } from '../apps/server/src/platform/pagination.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
import { closedLoop, pct } from './load.ts';

/**
 * Records at scale (issue #13). Run against a database already filled with
 * `npm run seed:demo && npm run seed:records -- --project KH2026 --count 1000000`
 * (DATABASE_URL for PostgreSQL, DATA_DIR for PGlite):
 *
 *   npx tsx bench/records.bench.ts
 *
 * For the list (page 1, a deep page by cursor, section + state + date range + keyword) it first
 * logs the SQL one API call really sends and the list statement's EXPLAIN (ANALYZE, BUFFERS)
 * summary, then loads the API (full Fastify stack through inject: session, permission, zod
 * input, service, response) and the SAME list statement as raw SQL, alternating in two rounds
 * so both see the same machine, and prints p50/p99 with the API/SQL ratio. Then detail p50/p99
 * and ingestion records/s (batches of 100 from 8 callers), each beside the target.
 *
 * BENCH_SECONDS (default 20) per figure, BENCH_CONCURRENCY (default 50), BENCH_PAGE_SIZE
 * (default 20), BENCH_DEEP_PAGE (default 5000; capped by the table's rows).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const pageSize = Number(process.env.BENCH_PAGE_SIZE ?? 20);
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

/* ---- the SQL the API sends: both drivers answer client.query(text | config, params, …) ---- */
type Sent = { text: string; params: unknown[] };
const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
const query = client.query.bind(client);
let capturing: Sent[] | null = null;
client.query = (...args: unknown[]) => {
  if (capturing) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const params =
      (args[1] as unknown[] | undefined) ?? (typeof first === 'string' ? [] : (first.values ?? []));
    capturing.push({ text, params });
  }
  return query(...args);
};
const raw = (s: Sent) => query(s.text, s.params);

async function signIn(account: string, clientKind = 2) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password: clientPasswordHash('pine2026'), client: clientKind },
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
const table = 'gbksdc0101';
const [{ n: total } = { n: 0 }] = rows<{ n: number }>(
  await db.execute(
    sql`select count(*)::int as n from records where project_code = 'KH2026' and deleted_at is null`,
  ),
);
const [{ n: inTable } = { n: 0 }] = rows<{ n: number }>(
  await db.execute(
    sql`select count(*)::int as n from records where project_code = 'KH2026' and table_code = ${table} and deleted_at is null`,
  ),
);
console.log(
  `records bench on ${database.driver}: ${total} live records in KH2026 (${inTable} in ${table}); ` +
    `${concurrency} concurrent, ${seconds} s per figure, page size ${pageSize}`,
);

type Figure = { n: number; perSec: number; p50: number; p99: number };
const figures: Record<string, Figure> = {};

/** `conc` callers run `run` back to back for `secs`; latencies in ms, sorted (load.ts). */
const load = (run: () => Promise<void>, conc: number, secs: number) => closedLoop(run, conc, secs);
function figure(name: string, times: number[], secs: number): Figure {
  times.sort((a, b) => a - b);
  const f = { n: times.length, perSec: times.length / secs, p50: pct(times, 50), p99: pct(times, 99) };
  figures[name] = f;
  console.log(
    `  ${name.padEnd(40)} ${String(f.n).padStart(7)} req ${f.perSec.toFixed(0).padStart(6)}/s  p50 ${f.p50.toFixed(1).padStart(7)} ms  p99 ${f.p99.toFixed(1).padStart(7)} ms`,
  );
  return f;
}

const listCall = async (body: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/queryDataList',
    headers: { token: admin },
    payload: { prjStandCode: table, pageNum: 1, pageSize, ...body },
  });
  const json = res.json() as { code: number; message: string };
  if (json.code !== 0) throw new Error(json.message);
  return json as unknown as { value: { result: { total: number; totalExact: boolean; list: unknown[] } } };
};

/** Logs the statements one API call sends and the list statement's plan; answers that statement. */
async function sentBy(body: Record<string, unknown>): Promise<Sent> {
  await listCall(body); // warm the descriptor cache: the second call shows the steady state
  capturing = [];
  const answer = await listCall(body);
  const sent = capturing;
  capturing = null;
  const r = answer.value.result;
  console.log(
    `  one call: ${sent.length} statement(s), ${r.list.length} rows, total ${r.total}${r.totalExact ? '' : ' (estimate)'}`,
  );
  for (const s of sent) console.log(`    SQL: ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
  const list = sent.find((s) => /from records r/.test(s.text)) ?? sent[sent.length - 1]!;
  const plan = rows<Record<string, string>>(
    await query(`explain (analyze, buffers) ${list.text}`, list.params),
  );
  const lines = plan.map((p) => Object.values(p)[0]!);
  const top = lines.find((l) => /Buffers/.test(l)) ?? '';
  const exec = lines.find((l) => /Execution Time/.test(l)) ?? '';
  const sorts = lines.some((l) => /\bSort\b/.test(l) && !/Sort Key/.test(l)) ? 'a Sort node' : 'no sort';
  const indexes = [...new Set(lines.flatMap((l) => /using (\w+)/i.exec(l)?.[1] ?? []))].join(', ');
  console.log(`    plan: ${exec.trim()}; ${top.trim()}; ${sorts}; indexes ${indexes || 'none'}`);
  return list;
}

/** API and raw SQL alternate in two rounds of half the time each, so both see the same machine. */
async function versus(name: string, body: Record<string, unknown>) {
  console.log(`${name}`);
  const statement = await sentBy(body);
  const api: number[] = [];
  const rawTimes: number[] = [];
  for (let round = 0; round < 2; round++) {
    api.push(...(await load(() => listCall(body).then(() => {}), concurrency, seconds / 2)));
    rawTimes.push(...(await load(() => raw(statement).then(() => {}), concurrency, seconds / 2)));
  }
  const a = figure(`${name} (API)`, api, seconds);
  const s = figure(`${name} (same SQL, raw)`, rawTimes, seconds);
  console.log(`  API/SQL p50 ${(a.p50 / s.p50).toFixed(2)}, p99 ${(a.p99 / s.p99).toFixed(2)}`);
  return a;
}

// The deep page: the row ending the page before it, found once by an OFFSET walk.
const deepPage = Math.max(
  2,
  Math.min(Number(process.env.BENCH_DEEP_PAGE ?? 5000), Math.floor(inTable / pageSize) - 1),
);
const [edge] = rows<{ ts: string; id: string }>(
  await db.execute(sql`select time_submit::text as ts, id from records where project_code = 'KH2026' and table_code = ${table}
    and deleted_at is null order by time_submit desc, id desc offset ${(deepPage - 1) * pageSize - 1} limit 1`),
);
const [sample] = rows<{ section_code: string; search_text: string }>(
  await db.execute(sql`select section_code, search_text from records where project_code = 'KH2026' and table_code = ${table}
    and search_text <> '' and deleted_at is null order by time_submit desc limit 1`),
);
const keyword = (sample?.search_text ?? '山脚').split(' ')[0]!.slice(0, 3);
const filter = {
  biaoduan: sample?.section_code ?? 'KH-BD01',
  codeState: '10',
  begin: addDays(chinaToday(), -30),
  end: chinaToday(),
  keyWords: keyword,
};

const page1 = await versus('queryDataList page 1', {});
const deep = edge
  ? await versus(`queryDataList page ${deepPage} by cursor`, {
      pageNum: deepPage,
      cursor: encodeCursor(['n', edge.ts, edge.id]),
    })
  : undefined;
await versus(`queryDataList section+state+date+"${keyword}"`, filter);

console.log('queryDataDetail (record with history and media)');
const detailIds = rows<{ id: string }>(
  await db.execute(sql`select id from records where project_code = 'KH2026' and table_code = ${table}
    and deleted_at is null order by time_submit desc limit 200`),
).map((r) => r.id);
let k = 0;
const detailCall = async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/queryDataDetail',
    headers: { token: admin },
    payload: { id: detailIds[k++ % detailIds.length] },
  });
  if ((res.json() as { code: number }).code !== 0) throw new Error(res.body);
};
// The issue gives the detail no concurrency: one caller (what a reviewer opening records sees),
// then the list's 50 callers beside it.
const detail = figure('queryDataDetail, 1 caller (API)', await load(detailCall, 1, seconds), seconds);
figure(
  `queryDataDetail, ${concurrency} callers (API)`,
  await load(detailCall, concurrency, seconds),
  seconds,
);

// Ingestion: batches of 100 from 8 callers, every record validated.
console.log('ingestion');
const [photo] = rows<{ id: string }>(
  await db.execute(sql`select id from files where project_code = 'KH2026' and kind = 'photo' limit 1`),
);
let ingested = 0;
const batch = () =>
  Array.from({ length: 100 }, () => ({
    uuid: randomUUID(),
    tableCode: table,
    // demo_worker's own section (the seed assigns KH-BD01): a field worker records only there.
    sectionCode: 'KH-BD01',
    timeSubmit: new Date().toISOString(),
    gps: { long: 118.4, lat: 29.1, alt: 300, range: 5 },
    fields: { kssl: 2, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo?.id, beizhu: '山脚' },
  }));
const ingestSecs = Math.min(seconds, 10);
figure(
  'ingest 100/batch, 8 callers (per batch)',
  await load(
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
  ),
  ingestSecs,
);
const perSec = Math.round(ingested / ingestSecs);

const check = (label: string, value: number, target: string, ok: boolean) =>
  console.log(
    `  ${label.padEnd(52)} ${value.toFixed(2).padStart(9)}  target ${target.padEnd(10)} ${ok ? 'met' : 'NOT met'}`,
  );
console.log(`summary (${database.driver}, ${total} records)`);
for (const [name, f] of Object.entries(figures)) {
  if (!name.endsWith('(API)') || name.startsWith('queryDataDetail')) continue;
  const sqlFigure = figures[name.replace('(API)', '(same SQL, raw)')];
  check(`${name} p50 ms`, f.p50, '≤ 20', f.p50 <= 20);
  check(`${name} p99 ms`, f.p99, '≤ 100', f.p99 <= 100);
  if (sqlFigure) check(`${name} API/SQL p50`, f.p50 / sqlFigure.p50, '≤ 1.5', f.p50 / sqlFigure.p50 <= 1.5);
}
if (deep) check('deep page / page 1 p50', deep.p50 / page1.p50, '≤ 2', deep.p50 / page1.p50 <= 2);
check('queryDataDetail p99 ms, 1 caller', detail.p99, '≤ 30', detail.p99 <= 30);
check('ingestion records/s', perSec, '≥ 2000', perSec >= 2000);
await app.close();
await database.close();
