import { execFileSync } from 'node:child_process';
import { clientPasswordHash } from '@pineguard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer, faultStore, spawnServer } from '../../test/spawn.ts';

/** The pids of the server processes the primary forked (node:cluster workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('SERVER_PROCESSES=2 on PostgreSQL', () => {
  const store = faultStore('pineguard-processes');
  afterAll(() => store.drop());

  it('serves from two processes, replaces one killed with -9, and stops both on SIGTERM', async () => {
    const server = await spawnServer({ ...(await store.open()), SERVER_PROCESSES: '2' });
    const primary = server.child.pid!;
    const first = await until(
      () => childrenOf(primary),
      (c) => c.length === 2,
      'server processes',
    );
    const init = await callServer<{ token: string }>(server.url, '/api/system/init', {
      account: 'admin',
      password: clientPasswordHash('admin123'),
      name: '管理员',
    });
    expect(init.envelope.code).toBe(0);
    const { envelope: login } = await callServer<{ token: string }>(server.url, '/api/user/login', {
      account: 'admin',
      password: clientPasswordHash('admin123'),
      client: 2,
    });
    const self = async () =>
      (await callServer(server.url, '/api/user/self', undefined, login.value.token)).envelope;
    // A session made by whichever process took the sign-in is honoured by both.
    for (let i = 0; i < 20; i++) expect((await self()).code).toBe(0);

    process.kill(first[0]!, 'SIGKILL');
    const now = await until(
      () => childrenOf(primary),
      (c) => c.length === 2 && !c.includes(first[0]!),
      'a replacement process',
    );
    expect(now).toContain(first[1]);
    await until(
      () =>
        self().then(
          (e) => e.code,
          () => -1,
        ),
      (code) => code === 0,
      'calls after the replacement',
    );
    for (let i = 0; i < 20; i++) expect((await self()).code).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(now.filter(existsProcess)).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('SERVER_PROCESSES on the embedded database', () => {
  const store = faultStore('pineguard-processes');
  afterAll(() => store.drop());

  it('refuses to start more than one process: the embedded database lives in one', async () => {
    await expect(spawnServer({ ...(await store.open()), SERVER_PROCESSES: '2' })).rejects.toThrow(
      /exited with 1/,
    );
  });
});

function existsProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
