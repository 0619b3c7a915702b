import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, serverEntry } from '../build.mjs';
import { adminUrl } from './pg.ts';

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
 * The real server (dist/main.mjs, built when stale, as `npm start` runs it) as a child process on a free port, for
 * fault tests that kill it. Resolves once /api/health answers; the server exiting first fails.
 */
export async function spawnServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  await ensureServerBuilt();
  const child = spawn(process.execPath, [serverEntry], {
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

export type Envelope<T = unknown> = { code: number; message: string; value: T };

/** A JSON call to a spawned server: GET without a body, POST with one; answers the HTTP status and envelope. */
export async function callServer<T>(
  url: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 15_000,
): Promise<{ status: number; envelope: Envelope<T> }> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope<T> };
}

/** The envelope alone, 30 s by default: for a server busy with a long job on a small machine. */
export async function callBusyServer<T>(
  url: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 30_000,
) {
  return (await callServer<T>(url, path, body, token, timeoutMs)).envelope;
}

export type FaultStore = {
  /** 'PostgreSQL' when TEST_DATABASE_URL is set, else 'PGlite'. */
  label: 'PostgreSQL' | 'PGlite';
  dataDir: string;
  /** Creates the fresh database (PostgreSQL) and answers the server's DATA_DIR and DATABASE_URL. */
  open(): Promise<Record<string, string>>;
  /** Drops the database and removes the data directory (an afterAll). */
  drop(): Promise<void>;
};

/**
 * The storage of a fault test's spawned server: a fresh PostgreSQL database when TEST_DATABASE_URL
 * is set, else a PGlite data directory; files in a temporary data directory either way.
 */
export function faultStore(prefix: string): FaultStore {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? `pineguard_fault_${randomBytes(5).toString('hex')}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    label: pgUrl ? 'PostgreSQL' : 'PGlite',
    dataDir,
    async open() {
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (pgUrl && database) {
        const admin = await adminUrl(pgUrl);
        await admin.query(`create database ${database}`);
        await admin.end();
        const u = new URL(pgUrl);
        u.pathname = `/${database}`;
        env.DATABASE_URL = u.toString();
      }
      return env;
    },
    async drop() {
      if (pgUrl && database) {
        const admin = await adminUrl(pgUrl);
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
