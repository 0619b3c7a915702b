import { spawn } from 'node:child_process';
import { freePort } from '../apps/server/test/spawn.ts';
import type { benchServer } from './benchServer.ts';

/**
 * realServer (benchServer.ts), but the server started from another build's entry
 * (BENCH_SERVER_ENTRY=/path/to/dist/main.mjs): two builds measured back to back on the same
 * database under the same load, e.g. the commit before a change (`git archive` it to /tmp, link
 * node_modules, `node apps/server/build.mjs` there).
 */
export async function entryServer(bench: Awaited<ReturnType<typeof benchServer>>, entry: string) {
  const { env, drop } = await bench.handOver();
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'error',
      NODE_OPTIONS: `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 256} ${process.env.SERVER_NODE_OPTIONS ?? ''}`,
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 600) throw new Error(`${entry} did not answer /api/health in 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; value: T };
    if (json.code !== 0) throw new Error(`${path}: ${json.message}`);
    return json.value;
  }
  const { token } = await call<{ token: string }>('/api/user/login', {
    account: 'bench',
    password: bench.password,
  });
  await call('/api/user/selectProject', { prjCode: 'KH2026' }, token);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await drop();
  };
  return { url, pid: child.pid!, token, stop };
}
