import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientPasswordHash } from '@pineguard/contract';
import { spawnServer } from '../apps/server/test/spawn.ts';
import { pct } from './load.ts';

/**
 * Soak: SOAK_USERS simulated users (default 200) for SOAK_MINUTES (default 10) against the real
 * server as a child process (PGlite on a temp dir, or PostgreSQL with DATABASE_URL pointing at an
 * EMPTY database the bench may initialise). Each user signs in once, then loops over a realistic
 * mix — record lists, details, worker and user lists, record ingestion (batches of 5), small photo
 * uploads, the worker Excel export, `self` — with SOAK_THINK_MS of think time (default 0: 200
 * calls in flight). Prints per-minute requests, p50/p99 and errors, and the server's RSS at start,
 * after minute 1 and at the end, with the growth ratios.
 *
 *   npx tsx bench/soak.bench.ts                                   # 200 users × 10 min, PGlite
 *   SOAK_USERS=20 SOAK_MINUTES=1 npx tsx bench/soak.bench.ts      # smoke
 *   DATABASE_URL=postgres://…/empty_db npx tsx bench/soak.bench.ts
 */
const USERS = Number(process.env.SOAK_USERS ?? 200);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 0);
const SETUP_CONCURRENCY = Number(process.env.SOAK_SETUP_CONCURRENCY ?? 4);

const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-soak-'));
// All simulated users sign in from this one address at once: the per-address sign-in limit (which
// reserves each attempt before the password check) would refuse all but the first 20 of them.
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  LOGIN_MAX_FAILURES_PER_ADDRESS: String(USERS * 10),
};
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
// The server's own Node and allocator settings, apart from this load generator's.
if (process.env.SOAK_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SOAK_SERVER_NODE_OPTIONS;
if (process.env.SOAK_SERVER_MALLOC_ARENA_MAX) env.MALLOC_ARENA_MAX = process.env.SOAK_SERVER_MALLOC_ARENA_MAX;
const server = await spawnServer(env);
const rss = () => {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

type Envelope<T = unknown> = { code: number; message: string; value: T };
async function call<T>(path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  if (!/json/.test(res.headers.get('content-type') ?? '')) {
    await res.arrayBuffer();
    return { code: res.ok ? 0 : res.status, message: 'file', value: null as T };
  }
  return (await res.json()) as Envelope<T>;
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
async function upload(token: string): Promise<Envelope<{ id: string }>> {
  const form = new FormData();
  const bytes = Buffer.concat([png, randomBytes(2048)]);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'soak.png');
  const res = await fetch(`${server.url}/api/file/upload?kind=photo`, {
    method: 'POST',
    headers: { token },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as Envelope<{ id: string }>;
}

// Set-up: the system with demo data, one account per simulated user (project administrators of
// KH2026, so every call of the mix is theirs to make).
const password = clientPasswordHash('soak123');
const init = await call('/api/system/init', {
  account: 'admin',
  password,
  name: '压测',
  demo: true,
  demoScale: 0,
});
if (init.code !== 0) throw new Error(`init: ${init.message} (DATABASE_URL must be an empty database)`);
const admin = (await call<{ token: string }>('/api/user/login', { account: 'admin', password, client: 2 }))
  .value.token;
await call('/api/user/selectProject', { prjCode: 'KH2026' }, admin);
const roles = await call<{ id: number; code: string }[]>('/api/common/role', undefined, admin);
const projectAdmin = roles.value.find((r) => r.code === 'project_admin')!.id;
for (let i = 0; i < USERS; i++) {
  const res = await call(
    '/api/user/addUser',
    {
      account: `soak${i}`,
      password,
      name: `压测用户${i}`,
      roleIds: [projectAdmin],
    },
    admin,
  );
  if (res.code !== 0) throw new Error(`addUser soak${i}: ${res.message}`);
}
let rssStart = rss();

type Sample = { minute: number; ms: number; ok: boolean; op: string };
const samples: Sample[] = [];
const failures = new Map<string, number>();
// The clock starts once every user has signed in: minute 1 is traffic, not 200 scrypt sign-ins.
let started = performance.now();
let endAt = started + MINUTES * 60_000;
const minuteOf = () => Math.floor((performance.now() - started) / 60_000);

async function timed(op: string, run: () => Promise<Envelope>) {
  const t0 = performance.now();
  let ok = false;
  try {
    const res = await run();
    ok = res.code === 0;
    if (!ok)
      failures.set(
        `${op}: ${res.code} ${res.message}`,
        (failures.get(`${op}: ${res.code} ${res.message}`) ?? 0) + 1,
      );
  } catch (error) {
    failures.set(
      `${op}: ${(error as Error).message}`,
      (failures.get(`${op}: ${(error as Error).message}`) ?? 0) + 1,
    );
  }
  samples.push({ minute: minuteOf(), ms: performance.now() - t0, ok, op });
}

/** A user's sign-in, project and first photo; a slow answer (a loaded machine) is an error, tried again. */
async function setUp(i: number) {
  for (;;) {
    try {
      const login = await call<{ token: string }>('/api/user/login', {
        account: `soak${i}`,
        password,
        client: 2,
      });
      if (login.code !== 0) throw new Error(`sign-in of soak${i}: ${login.code} ${login.message}`);
      const token = login.value.token;
      await call('/api/user/selectProject', { prjCode: 'KH2026' }, token);
      const photo = (await upload(token)).value.id;
      const workers = await call<{ list: { id: string }[] }>(
        '/api/lwryUser/lwryList',
        { pageNum: 1, pageSize: 20 },
        token,
      );
      return { token, photo, workerIds: workers.value?.list.map((w) => w.id) ?? [] };
    } catch (error) {
      const what = `set-up: ${(error as Error).message}`;
      failures.set(what, (failures.get(what) ?? 0) + 1);
      if (performance.now() >= endAt) return undefined;
    }
  }
}

async function user(ready: Awaited<ReturnType<typeof setUp>>) {
  if (!ready) return;
  const { token, photo, workerIds } = ready;
  const mine: string[] = [];
  while (performance.now() < endAt) {
    const roll = Math.random();
    if (roll < 0.2) {
      await timed('queryDataList', () =>
        call(
          '/api/sync/queryDataList',
          { prjStandCode: 'gbksdc0101', pageNum: 1 + Math.floor(Math.random() * 5), pageSize: 20 },
          token,
        ),
      );
    } else if (roll < 0.3) {
      await timed('lwryList', () => call('/api/lwryUser/lwryList', { pageNum: 1, pageSize: 20 }, token));
    } else if (roll < 0.35) {
      await timed('userList', () => call('/api/user/userList', { pageNum: 1, pageSize: 20 }, token));
    } else if (roll < 0.5 && mine.length) {
      const id = mine[Math.floor(Math.random() * mine.length)]!;
      await timed('queryDataDetail', () => call('/api/sync/queryDataDetail', { id }, token));
    } else if (roll < 0.55 && workerIds.length) {
      const id = workerIds[Math.floor(Math.random() * workerIds.length)]!;
      await timed('lwryUser/detail', () => call(`/api/lwryUser/detail?id=${id}`, undefined, token));
    } else if (roll < 0.8) {
      const batch = Array.from({ length: 5 }, () => ({
        uuid: randomUUID(),
        tableCode: 'gbksdc0101',
        sectionCode: 'KH-BD01',
        timeSubmit: new Date().toISOString(),
        gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
        fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [photo] },
      }));
      await timed('collect/records ×5', async () => {
        const res = await call('/api/collect/records', { records: batch }, token);
        if (res.code === 0) mine.push(...batch.map((r) => r.uuid).slice(0, 2));
        return res;
      });
    } else if (roll < 0.9) {
      await timed('file/upload', () => upload(token));
    } else if (roll < 0.92) {
      await timed('lwryListExcelExport', () => call('/api/lwryUser/lwryListExcelExport', {}, token));
    } else {
      await timed('user/self', () => call('/api/user/self', undefined, token));
    }
    if (THINK_MS) await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
  }
}

let rssMinute1 = 0;
let printed = 0;
let traffic = false;
function report(upTo: number) {
  while (printed < upTo) {
    const m = samples.filter((s) => s.minute === printed);
    const ms = m.map((s) => s.ms).sort((a, b) => a - b);
    const mem = rss();
    if (printed === 0) rssMinute1 = mem;
    console.log(
      `minute ${String(printed + 1).padStart(2)}: ${String(m.length).padStart(6)} req  p50 ${pct(ms, 50).toFixed(0).padStart(5)} ms  p99 ${pct(ms, 99).toFixed(0).padStart(6)} ms  errors ${m.filter((s) => !s.ok).length}  server RSS ${mem.toFixed(0)} MB`,
    );
    printed++;
  }
}
const reporter = setInterval(() => traffic && report(minuteOf()), 1000);

console.log(
  `soak: ${USERS} users × ${MINUTES} min on ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, think ${THINK_MS} ms; server RSS before set-up ${rssStart.toFixed(0)} MB`,
);
// Sign-ins a few at a time: each runs scrypt on purpose, and 200 at once only time out and retry.
const ready: Awaited<ReturnType<typeof setUp>>[] = [];
let nextUser = 0;
await Promise.all(
  Array.from({ length: SETUP_CONCURRENCY }, async () => {
    while (nextUser < USERS) {
      const i = nextUser++;
      ready[i] = await setUp(i);
    }
  }),
);
const setUpErrors = [...failures.values()].reduce((a, b) => a + b, 0);
console.log(
  `set-up: ${ready.filter(Boolean).length} of ${USERS} users signed in in ${((performance.now() - started) / 1000).toFixed(0)} s (${setUpErrors} retries)`,
);
rssStart = rss();
started = performance.now();
endAt = started + MINUTES * 60_000;
traffic = true;
await Promise.all(ready.map(user));
clearInterval(reporter);
report(MINUTES);
const rssEnd = rss();
const all = samples.map((s) => s.ms).sort((a, b) => a - b);
console.log(
  `total: ${samples.length} req  p50 ${pct(all, 50).toFixed(0)} ms  p99 ${pct(all, 99).toFixed(0)} ms  errors ${samples.filter((s) => !s.ok).length}`,
);
const byOp = new Map<string, number[]>();
for (const s of samples) byOp.set(s.op, [...(byOp.get(s.op) ?? []), s.ms]);
for (const [op, xs] of byOp) {
  xs.sort((a, b) => a - b);
  console.log(
    `  ${op.padEnd(22)} ${String(xs.length).padStart(6)} req  p50 ${pct(xs, 50).toFixed(0)} ms  p99 ${pct(xs, 99).toFixed(0)} ms`,
  );
}
for (const [what, n] of failures) console.log(`  error ×${n}: ${what}`);
console.log(
  `server RSS: after set-up ${rssStart.toFixed(0)} MB, after minute 1 ${(rssMinute1 || rssEnd).toFixed(0)} MB, end ${rssEnd.toFixed(0)} MB; end/after set-up ${(rssEnd / rssStart).toFixed(2)}×, end/minute 1 ${(rssEnd / (rssMinute1 || rssEnd)).toFixed(2)}×`,
);
await server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
