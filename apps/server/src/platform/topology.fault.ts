import { clientPasswordHash } from '@pineguard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  collectUntilAcked,
  isRetryable,
  listOnce,
  load,
  newTally,
  paced,
  send,
  surveyRecord,
  uploadPhoto,
  within,
} from '../../test/traffic.ts';
import { hasNginx, type Topology, startTopology } from '../../test/topology.ts';

/**
 * The deployment of deploy/ (docs/operations.md "Several instances behind nginx") on this
 * machine: Debian's nginx with the repository's site file, two server instances, one PostgreSQL
 * database, one local S3. Everything is asked through the proxy unless a step needs one instance
 * in particular (then its own port, as another user's browser would reach it through nginx).
 * Figures (staleness, failover) are printed for the operations document.
 */

const ok = (a: Answer) => {
  expect(a.envelope?.code, `${a.status} ${a.body}`).toBe(0);
  return a.envelope!.value as never;
};
const figures: Record<string, number> = {};

describe.runIf(process.env.TEST_DATABASE_URL && hasNginx)('two instances behind nginx (deploy/)', () => {
  let top: Topology;
  let proxy: string;
  const direct = (i: number) => top.instances[i]!.url;
  const portOf = (i: number) => new URL(direct(i)).port;
  const signIn = async (base: string, account: string, password = 'pine2026', client = 2) =>
    (
      ok(
        await send(base, '/api/user/login', { account, password: clientPasswordHash(password), client }),
      ) as {
        token: string;
      }
    ).token;
  const rows = (query: SQL) => top.rows(query);
  let admin: string;
  let photo: string;

  beforeAll(async () => {
    top = await startTopology(2);
    proxy = top.proxy.url;
  }, 120_000);
  afterAll(async () => {
    console.log('topology figures', JSON.stringify(figures));
    await top?.close();
  });

  it('initialises, and keeps photos on the shared storage', async () => {
    // On one instance, with time to spare: the demo's accounts take a while on a busy machine.
    ok(
      await send(
        direct(0),
        '/api/system/init',
        {
          account: 'admin',
          password: clientPasswordHash('admin123'),
          name: '管理员',
          demo: true,
          demoScale: 0,
        },
        undefined,
        120_000,
      ),
    );
    admin = await signIn(proxy, 'demo_admin');
    ok(await send(proxy, '/api/user/selectProject', { prjCode: 'KH2026' }, admin));
    photo = await uploadPhoto(direct(0), admin);
    // Uploaded through one instance, the photo is a record's photo through the other.
    const made = ok(
      await send(direct(1), '/api/collect/records', { records: [surveyRecord(photo)] }, admin),
    ) as {
      results: { status: string }[];
    };
    expect(made.results.map((r) => r.status)).toEqual(['created']);
  });

  it("passes the request id through, sets the caller's address, answers JSON for a body over the limit", async () => {
    const given = await fetch(`${proxy}/api/health`, { headers: { 'x-request-id': 'topology-test-1' } });
    expect(given.headers.get('x-request-id')).toBe('topology-test-1');
    const made = await fetch(`${proxy}/api/health`);
    const id = made.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, used by the instance as its own
    expect((await top.proxy.served(id)).upstream).toMatch(/^127\.0\.0\.1:\d+$/);

    // TRUST_PROXY with nginx overwriting X-Forwarded-For: a caller cannot pick the address that
    // sign-in throttling counts (a forged header would let one address dodge the limit).
    await fetch(`${proxy}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ account: 'demo_admin', password: clientPasswordHash('wrong-1'), client: 2 }),
    });
    const keys = (await rows(sql`select key from login_failures`)).map((r) => String(r.key));
    expect(keys.some((k) => k.includes('127.0.0.1'))).toBe(true);
    expect(keys.filter((k) => k.includes('203.0.113.9'))).toEqual([]);

    const big = await fetch(`${proxy}/api/collect/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: admin },
      body: 'x'.repeat(13 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 41300 });
  });

  it('honours a session on either instance; sign-out and a password change are refused everywhere within 1 s', async () => {
    const login = await fetch(`${proxy}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo_jianli', password: clientPasswordHash('pine2026'), client: 2 }),
    });
    const token = ((await login.json()) as { value: { token: string } }).value.token;
    const signedInOn = (await top.proxy.served(login.headers.get('x-request-id')!)).upstream.split(':')[1];
    const other = signedInOn === portOf(0) ? 1 : 0;
    ok(await send(direct(other), '/api/user/self', undefined, token));
    for (let i = 0; i < 6; i++) ok(await send(proxy, '/api/user/self', undefined, token));
    const servedSelf = new Set(
      top.proxy
        .log()
        .filter((l) => l.uri === '/api/user/self')
        .map((l) => l.upstream),
    );
    expect(servedSelf.size).toBe(2);

    // Both instances remember the session (decision 0201); sign-out through one.
    const self = (i: number, t: string) => send(direct(i), '/api/user/self', undefined, t);
    ok(await send(direct(1 - other), '/api/user/loginOut', {}, token));
    figures.signOutMs = await within(
      1_000,
      () => self(other, token),
      (a: Answer) => a.envelope?.code !== 0,
    );
    expect(figures.signOutMs).toBeLessThanOrEqual(1_000);
    expect((await self(1 - other, token)).envelope?.code).not.toBe(0);

    const first = await signIn(direct(0), 'demo_bd');
    const second = await signIn(direct(1), 'demo_bd', 'pine2026', 1);
    for (const i of [0, 1]) for (const t of [first, second]) ok(await self(i, t));
    ok(
      await send(
        direct(0),
        '/api/user/password',
        { oldPassword: clientPasswordHash('pine2026'), newPassword: clientPasswordHash('pine2027') },
        first,
      ),
    );
    figures.passwordChangeMs = await within(
      1_000,
      () => self(1, second),
      (a: Answer) => a.envelope?.code !== 0,
    );
    expect(figures.passwordChangeMs).toBeLessThanOrEqual(1_000);
    expect((await self(0, second)).envelope?.code).not.toBe(0);
  });

  it('delivers a notice written through one instance to streams held by both within 1 s', async () => {
    const reader = await signIn(proxy, 'demo_jianli');
    ok(await send(proxy, '/api/user/selectProject', { prjCode: 'KH2026' }, reader));
    const streams = [0, 1].map(() => {
      const abort = new AbortController();
      const events: { at: number; unread: number }[] = [];
      const done = fetch(`${proxy}/api/notice/stream`, {
        headers: { accept: 'text/event-stream', token: reader },
        signal: abort.signal,
      })
        .then(async (res) => {
          const decoder = new TextDecoder();
          let buffered = '';
          for await (const chunk of res.body!) {
            buffered += decoder.decode(chunk as Uint8Array, { stream: true });
            for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
              const data = buffered.slice(0, end).match(/^data: (.*)$/m)?.[1];
              buffered = buffered.slice(end + 2);
              if (data)
                events.push({
                  at: performance.now(),
                  unread: (JSON.parse(data) as { unread: number }).unread,
                });
            }
          }
        })
        .catch(() => undefined);
      return { abort, events, done };
    });
    await within(
      2_000,
      async () => streams.every((s) => s.events.length > 0),
      (v: boolean) => v,
    );
    const before = streams[0]!.events[0]!.unread;

    const sentAt = performance.now();
    ok(await send(direct(0), '/api/notice/send', { text: '多实例测试 topology test' }, admin));
    await within(
      1_000,
      async () => streams.every((s) => s.events.some((e) => e.unread > before)),
      (v: boolean) => v,
    );
    const delays = streams.map((s) => Math.round(s.events.find((e) => e.unread > before)!.at - sentAt));
    figures.noticeToStreamsMs = Math.max(...delays);
    expect(figures.noticeToStreamsMs).toBeLessThanOrEqual(1_000);
    for (const s of streams) s.abort.abort();
    await Promise.all(streams.map((s) => s.done));
    // nginx logs a stream when it ends: the two were held by different instances.
    const held = () =>
      top.proxy
        .log()
        .filter((l) => l.uri === '/api/notice/stream')
        .map((l) => l.upstream);
    await within(
      2_000,
      async () => held().length,
      (n: number) => n >= 2,
    );
    expect(new Set(held()).size).toBe(2);
  });

  it("shows a record approved through one instance in the other one's dashboard, totals, map and list within 2 s", async () => {
    const token = admin;
    ok(await send(direct(0), '/api/collect/records', { records: [surveyRecord(photo)] }, token));
    const waiting = (
      await send(
        direct(0),
        '/api/sync/queryDataList',
        { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 1, codeState: '10' },
        token,
      )
    ).envelope!.value as { result: { list: { id: string }[] } };
    const id = waiting.result.list[0]!.id;
    const views: Record<string, () => Promise<string>> = {
      dashboard: async () =>
        JSON.stringify(ok(await send(direct(1), '/api/home/data?scope=project', undefined, token))),
      totals: async () =>
        JSON.stringify(ok(await send(direct(1), '/api/data/tableSummary?prjCode=KH2026', undefined, token))),
      map: async () =>
        JSON.stringify(
          ok(
            await send(
              direct(1),
              '/api/gis/cells?zoom=8&west=116&south=27&east=121&north=32&codeState=20',
              undefined,
              token,
            ),
          ),
        ),
      list: async () =>
        JSON.stringify(
          (
            ok(
              await send(
                direct(1),
                '/api/sync/queryDataList',
                { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 5, codeState: '20' },
                token,
              ),
            ) as {
              result: unknown;
            }
          ).result,
        ),
    };
    // Instance 1 has each answer in its caches (asked twice).
    const before: Record<string, string> = {};
    for (const [name, read] of Object.entries(views)) {
      await read();
      before[name] = await read();
    }
    ok(await send(direct(0), '/api/data/examine', { ids: [id], action: 'approve' }, token));
    const seen = await Promise.all(
      Object.entries(views).map(
        async ([name, read]) => [name, await within(2_000, read, (v: string) => v !== before[name])] as const,
      ),
    );
    for (const [name, ms] of seen) {
      figures[`approvedTo_${name}Ms`] = ms;
      expect(ms, name).toBeLessThanOrEqual(2_000);
    }
  });

  it('runs each export job exactly once with both instances polling; its file is served by either', async () => {
    const started = await Promise.all(
      [0, 1, 0, 1].map(
        async (i) =>
          (
            ok(
              await send(direct(i), '/python/export/excel?prjCode=KH2026&prjStandCode=gbksdc0101', {}, admin),
            ) as { id: string }
          ).id,
      ),
    );
    type Made = { id: string; status: number; downloadUrl: string };
    const finished = () => send(proxy, '/api/download/recordList', undefined, admin);
    await within(10_000, finished, (a: Answer) =>
      started.every((id) => (a.envelope!.value as Made[]).find((r) => r.id === id)?.status === 1),
    );
    // The export record is finished a moment before its job row: wait for the rows to settle.
    const jobs = () =>
      rows(sql`select j.status, j.attempts from jobs j join export_records e on e.job_id = j.id
               where e.id = any(${`{${started.join(',')}}`}::uuid[])`);
    await within(5_000, jobs, (j: { status: string }[]) => j.every((x) => x.status === 'done'));
    expect(await jobs()).toEqual(started.map(() => ({ status: 'done', attempts: 1 })));
    const list = (await finished()).envelope!.value as Made[];
    for (const i of [0, 1]) {
      const file = await fetch(`${direct(i)}${list.find((r) => r.id === started[0])!.downloadUrl}`, {
        headers: { token: admin },
      });
      expect(file.status).toBe(200);
    }
  });

  it('kill -9 of one instance under load: no acknowledged write lost or doubled, only retryable errors', async () => {
    const [{ n: countBefore }] = (await rows(sql`select count(*)::int as n from records`)) as [{ n: number }];
    const writes = newTally();
    const reads = newTally();
    const stop = new Promise<void>((r) => setTimeout(r, 20_000));
    const killed = new Promise<void>((r) => setTimeout(r, 6_000)).then(() => top.kill(0));
    await Promise.all([
      load(3, () => collectUntilAcked(proxy, admin, photo, 5, writes), stop),
      load(3, () => listOnce(proxy, admin, reads), stop),
      killed,
    ]);
    figures.killWrites = writes.ok;
    figures.killReads = reads.ok;
    figures.killRetryable = writes.retryable + reads.retryable;
    figures.killLongestOutageMs = Math.round(writes.longestOutageMs);
    expect(writes.bad).toEqual([]);
    expect(reads.bad).toEqual([]);
    expect(writes.acked.size).toBeGreaterThan(100);

    const ids = [...writes.acked];
    const [{ n: stored }] = (await rows(
      sql`select count(*)::int as n from records where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    )) as [{ n: number }];
    const [{ n: countAfter }] = (await rows(sql`select count(*)::int as n from records`)) as [{ n: number }];
    expect(stored).toBe(ids.length); // none lost
    expect(countAfter - countBefore).toBe(ids.length); // none twice, nothing unacknowledged kept
    await top.start(0);
  });

  it('rolls a restart through both instances with 0 failed calls at 20 calls/s', async () => {
    const failures: string[] = [];
    const strict = async (n: number) => {
      // Mostly reads, as a working day's traffic is; a record batch every half second.
      const call =
        n % 10 === 0
          ? send(proxy, '/api/collect/records', { records: [surveyRecord(photo)] }, admin)
          : n % 3 === 0
            ? send(proxy, '/api/home/data?scope=project', undefined, admin)
            : send(
                proxy,
                '/api/sync/queryDataList',
                { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20 },
                admin,
              );
      const a = await call.catch((e: Error) => e);
      if (a instanceof Error) failures.push(a.message);
      else if (a.envelope?.code !== 0)
        failures.push(`${isRetryable(a) ? 'retryable ' : ''}${a.status} ${a.body}`);
    };
    const servedBy = (i: number, from: number) => {
      const port = portOf(i);
      return top.proxy
        .log()
        .slice(from)
        .filter((l) => l.upstream.endsWith(`:${port}`)).length;
    };
    let roll!: () => void;
    const rolled = new Promise<void>((r) => (roll = r));
    const calls = paced(20, strict, rolled);
    for (const i of [0, 1]) {
      const restartedAt = performance.now();
      await top.restart(i);
      // Back in nginx's list: the next instance is stopped only once this one serves again.
      const from = top.proxy.log().length;
      await within(
        10_000,
        async () => servedBy(i, from),
        (n: number) => n > 0,
      );
      figures[`rollingBack_${i}Ms`] = Math.round(performance.now() - restartedAt);
    }
    roll();
    figures.rollingCalls = await calls;
    expect(failures).toEqual([]);
  });
});
