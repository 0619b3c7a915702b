import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { startLocalS3 } from './s3.ts';
import { faultStore, freePort, type ServerProcess, spawnServer } from './spawn.ts';

/**
 * The deployment of deploy/ on this machine, for the multi-instance fault test: nginx (Debian's,
 * as a non-root process) with the repository's site file on free ports, in front of server
 * instances on one PostgreSQL database and one local S3 (s3rver).
 */

const siteFile = fileURLToPath(new URL('../../../deploy/nginx/pineguard.conf', import.meta.url));
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** Whether this machine has nginx (the test is skipped without it). */
export const hasNginx = nginxBinary !== undefined;

export type AccessLine = {
  requestId: string;
  method: string;
  uri: string;
  status: number;
  upstream: string;
  upstreamStatus: string;
};

export type Nginx = {
  url: string;
  /** Every line of the access log so far (the deployed JSON format). */
  log(): AccessLine[];
  /** The log line of a call (nginx writes it just after the answer: waited for, up to 5 s). */
  served(requestId: string): Promise<AccessLine>;
  /**
   * Marks these instances `down` (none: all up) and reloads, as deploy/rolling-restart.sh does;
   * resolves once the old workers have finished their calls and exited.
   */
  drain(ports: number[]): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The site file with only its `# test:` lines swapped: the instances' ports, a loopback port, a
 * log in a temporary directory. Everything else (timeouts, retries, error pages) is as deployed.
 */
function siteFor(dir: string, port: number, instancePorts: number[], down: number[] = []): string {
  const out: string[] = [];
  for (const line of readFileSync(siteFile, 'utf8').split('\n')) {
    const indent = line.match(/^\s*/)![0];
    if (line.includes('# test: instance')) {
      // Every instance line is replaced by the whole list, once.
      if (out.some((l) => l.includes('# generated instances'))) continue;
      out.push(`${indent}# generated instances`);
      for (const p of instancePorts)
        out.push(
          `${indent}server 127.0.0.1:${p} max_fails=1 fail_timeout=5s${down.includes(p) ? ' down' : ''};`,
        );
    } else if (line.includes('# test: listen')) out.push(`${indent}listen 127.0.0.1:${port};`);
    else if (line.includes('# test: access_log'))
      out.push(`${indent}access_log ${join(dir, 'access.log')} pineguard_json;`);
    else out.push(line);
  }
  return out.join('\n');
}

/** nginx in the foreground as a child process; as `nobody` when this test runs as root. */
export async function startNginx(instancePorts: number[]): Promise<Nginx> {
  if (!nginxBinary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pineguard-nginx-'));
  const port = await freePort();
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  writeFileSync(join(dir, 'site.conf'), siteFor(dir, port, instancePorts));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (d) => `  ${d === 'body' ? 'client_body' : d}_temp_path ${join(dir, d)};`,
      ),
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chmod', ['-R', 'a+rwX', dir]);
  else chmodSync(dir, 0o755);
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  execFileSync(nginxBinary, [...args, '-t'], {
    stdio: 'pipe',
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  const child: ChildProcess = spawn(nginxBinary, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = () =>
    readFileSync(join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AccessLine);
  return {
    url,
    log,
    async served(requestId) {
      const until = Date.now() + 5_000;
      for (;;) {
        const line = log().find((l) => l.requestId === requestId);
        if (line) return line;
        if (Date.now() > until) throw new Error(`no access log line for ${requestId}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async drain(ports) {
      writeFileSync(join(dir, 'site.conf'), siteFor(dir, port, instancePorts, ports));
      const old = workersOf(child.pid!);
      child.kill('SIGHUP');
      const until = Date.now() + 30_000;
      while (workersOf(child.pid!).some((w) => old.includes(w)) || !workersOf(child.pid!).length) {
        if (Date.now() > until) throw new Error('nginx did not reload in 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx's worker processes (children of the master). */
function workersOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

export type Topology = {
  proxy: Nginx;
  /** The instances, each on its fixed port (a restart takes the same one). */
  instances: ServerProcess[];
  env: Record<string, string>;
  databaseUrl: string;
  ports: number[];
  /**
   * A rolling restart's step (deploy/rolling-restart.sh): instance `i` out of nginx, SIGTERM (it
   * finishes its calls), started again on its port, back into nginx.
   */
  restart(i: number): Promise<void>;
  /** Rows of a statement on the topology's database (its own short connection). */
  rows(query: SQL): Promise<Record<string, unknown>[]>;
  /** Kills instance `i` with -9 (no restart). */
  kill(i: number): Promise<void>;
  start(i: number): Promise<void>;
  close(): Promise<void>;
};

/** Two (or `count`) instances on a fresh PostgreSQL database and one local S3, behind nginx. */
export async function startTopology(count = 2): Promise<Topology> {
  const s3 = await startLocalS3();
  const store = faultStore('pineguard-topology');
  const opened = await store.open();
  if (!opened.DATABASE_URL) throw new Error('the topology needs TEST_DATABASE_URL');
  const env: Record<string, string> = {
    ...s3.env,
    DATABASE_URL: opened.DATABASE_URL,
    TRUST_PROXY: 'true',
    // One secret for all instances, as deploy/systemd/pineguard.env.example asks.
    MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    JOB_LEASE_SECONDS: '5',
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  // Each its own data directory: nothing is shared but the database and the bucket.
  const dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), 'pineguard-instance-')));
  const instances: ServerProcess[] = [];
  const start = async (i: number) => {
    instances[i] = await spawnServer({ ...env, DATA_DIR: dataDirs[i]! }, ports[i]);
  };
  // One at a time: the first migrates, the others find the schema current.
  for (let i = 0; i < count; i++) await start(i);
  const proxy = await startNginx(ports);
  return {
    proxy,
    instances,
    env,
    databaseUrl: opened.DATABASE_URL,
    start,
    ports,
    async restart(i) {
      await proxy.drain([ports[i]!]);
      await instances[i]!.kill('SIGTERM');
      await start(i);
      await proxy.drain([]);
    },
    async rows(query) {
      const db = await openDatabase({ databaseUrl: opened.DATABASE_URL, poolSize: 1 });
      try {
        return ((await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      } finally {
        await db.close();
      }
    },
    async kill(i) {
      await instances[i]!.kill('SIGKILL');
    },
    async close() {
      await proxy.stop().catch(() => undefined);
      await Promise.all(instances.map((s) => s.kill('SIGKILL')));
      await s3.stop();
      await store.drop();
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
