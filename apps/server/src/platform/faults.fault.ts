import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { clientPasswordHash } from '@pineguard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callServer as call,
  type Envelope,
  faultStore,
  freePort,
  type ServerProcess,
  spawnServer,
} from '../../test/spawn.ts';

/**
 * Faults, with the real server as a child process:
 * - kill -9 during a stream of writes (record batches and photo uploads), then a restart on the
 *   same data: every acknowledged write is there, every batch is whole or absent, every
 *   acknowledged upload is served whole, and no temporary upload file is left. On PostgreSQL when
 *   TEST_DATABASE_URL is set (a fresh database), else on a PGlite data directory.
 * - PostgreSQL stopped under traffic (a private instance from initdb on its own port, never the
 *   shared cluster; run in the embedded pass only): the server answers every call with the
 *   envelope while the database is down, without hanging or exiting, and serves again by itself
 *   once the database is back.
 */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function signIn(url: string, account: string, password: string, client = 2) {
  const { envelope } = await call<{ token: string }>(url, '/api/user/login', {
    account,
    password: clientPasswordHash(password),
    client,
  });
  if (envelope.code !== 0) throw new Error(`${account}: ${envelope.message}`);
  const token = envelope.value.token;
  await call(url, '/api/user/selectProject', { prjCode: 'KH2026' }, token);
  return token;
}

async function upload(url: string, token: string, bytes: Buffer, timeoutMs = 15_000) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'tree.png');
  const res = await fetch(`${url}/api/file/upload?kind=photo`, {
    method: 'POST',
    headers: { token },
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await res.json()) as Envelope<{ id: string }>;
}

const census = (photo: string) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: new Date().toISOString(),
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [photo] },
});

function partFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.includes('.part-')) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

describe('kill -9 during writes', () => {
  const store = faultStore('pineguard-fault');
  const dataDir = store.dataDir;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await store.drop();
  });

  it(`loses no acknowledged write and leaves no half batch or partial file (${store.label})`, async () => {
    const env: Record<string, string> = {
      ...(await store.open()),
      MEDIA_URL_SECRET: 'fault-test-secret-0123456789abcdef',
    };
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
    expect(init.envelope.code, init.envelope.message).toBe(0);
    const worker = await signIn(server.url, 'demo_worker', 'pine2026', 1);
    const reader = await signIn(server.url, 'demo_admin', 'pine2026');
    const photo = await upload(server.url, worker, png);
    expect(photo.code, photo.message).toBe(0);

    const ackedBatches: string[][] = [];
    const unackedBatches: string[][] = [];
    const ackedUploads: { id: string; sha: string }[] = [];
    const cutUploads: string[] = [];
    for (const round of [1, 2]) {
      let stop = false;
      let paused = false;
      const writers = Array.from({ length: 4 }, async (_, w) => {
        while (!stop) {
          if (w === 3) {
            // Uploads of ~256 KB: a kill lands in the middle of some.
            const bytes = Buffer.concat([png, randomBytes(256 * 1024)]);
            // No short timeout: on a busy machine an upload waits behind the batches for PGlite's
            // one connection longer than 15 s, and aborting it would retry forever; the kill ends it.
            const res = await upload(server!.url, worker, bytes, 150_000).catch(() => undefined);
            if (res?.code === 0) {
              ackedUploads.push({ id: res.value.id, sha: createHash('sha256').update(bytes).digest('hex') });
            }
            continue;
          }
          if (paused) {
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          const batch = Array.from({ length: 20 }, () => census(photo.value.id));
          const ids = batch.map((r) => r.uuid);
          const res = await call<{ results: { status: string }[] }>(
            server!.url,
            '/api/collect/records',
            { records: batch },
            worker,
          ).catch(() => undefined);
          if (res?.envelope.code === 0 && res.envelope.value.results.every((r) => r.status === 'created')) {
            ackedBatches.push(ids);
          } else {
            unackedBatches.push(ids);
          }
        }
      });
      // Let writes flow, then kill -9 in the middle of them. On PGlite's one connection the
      // batches and their evidence checks can hold an upload back for minutes on a busy machine:
      // once the batches have run a while, they pause until an upload is acknowledged, then run
      // again so that the kill still lands among both kinds of write.
      const until = (ms: number) => Date.now() + ms;
      const waitFor = async (done: () => boolean, deadline: number) => {
        while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      };
      const ackedBefore = ackedBatches.length;
      const uploadsBefore = ackedUploads.length;
      await waitFor(() => ackedBatches.length >= ackedBefore + 10, until(120_000));
      paused = true;
      await waitFor(() => ackedUploads.length > uploadsBefore, until(150_000));
      paused = false;
      const resumedAt = ackedBatches.length;
      await waitFor(() => ackedBatches.length >= resumedAt + 2, until(60_000));
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      expect(ackedBatches.length, `round ${round}: writes were acknowledged before the kill`).toBeGreaterThan(
        ackedBefore,
      );
      // Uploads cut off by the kill: the start sweep spares temporary files younger than a minute
      // (another instance sharing the storage may still be writing them), so age them first.
      const old = new Date(Date.now() - 5 * 60_000);
      for (const part of partFiles(dataDir)) {
        // `<id>.part-…`, or `<id>.thumb.jpg.part-…` when the kill hit the thumbnail's write: the id either way.
        cutUploads.push(basename(part).split('.')[0]!);
        utimesSync(part, old, old);
      }
      server = await spawnServer(env, port);
    }

    // Every acknowledged record is there; every other batch is whole or absent.
    const present = async (id: string) => {
      const { envelope } = await call(server!.url, '/api/sync/queryDataDetail', { id }, reader);
      if (envelope.code !== 0 && envelope.code !== 40400)
        throw new Error(`${id}: ${envelope.code} ${envelope.message}`);
      return envelope.code === 0;
    };
    let lost = 0;
    for (const ids of ackedBatches) {
      for (const id of ids) if (!(await present(id))) lost++;
    }
    const half: string[] = [];
    for (const ids of unackedBatches) {
      const found = (await Promise.all(ids.map(present))).filter(Boolean).length;
      if (found !== 0 && found !== ids.length) half.push(`${found}/${ids.length}`);
    }
    expect(lost, 'acknowledged records missing after kill -9').toBe(0);
    expect(half, 'batches half written').toEqual([]);
    // Every acknowledged upload is served whole.
    expect(ackedUploads.length, 'uploads were acknowledged before the kills').toBeGreaterThan(0);
    for (const { id, sha } of ackedUploads) {
      const res = await fetch(`${server.url}/api/file/${id}`, { headers: { token: worker } });
      expect(res.status, id).toBe(200);
      const got = createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex');
      expect(got, `upload ${id} served whole`).toBe(sha);
    }
    expect(partFiles(dataDir), 'temporary upload files left after restart').toEqual([]);
    // An upload cut off by the kill is never served (no row points at a partial file).
    for (const id of cutUploads) {
      const res = await fetch(`${server.url}/api/file/${id}`, { headers: { token: worker } });
      const json = /json/.test(res.headers.get('content-type') ?? '')
        ? ((await res.json()) as Envelope)
        : undefined;
      expect(json?.code, `cut-off upload ${id} is not served`).toBe(40400);
    }
    console.info(
      `kill -9 ×2: ${ackedBatches.length * 20} records acknowledged, 0 lost; ${unackedBatches.length} unacknowledged batches whole or absent; ${ackedUploads.length} uploads whole, ${cutUploads.length} cut off and not served`,
    );
  }, 600_000);
});

const pgBin = '/usr/lib/postgresql/15/bin';
const hasPg = existsSync(join(pgBin, 'initdb')) && existsSync(join(pgBin, 'pg_ctl'));
if (!hasPg) console.warn(`PostgreSQL restart test skipped: no ${pgBin}/initdb and pg_ctl on this machine`);

// It starts a PostgreSQL of its own, whatever TEST_DATABASE_URL says: run once, in the embedded
// pass (which every `npm test` runs), not again in the PostgreSQL pass.
describe.skipIf(!hasPg || !!process.env.TEST_DATABASE_URL)('PostgreSQL restarted under traffic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pineguard-pg-restart-'));
  const pgData = join(dir, 'data');
  const dataDir = join(dir, 'files');
  let port = 0;
  let server: ServerProcess | undefined;
  // initdb refuses root: run the PostgreSQL tools as the postgres user then.
  const asPostgres = process.getuid?.() === 0;
  const pgTool = (tool: string, args: string[]) =>
    asPostgres
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(pgBin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(pgBin, tool), args, { stdio: 'pipe' });
  const pgCtl = (action: 'start' | 'stop') =>
    pgTool('pg_ctl', [
      '-D',
      pgData,
      '-l',
      join(dir, 'pg.log'),
      '-w',
      '-t',
      '60',
      ...(action === 'start' ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`] : ['-m', 'fast']),
      action,
    ]);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    try {
      pgCtl('stop');
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers with the envelope while the database is down and recovers without a restart', async () => {
    chmodSync(dir, 0o777);
    if (asPostgres) execFileSync('chown', ['postgres', dir]);
    pgTool('initdb', ['-D', pgData, '-U', 'pineguard', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    port = await freePort();
    pgCtl('start');
    server = await spawnServer({
      DATABASE_URL: `postgres://pineguard@127.0.0.1:${port}/postgres`,
      DATA_DIR: dataDir,
      // Every failed query while the database is down is logged with its stack; not in CI's output.
      LOG_LEVEL: 'fatal',
    });
    const init = await call(server.url, '/api/system/init', {
      account: 'admin',
      password: clientPasswordHash('admin123'),
      name: '管理员',
    });
    expect(init.envelope.code).toBe(0);
    const login = await call<{ token: string }>(server.url, '/api/user/login', {
      account: 'admin',
      password: clientPasswordHash('admin123'),
      client: 2,
    });
    const token = login.envelope.value.token;
    const traffic = async () => {
      const read = call(server!.url, '/api/user/selfInfo', undefined, token, 10_000);
      const write = call(
        server!.url,
        '/api/user/editSelfInfo',
        { name: `管理员${Date.now() % 1000}` },
        token,
        10_000,
      );
      return Promise.all([read, write]);
    };
    for (const [read, write] of await Promise.all([traffic(), traffic()])) {
      expect(read.envelope.code).toBe(0);
      expect(write.envelope.code).toBe(0);
    }

    pgCtl('stop');
    // While it is down: every answer is an envelope with an error code, quickly, and the server lives.
    for (let i = 0; i < 5; i++) {
      for (const res of await traffic()) {
        expect(typeof res.envelope.code).toBe('number');
        expect(res.envelope.code).not.toBe(0);
        expect(res.envelope.message).not.toMatch(/ECONNREFUSED|\bat .+\.(ts|js):\d+/);
      }
      const health = await call(server.url, '/api/health', undefined, undefined, 10_000);
      expect(typeof health.envelope.code).toBe('number');
    }
    expect(server.alive()).toBe(true);

    pgCtl('start');
    // Back by itself: the same server process serves reads and writes again.
    await expect
      .poll(
        async () => {
          const [read, write] = await traffic();
          return read.envelope.code === 0 && write.envelope.code === 0;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    expect(server.alive()).toBe(true);
  }, 180_000);
});
