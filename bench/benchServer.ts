import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientPasswordHash } from '@pineguard/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/features/system/bootstrap.ts';
import { createStorage } from '../apps/server/src/platform/storage/index.ts';
import { spawnServer } from '../apps/server/test/spawn.ts';

/**
 * The server a bench measures, in process, on a database of its own:
 * BENCH_DATABASE_URL=postgres://…/postgres creates BENCH_DB_NAME (default
 * pineguard_bench_<name>_<pid>) on that server and drops it in `close()` (BENCH_KEEP=1 keeps it);
 * without it PGlite runs in a temporary directory (BENCH_REUSE=1 BENCH_DATA_DIR=<a kept one> reuses it). Initialised with the demo; `token` is the
 * super administrator `bench` (password `bench123`) with KH2026 selected.
 */
export async function benchServer(name: string, options: { poolSize?: number } = {}) {
  const base = process.env.BENCH_DATABASE_URL;
  const dbName = process.env.BENCH_DB_NAME ?? `pineguard_bench_${name}_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_DB_NAME ${dbName}: letters, digits, _`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let databaseUrl: string | undefined;
  // BENCH_REUSE=1 (with BENCH_DB_NAME, or BENCH_DATA_DIR for PGlite): measure again on a
  // database a run kept (BENCH_KEEP=1).
  const keptDir = process.env.BENCH_REUSE && !base ? process.env.BENCH_DATA_DIR : undefined;
  const reuse = Boolean((base || keptDir) && process.env.BENCH_REUSE);
  if (base) {
    if (!reuse) {
      await admin(`drop database if exists ${dbName} with (force)`);
      await admin(`create database ${dbName}`);
    }
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'pineguard-bench-'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: options.poolSize ?? 20 });
  await prepareDatabase(database);
  const deps = { config, database, storage: createStorage(config.storage) };
  const app = await buildApp(deps);
  await app.ready();
  const password = clientPasswordHash('bench123');
  // Initialised already when reused: the call is refused and changes nothing.
  await app.inject({
    method: 'POST',
    url: '/api/system/init',
    payload: { account: 'bench', password, name: '压测', demo: true, demoScale: 0 },
  });
  const token = (
    await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: 'bench', password } })
  ).json().value.token as string;
  await app.inject({
    method: 'POST',
    url: '/api/user/selectProject',
    headers: { token },
    payload: { prjCode: 'KH2026' },
  });
  const drop = async () => {
    // BENCH_KEEP=1 keeps PGlite's directory too (its path printed) for a look afterwards.
    if ((process.env.BENCH_KEEP || keptDir) && !base) console.log(`PGlite data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    if (base && !process.env.BENCH_KEEP) await admin(`drop database if exists ${dbName} with (force)`);
  };
  const close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
  /**
   * Closes the in-process server but keeps its data, for a bench that measures the real server
   * as a child process (`npm start`'s memory settings, its own RSS) on the same database.
   */
  const handOver = async () => {
    await app.close();
    await database.close();
    return { env: { DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir }, drop };
  };
  return { app, config, database, deps, token, password, close, handOver, reused: reuse };
}

/**
 * Hands a bench's data over to the real server as a child process with `npm start`'s memory
 * settings (SERVER_HEAP_MB, default 256; MALLOC_ARENA_MAX=2; SERVER_NODE_OPTIONS adds options),
 * signed in over HTTP as `bench` with KH2026 selected. `rssMb()` reads that process's own RSS.
 */
export async function realServer(bench: Awaited<ReturnType<typeof benchServer>>) {
  const { env, drop } = await bench.handOver();
  const server = await spawnServer({
    ...env,
    // SERVER_LOG_LEVEL=info measures with production logging (the benches' default is quieter).
    ...(process.env.SERVER_LOG_LEVEL ? { LOG_LEVEL: process.env.SERVER_LOG_LEVEL } : {}),
    NODE_OPTIONS: `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 256} ${process.env.SERVER_NODE_OPTIONS ?? ''}`,
    MALLOC_ARENA_MAX: '2',
  });
  const rssMb = () => {
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
    await server.kill('SIGTERM');
    await drop();
  };
  return { url: server.url, pid: server.child.pid!, token, rssMb, call, stop };
}

/** Samples `read` every 20 ms until `stop()`, which answers the peak. */
export function peakOf(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}
