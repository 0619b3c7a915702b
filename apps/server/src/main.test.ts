import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientPasswordHash, type Envelope } from '@pineguard/contract';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Runs main.ts as `npm start` does and waits until it answers, or fails if it exits first. */
async function start(dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const state = await Promise.race([
      exit.then(() => 'exited'),
      fetch(`${url}/api/health`).then(
        (r) => (r.ok ? 'up' : 'wait'),
        () => 'wait',
      ),
    ]);
    if (state === 'up') break;
    if (state === 'exited') throw new Error('server exited before answering');
    await new Promise((r) => setImmediate(r));
  }
  return { url, child, exit };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and keeps its data for the next start', async () => {
    const first = await start(dataDir);
    const init = await fetch(`${first.url}/api/system/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: clientPasswordHash('admin123'), name: '管理员' }),
    }).then((r) => r.json() as Promise<Envelope<{ initialised?: boolean; token?: string }>>);
    expect(init.code).toBe(0);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = await start(dataDir);
    try {
      const status = await fetch(`${second.url}/api/system/init`).then(
        (r) => r.json() as Promise<Envelope<{ initialised?: boolean; token?: string }>>,
      );
      expect(status.value.initialised).toBe(true);
      const login = await fetch(`${second.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: clientPasswordHash('admin123'), client: 2 }),
      }).then((r) => r.json() as Promise<Envelope<{ initialised?: boolean; token?: string }>>);
      expect(login.code).toBe(0);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    }
  }, 120_000);
});
