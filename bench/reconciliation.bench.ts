import { randomUUID } from 'node:crypto';
import { addDays, chinaDay, chinaToday, TAG_ALPHABET, tagCodeFor } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { qrFlags, records, users } from '../apps/server/src/db/schema/index.ts';
import { wireAnomalyChecks } from '../apps/server/src/features/anomalies/index.ts';
import { setAfterWrite } from '../apps/server/src/features/records/index.ts';
import { benchServer, realServer } from './benchServer.ts';
import { closedLoop, pct } from './load.ts';

/**
 * Issue 26's targets at BENCH_RECORDS (default 1,000,000) records of KH2026 (felling and burning
 * over 240 days, three sections; every felling names a tag, burns list tags felled a few days
 * earlier; ~2 % of records carry an anomaly, most open):
 *   - GET /api/reconcile/summary for the season by section: p99 ≤ 100 ms at BENCH_CONCURRENCY (50)
 *     callers (steady state, as the screen is used), and with a different range on every call
 *     (nothing remembered: the rollup's SQL each time), printed apart;
 *   - POST /api/anomaly/list page 1 (all states; open only; one kind), and a page by cursor:
 *     p99 ≤ 100 ms at 50 callers;
 *   - ingestion records/s with the chain checks and without them (batches of 100: 70 fellings
 *     naming fresh issued tags, 30 burns listing tags felled before; 8 callers), in alternating
 *     rounds: the checks may cost ≤ 10 % (≥ 90 % of the throughput without).
 * The ingestion rounds run in process (they swap the records' write hook); the reads then run on
 * the real server (dist/main.mjs, a child process with `npm start`'s settings) over HTTP, so the
 * 50 callers' own work is not counted on the server's event loop.
 * Records and anomalies are loaded by multi-row inserts and the rollup rebuilt with migration
 * 0022's query. BENCH_DATABASE_URL=postgres://…/postgres creates a database (BENCH_DB_NAME,
 * BENCH_KEEP=1 keeps it); PGlite in a temporary directory without it. BENCH_SECONDS (10) per
 * figure, BENCH_INGEST_SECONDS (10) per ingestion round (after one not counted), BENCH_ROUNDS (2);
 * BENCH_FASTUPDATE_OFF=1 see below; BENCH_KEEP=1 keeps the database and BENCH_REUSE=1 measures it again.
 * Smoke: BENCH_RECORDS=5000 BENCH_SECONDS=2 BENCH_INGEST_SECONDS=2 npx tsx bench/reconciliation.bench.ts
 */
const TOTAL = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const ingestSeconds = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const bench = await benchServer('reconciliation');
const { app, database, token } = bench;
const { db } = database;
const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const DAY = 86_400_000;

/* ------------------------------------------------------------------ load */

const sections = ['KH-BD01', 'KH-BD02', 'KH-BD03'] as const;
const t0 = performance.now();
// BENCH_REUSE=1: the database a run kept (BENCH_KEEP=1) is measured again as it is.
if (!bench.reused) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
  const states = ['10', '20', '20', '20', '30', '40'];
  for (let done = 0; done < TOTAL;) {
    const rows: (typeof records.$inferInsert)[] = [];
    for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
      const section = sections[done % 3]!;
      const age = (done * 7) % 240;
      const at = new Date(Date.now() - age * DAY - (done % 1000) * 1000);
      // Two fellings then one burn listing the two tags felled just before it.
      const felling = done % 3 !== 2;
      const fields = felling
        ? { qrcode: `L-${done}`, dungao: done % 97 === 0 ? 9 : 3, multi_fzcl: '剥皮', xiongjing: 20 }
        : {
            yimushuliang: done % 10 ? 2 : 1.5,
            jldw: done % 10 ? '株' : '吨',
            fssj: chinaDay(at),
            multi_qrcode: `L-${done - 2},L-${done - 1}`,
          };
      rows.push({
        id: randomUUID(),
        projectCode: 'KH2026',
        tableCode: felling ? 'gbcfcz0101' : 'gbymfs0101',
        sectionCode: section,
        collectorId: owner!.id,
        timeSubmit: at,
        state: states[done % states.length]!,
        fields,
      });
    }
    await db.insert(records).values(rows);
  }
  // Migration 0022's rebuild of the rollup (the live path keeps it per ingestion batch).
  await db.execute(sql`delete from record_counts`);
  await db.execute(sql`insert into record_counts (project_code, table_code, section_code, state, day, township, n, qty, tons, m3, tags, treated)
    select project_code, table_code, section_code, state, (time_submit at time zone 'Asia/Shanghai')::date, gps_xiang, count(*)::int,
      coalesce(sum(case when table_code = 'gbymfs0101' and coalesce(fields ->> 'jldw', '') in ('', '株')
        and jsonb_typeof(fields -> 'yimushuliang') = 'number' then greatest((fields ->> 'yimushuliang')::float8, 0) else 0 end), 0),
      coalesce(sum(case when table_code = 'gbymfs0101' and fields ->> 'jldw' = '吨' then (fields ->> 'yimushuliang')::float8 else 0 end), 0),
      coalesce(sum(case when table_code = 'gbymfs0101' and fields ->> 'jldw' = '立方米' then (fields ->> 'yimushuliang')::float8 else 0 end), 0),
      coalesce(sum(case when table_code = 'gbcfcz0101' and coalesce(fields ->> 'qrcode', '') <> '' then 1
        when table_code = 'gbymfs0101' and coalesce(fields ->> 'multi_qrcode', '') <> ''
        then array_length(string_to_array(fields ->> 'multi_qrcode', ','), 1) else 0 end), 0)::int,
      count(*) filter (where table_code = 'gbcfcz0101' and (fields ->> 'dungao')::float8 <= 5)::int
    from records where deleted_at is null group by 1, 2, 3, 4, 5, 6`);
  // ~2 % of the records carry an anomaly: kinds in turn, four in five open.
  const kinds = [
    'stump_high',
    'tag_felled_twice',
    'burn_without_felling',
    'burn_other_section',
    'burn_late',
    'tag_unknown',
  ];
  await db.execute(sql`insert into anomalies (project_code, record_id, table_code, section_code, day, kind, tag_code, evidence, state, created_at)
    select r.project_code, r.id, r.table_code, r.section_code, (r.time_submit at time zone 'Asia/Shanghai')::date,
      (${`{${kinds.join(',')}}`}::text[])[1 + ((x.n / 50) % ${kinds.length})],
      coalesce(r.fields ->> 'qrcode', split_part(r.fields ->> 'multi_qrcode', ',', 1), ''),
      jsonb_build_object('code', coalesce(r.fields ->> 'qrcode', '')),
      (array['open', 'open', 'open', 'open', 'explained'])[1 + ((x.n / 50) % 5)],
      r.time_submit
    from (select id, row_number() over (order by id) as n from records where project_code = 'KH2026') x
    join records r on r.id = x.id where x.n % 50 = 0
    on conflict do nothing`);
  // BENCH_FASTUPDATE_OFF=1: the burn tags' GIN index without its pending list (ALTER INDEX … SET
  // (fastupdate = off)), as proposed for issue 26: with it, every lookup of a tag among burn records
  // scans the whole pending list (up to gin_pending_list_limit, 4 MB) that ingestion keeps filling.
  if (process.env.BENCH_FASTUPDATE_OFF === '1') {
    await db.execute(sql`alter index records_burn_qrcodes_idx set (fastupdate = off)`);
  }
  // VACUUM also empties the pending list the load filled.
  await db.execute(sql`vacuum analyze records`);
  await db.execute(sql`analyze record_counts`);
  await db.execute(sql`analyze anomalies`);
}
const count = async (q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.execute(q))[0]?.n ?? 0);
const nAnomalies = await count(sql`select count(*)::int as n from anomalies`);
const nRecords = await count(sql`select count(*)::int as n from records`);
console.log(
  `reconciliation bench on ${database.driver}: ${nRecords} records, ${nAnomalies} anomalies ${bench.reused ? 'reused' : 'loaded'} in ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s; ${concurrency} callers, ${seconds} s per figure`,
);

/* ------------------------------------------------------------------ ingestion */

// In process: the rounds with and without the checks swap the records' write hook between them.
async function call(method: 'GET' | 'POST', url: string, payload?: object, parse = false) {
  const res = await app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
  if (!res.body.startsWith('{"code":0,')) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
  return parse ? (res.json() as { value: { nextCursor?: string | null } }).value : {};
}
const today = chinaToday();

// Issued tags for the ingestion's fellings (clean data: no anomaly to write, the common case).
const [flag] = await db
  .insert(qrFlags)
  .values({ projectCode: 'KH2026', name: `bench ingestion ${Date.now()}`, count: 0 })
  .returning({ id: qrFlags.id });
// Well-formed codes (ingestion refuses others): the number in base 32 and its check character.
const issuedCode = (g: number) => {
  let body = '';
  for (let n = g, i = 0; i < 10; i++, n = Math.floor(n / 32)) body = TAG_ALPHABET[n % 32] + body;
  return tagCodeFor('BI', body);
};
// After the tags of earlier runs on a reused database: every ingested felling names a fresh tag.
const firstTag = await count(sql`select count(*)::int as n from qr_tags where code like 'BI-%'`);
for (let from = firstTag + 1; from <= firstTag + 300_000; from += 10_000) {
  const rows = Array.from(
    { length: 10_000 },
    (_, i) => sql`(${issuedCode(from + i)}, 'KH2026', ${flag!.id}::int, ${from + i})`,
  );
  await db.execute(
    sql`insert into qr_tags (code, project_code, flag_id, seq) values ${sql.join(rows, sql`, `)}`,
  );
}
const photo = await (async () => {
  const form = new FormData();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
  const res = new Response(form);
  const up = await app.inject({
    method: 'POST',
    url: '/api/file/upload?kind=photo',
    headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  return (up.json() as { value: { id: string } }).value.id;
})();
let tag = firstTag;
const batch = () => {
  const section = sections[tag % 3]!;
  const now = new Date().toISOString();
  const gps = { long: 118.4, lat: 29.1, alt: 300, range: 5 };
  const felled: string[] = [];
  const out: object[] = [];
  for (let i = 0; i < 70; i++) {
    const code = issuedCode(++tag);
    felled.push(code);
    out.push({
      uuid: randomUUID(),
      tableCode: 'gbcfcz0101',
      sectionCode: section,
      timeSubmit: now,
      gps,
      fields: {
        qrcode: code,
        shuzhong: '马尾松',
        xiongjing: 20,
        dungao: 3,
        multi_fzcl: '剥皮',
        pic_before: photo,
        pic_stump: photo,
        pic_treated: photo,
      },
    });
  }
  // Burns list tags of this batch's fellings (saved earlier in the same batch: a clean chain).
  for (let i = 0; i < 30; i++) {
    out.push({
      uuid: randomUUID(),
      tableCode: 'gbymfs0101',
      sectionCode: section,
      timeSubmit: now,
      gps,
      fields: {
        fsd: '华埠镇焚烧点',
        yimushuliang: 2,
        jldw: '株',
        fssj: today,
        pic_before: photo,
        pic_burning: photo,
        multi_qrcode: `${felled[2 * i]},${felled[2 * i + 1]}`,
      },
    });
  }
  return out;
};
async function ingestRound(): Promise<number> {
  let stored = 0;
  await closedLoop(
    async () => {
      const value = (await call('POST', '/api/collect/records', { records: batch() }, true)) as unknown as {
        results: { status: string }[];
      };
      stored += value.results.filter((r) => r.status === 'created').length;
    },
    8,
    ingestSeconds,
  );
  return stored / ingestSeconds;
}
const withChecks: number[] = [];
const without: number[] = [];
// A round not counted first: the process's code and PostgreSQL's caches warm up on it.
await ingestRound();
for (let r = 0; r < rounds; r++) {
  wireAnomalyChecks();
  withChecks.push(await ingestRound());
  setAfterWrite(async () => {});
  without.push(await ingestRound());
}
wireAnomalyChecks();
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`ingestion with chain checks    ${withChecks.map((x) => x.toFixed(0)).join(' / ')} records/s`);
console.log(`ingestion without chain checks ${without.map((x) => x.toFixed(0)).join(' / ')} records/s`);
const ratio = mean(withChecks) / mean(without);
const raised = await count(sql`select count(*)::int as n from anomalies a join records r on r.id = a.record_id
  where (r.fields ->> 'qrcode') like 'BI-%' or (r.fields ->> 'multi_qrcode') like 'BI-%'`);
console.log(`anomalies raised on the ingested (clean) records: ${raised}`);

/* ------------------------------------------------------------------ reads */

const line = (name: string, times: number[], secs: number) =>
  console.log(
    `${name.padEnd(44)} ${String(Math.round(times.length / secs)).padStart(6)}/s p50 ${pct(times, 50).toFixed(1).padStart(7)} ms p99 ${pct(times, 99).toFixed(1).padStart(7)} ms`,
  );
// The reads are measured on the real server, a child process with `npm start`'s settings (as
// deployed), over HTTP: in process, the 50 callers' own work shared the server's event loop.
// The measured calls check the envelope's code without parsing the answer (the client's CPU).
const server = await realServer(bench);
async function read(method: 'GET' | 'POST', url: string, payload?: object, parse = false) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { token: server.token, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = await res.text();
  if (!body.startsWith('{"code":0,')) throw new Error(`${url}: ${body.slice(0, 300)}`);
  return parse ? (JSON.parse(body) as { value: { nextCursor?: string | null } }).value : {};
}
const results: string[] = [];
async function figure(name: string, run: () => Promise<unknown>, target?: number) {
  const c0 = performance.now();
  await run();
  const cold = performance.now() - c0;
  await closedLoop(async () => void (await run()), concurrency, Math.min(2, seconds));
  const times = await closedLoop(async () => void (await run()), concurrency, seconds);
  line(`${name} (first ${cold.toFixed(0)} ms)`, times, seconds);
  if (target !== undefined)
    results.push(`  ${name}: p99 ${pct(times, 99).toFixed(1)} ms (target ≤ ${target} ms)`);
}

const season = addDays(today, -240);
await figure(
  'reconcile, season by section',
  () => read('GET', `/api/reconcile/summary?begin=${season}&end=${today}`),
  100,
);
let k = 0;
await figure('reconcile, a new range every call', () => {
  const begin = addDays(today, -(200 + (k++ % 40)));
  return read('GET', `/api/reconcile/summary?begin=${begin}&end=${today}`);
});
await figure(
  'anomaly list page 1, all states',
  () => read('POST', '/api/anomaly/list', { pageSize: 20 }),
  100,
);
await figure(
  'anomaly list page 1, open',
  () => read('POST', '/api/anomaly/list', { pageSize: 20, state: 'open' }),
  100,
);
let j = 0;
await figure('anomaly list, a new filter every call', () => {
  const begin = addDays(today, -(200 + (j++ % 40)));
  return read('POST', '/api/anomaly/list', { pageSize: 20, begin });
});
await figure('anomaly list page 1, one kind, one section', () =>
  read('POST', '/api/anomaly/list', { pageSize: 20, anomalyKind: 'burn_late', sectionCode: 'KH-BD02' }),
);
const deep = (
  (await read('POST', '/api/anomaly/list', { pageSize: 100 }, true)) as { nextCursor?: string | null }
).nextCursor;
await figure('anomaly list by cursor (page 2 of 100)', () =>
  read('POST', '/api/anomaly/list', { pageSize: 20, cursor: deep ?? undefined }),
);

// Where a remembered answer's time goes, one caller at a time: HTTP alone (a route that does not
// exist runs no statement), one trivial statement (health), then the two screens, whose answers
// come from memory and whose one statement is the caller's session.
console.log('per call, one caller (500 calls each):');
const perCall = async (name: string, run: () => Promise<unknown>) => {
  for (let i = 0; i < 50; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const s0 = performance.now();
    await run();
    times.push(performance.now() - s0);
  }
  console.log(`  ${name.padEnd(52)} p50 ${pct(times, 50).toFixed(2)} ms`);
};
const raw = (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init).then((r) => r.text());
await perCall('no route (HTTP only, no statement)', () => raw('/api/nothing'));
await perCall('health (one trivial statement)', () => raw('/api/health'));
await perCall('reconcile, season (session + remembered answer)', () =>
  read('GET', `/api/reconcile/summary?begin=${season}&end=${today}`),
);
await perCall('anomaly list page 1 (session + remembered page)', () =>
  read('POST', '/api/anomaly/list', { pageSize: 20 }),
);

console.log('');
console.log(`RESULT ${database.driver} ${nRecords} records, ${concurrency} concurrent`);
for (const r of results) console.log(r);
console.log(
  `  ingestion with checks / without: ${(ratio * 100).toFixed(1)} % (${mean(withChecks).toFixed(0)} vs ${mean(without).toFixed(0)} records/s; target ≥ 90 %)`,
);
await server.stop();
