import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
};

/**
 * The real server (`src/main.ts`, as `npm start` runs it) as a child process on a free port, for
 * fault tests that kill it. Resolves once /api/health answers; the server exiting first fails.
 */
export async function spawnServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(r, 200, 'wait'))]);
    if (early !== 'wait') throw new Error(`server exited with ${String(early)} before it was ready`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become ready in 120 s');
  }
  return {
    url,
    child,
    exited,
    alive: () => running,
    async kill(signal) {
      if (!running) return;
      child.kill(signal);
      await exited;
    },
  };
}
