import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/features/system/bootstrap.ts';
import { localStorage } from '../src/platform/storage/local.ts';
import { createTestApp, type TestApp } from './app.ts';
import { withDatabase } from './global-setup.ts';
import { adminUrl } from './pg.ts';
import { census, collect, signInTo, uploadPhoto } from './records.ts';

export const MEDIA_SECRET = 'ops-tests-media-url-secret-0123456789';
const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * An embedded installation as `npm start` leaves it: PGlite under DATA_DIR/pglite (from the
 * migrated template), files under DATA_DIR/files, the demo loaded and a few records collected
 * with photos. Answers the open app: close it before a tool reads the folder.
 */
export async function embeddedInstall(): Promise<{ dataDir: string; t: TestApp; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-install-'));
  // The PGlite pass has a migrated template; the PostgreSQL pass migrates a PGlite of its own.
  const file = inject('pgliteTemplate');
  const database = await openDatabase({
    dataDir,
    ...(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}),
  });
  if (!file) await prepareDatabase(database);
  const t = await createTestApp({
    database: { ...database, drop: () => database.close() },
    storage: localStorage(join(dataDir, 'files')),
    env: { MEDIA_URL_SECRET: MEDIA_SECRET },
  });
  await t.initAdmin({ demo: true });
  await addRecords(t, 5);
  return {
    dataDir,
    t,
    async close() {
      await t.close();
      await database.close();
    },
  };
}

/** `n` survey records of KH2026 through the API, each with a photo of its own. */
export async function addRecords(t: TestApp, n: number): Promise<string[]> {
  const worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
  const records = [];
  for (let i = 0; i < n; i++) {
    const photo = await uploadPhoto(t, worker);
    records.push(census({}, { kssl: i + 1, pic_tree: photo }));
  }
  await collect(t, worker, records);
  return records.map((r) => r.uuid);
}

/** A PostgreSQL server for tools' targets: the test server, or CI's (TEST_PG_URL) in the PGlite pass. */
export const pgServer = () => process.env.TEST_DATABASE_URL ?? process.env.TEST_PG_URL;

/** An empty PostgreSQL database on that server (named so stale ones are swept). */
export async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = pgServer();
  if (!base) throw new Error('neither TEST_DATABASE_URL nor TEST_PG_URL is set');
  const name = `pineguard_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminUrl(base);
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    async drop() {
      const again = await adminUrl(base);
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export type Tool = { child: ChildProcess; lines: string[]; exited: Promise<number | null> };

/** The operator's command (ops/cli.ts) as a child process, its output kept line by line. */
export function runTool(args: string[], env: Record<string, string> = {}): Tool {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const take = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

/** Resolves once a line of the tool's output matches (or rejects when it exits first). */
export function untilLine(tool: Tool, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = tool.lines.find((l) => pattern.test(l));
      if (hit) {
        tool.child.stdout?.off('data', check);
        resolve(hit);
      }
    };
    tool.child.stdout?.on('data', check);
    void tool.exited.then((code) => {
      check();
      reject(new Error(`the tool exited (${code}) before ${pattern}: ${tool.lines.slice(-5).join(' | ')}`));
    });
    check();
  });
}
