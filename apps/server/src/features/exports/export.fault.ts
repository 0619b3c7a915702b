import { clientPasswordHash, type ExportRecord } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { generateRecords } from '../../seed/records.ts';
import {
  callBusyServer,
  faultStore,
  freePort,
  type ServerProcess,
  spawnServer,
} from '../../../test/spawn.ts';

/**
 * kill -9 of the real server (a child process) while an Excel export job is writing its file, then
 * a restart on the same data: the job's lease runs out, another claim takes it up, and the export
 * record ends finished with every record in the file (never left "exporting"). On PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh database), else on a PGlite data directory.
 */
const call = callBusyServer;

// Progress shows after the first page of 1,000 rows and the kill follows within ~100 ms; 12,000
// rows keep the export writing for seconds after that on any machine this runs on.
const RECORDS = 12_000;

describe('kill -9 during an export', () => {
  const store = faultStore('pineguard-export-fault');
  const dataDir = store.dataDir;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await store.drop();
  });

  it(`finishes the export after a restart (${store.label})`, async () => {
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
    await server.kill('SIGTERM');

    // Enough records that the export is still writing when it is killed, loaded with the server stopped.
    const config = loadConfig({ ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? '' });
    const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const made = await generateRecords(
        { config, database: opened, storage: createStorage(config.storage) },
        { projectCode: 'KH2026', count: RECORDS, tables: ['gbksdc0101'] },
      );
      expect(made.created).toBe(RECORDS);
    } finally {
      await opened.close();
    }

    server = await spawnServer(env, port);
    const login = await call<{ token: string }>(server.url, '/api/user/login', {
      account: 'demo_admin',
      password: clientPasswordHash('pine2026'),
    });
    const token = login.value.token;
    await call(server.url, '/api/user/selectProject', { prjCode: 'KH2026' }, token);
    const started = await call<ExportRecord>(
      server.url,
      '/python/export/excel?prjCode=KH2026&prjStandCode=gbksdc0101',
      {},
      token,
    );
    expect(started.code, started.message).toBe(0);
    const id = started.value.id;
    const record = async () =>
      (await call<ExportRecord[]>(server!.url, '/api/download/recordList', undefined, token)).value.find(
        (r) => r.id === id,
      )!;

    // Kill -9 once the job has written part of the file, before it ends.
    const deadline = Date.now() + 120_000;
    let seen = await record();
    while (seen.status === 0 && seen.progress === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await record();
    }
    await server.kill('SIGKILL');
    expect(seen.status, 'the export was still running at the kill (more records if not)').toBe(0);
    expect(seen.progress).toBeGreaterThan(0);

    server = await spawnServer(env, port);
    const until = Date.now() + 240_000;
    let after = await record();
    while (after.status === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      after = await record();
    }
    expect(after, after.error ?? '').toMatchObject({ status: 1, rows: RECORDS, progress: 100 });

    // The file is whole: every record is a row under the header.
    const file = await fetch(`${server.url}${after.downloadUrl}`, { headers: { token } });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    expect(book.worksheets[0]!.actualRowCount).toBe(RECORDS + 1);

    await server.kill('SIGTERM');
    server = undefined;
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      // The killed run's attempt counted: the restart's claim was the second.
      const [job] = await rows(
        sql`select j.status, j.attempts from jobs j join export_records e on e.job_id = j.id where e.id = ${id}`,
      );
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await db.close();
    }
  }, 600_000);
});
