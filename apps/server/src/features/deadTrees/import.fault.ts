import { clientPasswordHash, type KsssUploadItem } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import {
  callBusyServer,
  type Envelope,
  faultStore,
  freePort,
  type ServerProcess,
  spawnServer,
} from '../../../test/spawn.ts';
import { bigCensusWorkbook } from './fixture.ts';

/**
 * kill -9 of the real server (a child process) in the middle of a census import job, then a
 * restart on the same data: the job's lease runs out, another claim takes it up, and the file is
 * imported exactly once — no half import, no duplicate trees, one task. On PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh database), else on a PGlite data directory.
 */
const call = callBusyServer;

// Progress shows from 5 % of the file read (polled every 250 ms); 15,000 rows keep the import
// reading and writing for seconds after the kill's cue.
const ROWS = 15_000;

describe('kill -9 during a census import', () => {
  const store = faultStore('pineguard-import-fault');
  const dataDir = store.dataDir;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await store.drop();
  });

  it(`imports the file exactly once after a restart (${store.label})`, async () => {
    // A short lease, so the killed instance's claim runs out soon after the restart; not shorter:
    // at 3 s the restarted run's heartbeat, queued behind its own work on PGlite's one connection at
    // load 12, came late and its own process took the job back as interrupted (its last attempt).
    const env: Record<string, string> = { ...(await store.open()), JOB_LEASE_SECONDS: '8' };
    const port = await freePort();
    server = await spawnServer(env, port);
    const init = await call(
      server.url,
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
    );
    expect(init.code, init.message).toBe(0);
    const login = await call<{ token: string }>(server.url, '/api/user/login', {
      account: 'demo_admin',
      password: clientPasswordHash('pine2026'),
    });
    const token = login.value.token;
    await call(server.url, '/api/user/selectProject', { prjCode: 'KH2026' }, token);
    const trees = async () =>
      (await call<{ total: number }>(server!.url, '/api/sync/ksssDetailList', { pageSize: 1 }, token)).value
        .total;
    const before = await trees(); // the demo census: well under 10,000, counted exactly

    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await bigCensusWorkbook(ROWS))], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      'census-15k.xlsx',
    );
    const uploaded = (await (
      await fetch(`${server.url}/api/sync/ksssExcelUpload`, {
        method: 'POST',
        headers: { token },
        body: form,
      })
    ).json()) as Envelope<KsssUploadItem>;
    expect(uploaded.code, uploaded.message).toBe(0);
    const id = uploaded.value.id;
    const task = async () =>
      (await call<KsssUploadItem>(server!.url, `/api/sync/ksssUploadTask?id=${id}`, undefined, token)).value;

    // Kill -9 once the job is importing (reading the file), before it ends.
    const deadline = Date.now() + 120_000;
    let seen = await task();
    while (!(seen.state === 1 && seen.progress > 0) && seen.state < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await task();
    }
    await server.kill('SIGKILL');
    expect(seen.state, 'the import was still running at the kill (make the file bigger if not)').toBe(1);

    server = await spawnServer(env, port);
    // Nothing of the file was written by the killed run.
    expect(await trees()).toBe(before);
    const until = Date.now() + 240_000;
    let after = await task();
    while (after.state < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      after = await task();
    }
    expect(after, after.message).toMatchObject({ state: 2, rows: ROWS, accepted: ROWS, rejected: 0 });
    const tasks = await call<{ list: KsssUploadItem[] }>(
      server.url,
      '/api/sync/ksssExcelUploadList',
      { pageSize: 100 },
      token,
    );
    expect(tasks.value.list.filter((r) => r.fileName === 'census-15k.xlsx')).toHaveLength(1);

    // The list's total is an estimate beyond 10,000: count exactly in the database, server stopped.
    await server.kill('SIGTERM');
    server = undefined;
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const [mine] = await rows(
        sql`select count(*)::int as n, count(distinct tree_no)::int as d from dead_trees where import_id = ${id}`,
      );
      expect(mine).toEqual({ n: ROWS, d: ROWS });
      const [all] = await rows(sql`select count(*)::int as n from dead_trees where project_code = 'KH2026'`);
      expect(all!.n).toBe(before + ROWS);
      const [job] = await rows(sql`select status, attempts from jobs where unique_key = ${id}`);
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await db.close();
    }
  }, 600_000);
});
