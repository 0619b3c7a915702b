import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, chinaToday, makeIdNumber } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { records, users, workers } from '../apps/server/src/db/schema/index.ts';
import { encodeCursor } from '../apps/server/src/platform/pagination.ts';
import { benchServer, realServer } from './benchServer.ts';
import { entryServer } from './entryServer.ts';
import { serverMeter } from './serverMeter.ts';
import { wrk as wrkCall } from './wrk.ts';

/**
 * The read path at scale (issue 28), each call three ways in one run: the floor (pgbench running
 * the narrowest index-only statement for the same rows), the API's exact statement (pgbench
 * running what the server sent, with its values), and the API over HTTP (wrk, 50 connections,
 * against the real server as a child process with `npm start`'s settings), with the CPU each API
 * call cost the server and PostgreSQL (from /proc), and /api/health's req/s as Node's own floor.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres BENCH_DB_NAME=pg_bench_recon BENCH_REUSE=1 BENCH_KEEP=1 \
 *     npx tsx bench/readPath.bench.ts
 *
 * On a new database it loads BENCH_RECORDS (1,000,000) fellings and BENCH_WORKERS (100,000)
 * workers; on a reused one it tops up what is missing. PGlite (no BENCH_DATABASE_URL) gets the
 * one-caller figures only (no pgbench, no server CPU split). Needs wrk and pgbench (Debian).
 * BENCH_SECONDS (10) per figure after BENCH_WARM (3) seconds of the same call, BENCH_CONCURRENCY (50). BENCH_ONLY=<part of a call's name> measures
 * those calls only (with /api/health); BENCH_PGBENCH=0 leaves out the two pgbench columns.
 * BENCH_STATEMENTS=<dir> writes each call's exact statements there as a pgbench script (<call>.sql),
 * to weigh a change to a statement with pgbench alone.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmSeconds = Number(process.env.BENCH_WARM ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 100_000);
const TABLE = 'gbcfcz0101';
const DAY = 86_400_000;

const bench = await benchServer('readpath');
const { database } = bench;
const { db } = database;
const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const count = async (q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await db.execute(q))[0]?.n ?? 0);
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'bench'));
const t0 = performance.now();

/* ---------------------------------------------------------------- load what is missing */
const haveRecords = await count(
  sql`select count(*)::int as n from records where project_code = 'KH2026' and table_code = ${TABLE}`,
);
const places = [
  '山脚 华埠镇 马尾松',
  '山腰 池淮镇 黑松',
  '路边 桐村镇 湿地松',
  '林缘 杨林镇 马尾松',
  '沟边 苏庄镇 火炬松',
];
for (let done = haveRecords; done < RECORDS;) {
  const rows: (typeof records.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < RECORDS; i++, done++) {
    rows.push({
      id: randomUUID(),
      projectCode: 'KH2026',
      tableCode: TABLE,
      sectionCode: ['KH-BD01', 'KH-BD02', 'KH-BD03'][done % 3]!,
      collectorId: owner!.id,
      timeSubmit: new Date(Date.now() - ((done * 7) % 240) * DAY - (done % 1000) * 1000),
      state: ['10', '20', '20', '30'][done % 4]!,
      fields: { qrcode: `R-${done}`, dungao: 3, xiongjing: 20 },
      searchText: places[done % places.length]!,
    });
  }
  await db.insert(records).values(rows);
}
if (haveRecords < RECORDS) {
  await db.execute(sql`delete from record_counts where table_code = ${TABLE}`);
  await db.execute(sql`insert into record_counts (project_code, table_code, section_code, state, day, township, n, qty, tons, m3, tags, treated)
    select project_code, table_code, section_code, state, (time_submit at time zone 'Asia/Shanghai')::date, gps_xiang, count(*)::int,
      0, 0, 0, count(*)::int, 0
    from records where deleted_at is null and table_code = ${TABLE} group by 1, 2, 3, 4, 5, 6`);
}
// Searchable text on the newest 50,000 fellings when a reused database has none.
if (
  !(await count(
    sql`select count(*)::int as n from (select 1 from records where search_text <> '' limit 1) x`,
  ))
) {
  await db.execute(sql`update records set search_text = (${`{${places.join(',')}}`}::text[])[1 + abs(hashtext(id::text)) % ${places.length}]
    where id in (select id from records where project_code = 'KH2026' and table_code = ${TABLE} and deleted_at is null
      order by time_submit desc limit 50000)`);
}
const haveWorkers = await count(sql`select count(*)::int as n from workers where project_code = 'KH2026'`);
const today = chinaToday();
for (let done = haveWorkers; done < WORKERS;) {
  const rows: (typeof workers.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < WORKERS; i++, done++) {
    const birth = addDays('1960-01-01', done % 14000);
    rows.push({
      projectCode: 'KH2026',
      sectionCode: ['KH-BD01', 'KH-BD02', 'KH-BD03'][done % 3]!,
      name: `${'徐余汪郑毛周王张李陈'[done % 10]}${'建国平华明军红英'[done % 8]}${done % 1000}`,
      idNumber: makeIdNumber('330825', birth, 500 + Math.floor(done / 14000)),
      phone: `138${String(done).padStart(8, '0')}`,
      sex: done % 2,
      birthDate: birth,
      regionCode: '330824',
      insured: done % 5 !== 0,
      insuranceStart: addDays(today, -100),
      insuranceEnd: addDays(today, (done % 400) - 50),
      reviewStatus: done % 10 < 7 ? 1 : 0,
      clockIn: false,
      createdBy: owner!.id,
      createdAt: new Date(Date.now() - (done % 200) * DAY - done * 1000),
    });
  }
  await db.insert(workers).values(rows);
}
await db.execute(sql`vacuum analyze records`);
await db.execute(sql`vacuum analyze workers`);
const nRecords = await count(
  sql`select count(*)::int as n from records where project_code = 'KH2026' and deleted_at is null`,
);
const nWorkers = await count(
  sql`select count(*)::int as n from workers where project_code = 'KH2026' and deleted_at is null`,
);
console.log(
  `read-path bench on ${database.driver}: ${nRecords} live records, ${nWorkers} workers in KH2026 ` +
    `(ready in ${((performance.now() - t0) / 1000).toFixed(0)} s); ${concurrency} callers, ${seconds} s per figure`,
);

/* ---------------------------------------------------------------- the calls */
const [recent] = rowsOf<{ id: string; ts: string }>(
  await db.execute(sql`select id, time_submit::text as ts from records where project_code = 'KH2026' and table_code = ${TABLE}
    and deleted_at is null order by time_submit desc, id desc offset ${Math.min(100_000, Math.max(0, nRecords - 21))} limit 1`),
);
const [anyRecord] = rowsOf<{ id: string }>(
  await db.execute(
    sql`select id from records where project_code = 'KH2026' and table_code = ${TABLE} limit 1 offset ${Math.min(5000, nRecords - 1)}`,
  ),
);
const cursor = encodeCursor(['n', recent!.ts, recent!.id]);
type Call = { name: string; path: string; body?: unknown; floor: string };
const listBody = (extra: Record<string, unknown>) => ({
  prjStandCode: TABLE,
  pageNum: 1,
  pageSize: 20,
  ...extra,
});
const liveRecords = `from records where project_code = 'KH2026' and table_code = '${TABLE}' and deleted_at is null`;
const calls: Call[] = [
  {
    name: 'records list page 1',
    path: '/api/sync/queryDataList',
    body: listBody({}),
    floor: `select id ${liveRecords} order by time_submit desc, id desc limit 20`,
  },
  {
    name: 'records, section + state + 30 days',
    path: '/api/sync/queryDataList',
    body: listBody({ biaoduan: 'KH-BD02', codeState: '20', begin: addDays(today, -30), end: today }),
    floor: `select id ${liveRecords} and section_code = 'KH-BD02' and state = '20' and time_submit >= now() - interval '30 days' order by time_submit desc, id desc limit 20`,
  },
  {
    name: 'records, page 5,000 by cursor',
    path: '/api/sync/queryDataList',
    body: listBody({ pageNum: 5001, cursor }),
    floor: `select id ${liveRecords} and (time_submit, id) < ('${recent!.ts}'::timestamptz, '${recent!.id}'::uuid) order by time_submit desc, id desc limit 20`,
  },
  {
    name: 'records, keyword 马尾松 (trigram)',
    path: '/api/sync/queryDataList',
    body: listBody({ keyWords: '马尾松' }),
    floor: `select id ${liveRecords} and search_text like '%马尾松%' limit 20`,
  },
  {
    name: 'records, keyword 山脚 (2 characters)',
    path: '/api/sync/queryDataList',
    body: listBody({ keyWords: '山脚' }),
    floor: `select id ${liveRecords} and search_text like '%山脚%' limit 20`,
  },
  {
    name: 'record detail',
    path: '/api/sync/queryDataDetail',
    body: { id: anyRecord!.id },
    floor: `select id from records where id = '${anyRecord!.id}'`,
  },
  {
    name: 'workers list page 1',
    path: '/api/lwryUser/lwryList',
    body: { pageNum: 1, pageSize: 10 },
    floor: `select id from workers where project_code = 'KH2026' and deleted_at is null order by created_at desc, id desc limit 10`,
  },
  {
    name: 'workers, section + approved',
    path: '/api/lwryUser/lwryList',
    body: { pageNum: 1, pageSize: 10, sectionCode: 'KH-BD02', examineStatus: 1 },
    floor: `select id from workers where project_code = 'KH2026' and deleted_at is null and section_code = 'KH-BD02' and review_status = 1 order by created_at desc, id desc limit 10`,
  },
];

const only = process.env.BENCH_ONLY;
if (only) calls.splice(0, calls.length, ...calls.filter((c) => c.name.includes(only)));

/* ---------------------------------------------------------------- the exact statements */
// What the server sends for each call, captured in process (values substituted as literals for pgbench).
const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
const query = client.query.bind(client);
let capturing: { text: string; params: unknown[] }[] | null = null;
client.query = (...args: unknown[]) => {
  if (capturing) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    capturing.push({ text, params: (args[1] as unknown[] | undefined) ?? [] });
  }
  return query(...args);
};
const literal = (v: unknown) =>
  v === null || v === undefined
    ? 'null'
    : `'${(typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/'/g, "''")}'`;
const exact = new Map<string, string[]>();
/** A pgbench script running `statements` as one transaction. */
const pgbenchScript = (statements: string[]) => statements.map((s) => `${s};`).join('\n') + '\n';
for (const c of calls) {
  const send = () =>
    bench.app.inject({
      method: 'POST',
      url: c.path,
      headers: { token: bench.token },
      payload: c.body as object,
    });
  await send();
  await send();
  capturing = [];
  const res = await send();
  const sent = capturing;
  capturing = null;
  if (res.json().code !== 0) throw new Error(`${c.name}: ${res.body}`);
  exact.set(
    c.name,
    sent.map((s) =>
      s.text
        .replace(/\$(\d+)/g, (_, i: string) => literal(s.params[Number(i) - 1]))
        .replace(/\s+/g, ' ')
        // pgbench reads ':MI' as a variable; the same format with dots costs the same.
        .replace(/HH24:MI:SS/g, 'HH24.MI.SS'),
    ),
  );
  console.log(`  ${c.name}: ${sent.length} statement(s) when warm`);
  if (process.env.BENCH_STATEMENTS) {
    const file = join(process.env.BENCH_STATEMENTS, `${c.name.replace(/[^\w]+/g, '-')}.sql`);
    writeFileSync(file, pgbenchScript(exact.get(c.name)!));
  }
}

/* ---------------------------------------------------------------- measure */
// BENCH_PROFILE=<dir>: a CPU profile of each server process over each call's measured seconds
// (bench/cpuProfile.mjs, toggled by SIGUSR2), written as <dir>/<call>-<pid>.cpuprofile.
const profileDir = process.env.BENCH_PROFILE;
if (profileDir) {
  process.env.BENCH_PROFILE_DIR = profileDir;
  const preload = new URL('./cpuProfile.mjs', import.meta.url).pathname;
  process.env.SERVER_NODE_OPTIONS = `${process.env.SERVER_NODE_OPTIONS ?? ''} --import ${preload}`;
}
// BENCH_SERVER_ENTRY: another build's server (entryServer.ts), to compare two builds.
const entry = process.env.BENCH_SERVER_ENTRY;
const server = entry ? await entryServer(bench, entry) : await realServer(bench);
const pgUrl = bench.database.driver === 'postgres' ? (bench.config.databaseUrl ?? '') : '';

const meter = serverMeter(server, pgUrl);
const wrkOnly = (path: string, body: unknown, conns: number) => wrkCall(server, path, body, conns, seconds);
/** wrk, the server's processes profiled over its seconds when BENCH_PROFILE is set. */
const wrk = (path: string, body: unknown, conns: number, name = path) =>
  meter.profiled(profileDir, name, () => wrkOnly(path, body, conns));

/** pgbench running `statements` (one transaction each) at `conns` clients: tps and mean latency. */
function pgbench(statements: string[], conns: number): { tps: number; avg: number } {
  const file = join(tmpdir(), `pg-readpath-${process.pid}.sql`);
  writeFileSync(file, pgbenchScript(statements));
  const out = execFileSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', String(conns), '-j', '2', '-T', String(seconds), '-f', file, pgUrl],
    {
      encoding: 'utf8',
    },
  );
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0),
    avg: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN),
  };
}

const lines: string[] = [];
// The machine is shared: the 1-minute load average before the run and beside each figure.
const loadBefore = loadavg()[0]!.toFixed(1);
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
/** CPU per call (Node + PostgreSQL) over `run`, from /proc, and the two parts as text. */
async function cpuOver<T extends { rps: number }>(run: () => Promise<T>) {
  await meter.readBackends();
  const before = meter.sample();
  const result = await run();
  const used = meter.between(before, meter.sample());
  const calls = result.rps * seconds;
  const cpu = calls ? ((used.node + used.pg) / calls) * 1000 : NaN;
  const split = calls
    ? `${((used.node / calls) * 1000).toFixed(2)} + ${((used.pg / calls) * 1000).toFixed(2)}`
    : '';
  return { result, cpu, split };
}

wrkCall(server, '/api/health', undefined, concurrency, warmSeconds);
// Health's own CPU per call is the machine's yardstick: a call's cost beside it does not move with
// how fast this VM is today (its req/s went from 3,500 to 12,900 across sessions' machines).
const healthRun = await cpuOver(() => wrk('/api/health', undefined, concurrency, 'health'));
const health = healthRun.result;
lines.push(
  `| GET /api/health (Node's floor) | | | ${health.rps.toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, ${load()} | ${healthRun.cpu.toFixed(2)} ms (${healthRun.split}) |`,
);
for (const c of calls) {
  let floor = '';
  let stmt = '';
  if (pgUrl && process.env.BENCH_PGBENCH !== '0') {
    const f = pgbench([c.floor], concurrency);
    const e = pgbench(exact.get(c.name)!, concurrency);
    floor = `${f.tps.toFixed(0)} tps (${f.avg.toFixed(1)} ms)`;
    stmt = `${e.tps.toFixed(0)} tps (${e.avg.toFixed(1)} ms)`;
  }
  // A fresh server compiles the call's code and its pool's backends plan the statement on first
  // use: BENCH_WARM seconds (3) of the call first, so the figure is the steady call's cost.
  wrkCall(server, c.path, c.body, concurrency, warmSeconds);
  const { result: api, cpu, split } = await cpuOver(() => wrk(c.path, c.body, concurrency, c.name));
  lines.push(
    `| ${c.name} | ${floor} | ${stmt} | ${api.rps.toFixed(0)} req/s, p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms` +
      `${api.timeouts ? `, ${api.timeouts} timeouts` : ''}${api.non2xx ? `, ${api.non2xx} non-2xx` : ''} (${(api.rps / health.rps).toFixed(2)}× health), ${load()} | ${cpu.toFixed(2)} ms (${split}), ${(cpu / healthRun.cpu).toFixed(1)}× health's |`,
  );
  console.log(lines[lines.length - 1]);
}
// One caller (the PGlite target is list page 1 p50 at one caller), after a few seconds of one
// caller alone: PGlite answers one statement at a time, and the 50-caller runs leave a queue.
wrkOnly(calls[0]!.path, calls[0]!.body, 1);
const one = wrkOnly(calls[0]!.path, calls[0]!.body, 1);
lines.push(
  `one caller, records list page 1: ${one.rps.toFixed(0)} req/s, p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms`,
);

console.log(
  `\nRESULT ${database.driver}, ${nRecords} records, ${nWorkers} workers, ${concurrency} callers, SERVER_PROCESSES=${process.env.SERVER_PROCESSES ?? 1}, load ${loadBefore} before`,
);
console.log(
  "| call | floor (pgbench, index-only) | the API's exact statement(s) (pgbench) | the API (wrk) | CPU per call (Node + PostgreSQL) |",
);
console.log('|---|---|---|---|---|');
for (const l of lines) console.log(l);
await server.stop();
