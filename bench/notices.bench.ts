import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { notices, users } from '../apps/server/src/db/schema/index.ts';
import { notify } from '../apps/server/src/features/notices/index.ts';
import { benchServer } from './benchServer.ts';
import { closedLoop, pct } from './load.ts';

/**
 * The message centre's push (issue 17): BENCH_STREAMS (default 1,000) open event streams of the
 * unread badge must not raise the p99 of other calls by more than 20 %.
 *   1. BENCH_NOTICES (default 100,000) notices are loaded over the demo users;
 *   2. baseline: BENCH_CONCURRENCY (default 50) callers loop over other calls (user/self, the
 *      notice list, the unread count, a record list) for BENCH_SECONDS; p50/p99;
 *   3. the same load with BENCH_STREAMS streams open and BENCH_NOTIFY_PER_S (default 20) new
 *      notices a second to random demo users (each pushed to that user's streams); p50/p99, and
 *      the delay from writing a notice to its event arriving on a stream (p50/p99);
 *   4. RESULT: the rise of p99 (target ≤ 20 %), events delivered, streams still open.
 * Through real HTTP on a listening server (streams cannot be injected). PGlite in a temporary
 * directory by default; BENCH_DATABASE_URL=postgres://…/postgres creates and drops a database
 * (BENCH_DB_NAME, BENCH_KEEP=1 keeps it). Smoke: BENCH_NOTICES=2000 BENCH_STREAMS=50 BENCH_SECONDS=3
 */
const TOTAL = Number(process.env.BENCH_NOTICES ?? 100_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const notifyPerSecond = Number(process.env.BENCH_NOTIFY_PER_S ?? 20);
// Initialised with the demo through benchServer; then served over real HTTP (streams cannot be injected).
const { app, database, close } = await benchServer('notices');
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: { code: number; value: unknown; message: string } }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${path}`,
      {
        method,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signIn = async (account: string, pw: string) => {
  const res = await request('POST', '/api/user/login', {}, { account, password: clientPasswordHash(pw) });
  const token = (res.json.value as { token: string }).token;
  await request('POST', '/api/user/selectProject', { token }, { prjCode: 'KH2026' });
  return token;
};
const accounts = ['demo_admin', 'demo_jianli', 'demo_bd', 'demo_gov'];
const tokens = [await signIn('bench', 'bench123')];
for (const a of accounts) tokens.push(await signIn(a, 'pine2026'));
const { db } = database;
const people = await db.select({ id: users.id, account: users.account }).from(users);
const recipients = people
  .filter((p) => p.account === 'bench' || accounts.includes(p.account))
  .map((p) => p.id);

// 1. Load notices over the demo users (a tenth unread), then ANALYZE.
const t0 = performance.now();
for (let done = 0; done < TOTAL;) {
  const rows: (typeof notices.$inferInsert)[] = [];
  for (let i = 0; i < 2000 && done < TOTAL; i++, done++) {
    rows.push({
      recipientId: recipients[done % recipients.length]!,
      projectCode: 'KH2026',
      kind: 'announcement',
      text: `压测通知 ${done}`,
      createdAt: new Date(Date.now() - (done % 80) * 86_400_000 - done * 1000),
      readAt: done % 10 === 0 ? null : new Date(),
    });
  }
  await db.insert(notices).values(rows);
}
await db.execute(sql`analyze notices`);
console.log(
  `notices bench on ${database.driver}: loaded ${TOTAL} notices in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
    `${concurrency} callers, ${STREAMS} streams, ${notifyPerSecond} notices/s, ${seconds} s per phase`,
);

const calls: { name: string; run: (token: string) => Promise<unknown> }[] = [
  { name: 'user/self', run: (token) => request('GET', '/api/user/self', { token }) },
  {
    name: 'notice/list',
    run: (token) => request('POST', '/api/notice/list', { token }, { pageNum: 1, pageSize: 10 }),
  },
  { name: 'notice/unreadCount', run: (token) => request('GET', '/api/notice/unreadCount', { token }) },
  {
    name: 'sync/queryDataList',
    run: (token) =>
      request(
        'POST',
        '/api/sync/queryDataList',
        { token },
        { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 10 },
      ),
  },
];

async function load(label: string) {
  let errors = 0;
  // The callers go round the calls and the demo users in turn.
  let next = 0;
  const times = await closedLoop(
    async () => {
      const i = next++;
      const call = calls[i % calls.length]!;
      try {
        const res = (await call.run(tokens[i % tokens.length]!)) as { json: { code: number } };
        if (res.json.code !== 0) errors++;
      } catch {
        errors++;
      }
    },
    concurrency,
    seconds,
  );
  const figures = {
    calls: times.length,
    rps: times.length / seconds,
    p50: pct(times, 50),
    p99: pct(times, 99),
    errors,
  };
  console.log(
    `${label}: ${figures.calls} calls (${figures.rps.toFixed(0)}/s), p50 ${figures.p50.toFixed(1)} ms, ` +
      `p99 ${figures.p99.toFixed(1)} ms, errors ${errors}`,
  );
  return figures;
}

// 2. Baseline.
await load('warm-up');
const before = await load('other calls, no streams');

// 3. Streams open: each parses its events; a notice's text carries the time it was written.
const delays: number[] = [];
let events = 0;
let open = 0;
const streams: http.ClientRequest[] = [];
const opened = Array.from(
  { length: STREAMS },
  (_, i) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${origin}/api/notice/stream`,
        { agent: false, headers: { accept: 'text/event-stream', token: tokens[i % tokens.length]! } },
        (res) => {
          if (!String(res.headers['content-type']).includes('text/event-stream')) {
            reject(new Error(`stream ${i}: ${res.statusCode}`));
            return;
          }
          open++;
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, at);
              buffer = buffer.slice(at + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (!data) continue;
              events++;
              if (events === 1) resolve();
              const sent = /@(\d+(\.\d+)?)$/.exec(
                (JSON.parse(data.slice(6)) as { notice?: { text: string } }).notice?.text ?? '',
              );
              if (sent) delays.push(performance.timeOrigin + performance.now() - Number(sent[1]));
            }
            resolve();
          });
          res.on('close', () => open--);
        },
      );
      req.on('error', reject);
      streams.push(req);
    }),
);
await Promise.all(opened);
console.log(`${open} streams open`);
let writing = true;
const writer = (async () => {
  let n = 0;
  while (writing) {
    const at = performance.timeOrigin + performance.now();
    await notify(
      { database },
      {
        recipientId: recipients[n++ % recipients.length]!,
        projectCode: 'KH2026',
        kind: 'announcement',
        text: `推送 @${at}`,
      },
    );
    await new Promise((r) => setTimeout(r, 1000 / notifyPerSecond));
  }
})();
const during = await load(`other calls, ${STREAMS} streams open`);
writing = false;
await writer;
const stillOpen = open;
for (const s of streams) s.destroy();
delays.sort((a, b) => a - b);

const rise = ((during.p99 - before.p99) / before.p99) * 100;
console.log('RESULT');
console.log(
  `  p99 of other calls: ${before.p99.toFixed(1)} ms without streams, ${during.p99.toFixed(1)} ms with ${STREAMS}`,
);
console.log(`  rise ${rise.toFixed(1)} % (target ≤ 20 %): ${rise <= 20 ? 'met' : 'NOT met'}`);
console.log(
  `  throughput ${before.rps.toFixed(0)}/s → ${during.rps.toFixed(0)}/s; errors ${before.errors} / ${during.errors}`,
);
console.log(
  `  events ${events}; notice to stream delay p50 ${pct(delays, 50).toFixed(1)} ms, p99 ${pct(delays, 99).toFixed(1)} ms ` +
    `over ${delays.length} deliveries; ${stillOpen} of ${STREAMS} streams open at the end`,
);

await close();
process.exit(0);
