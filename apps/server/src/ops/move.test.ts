import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryDataListValue } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signInTo } from '../../test/records.ts';
import {
  embeddedInstall,
  emptyPostgres,
  pgServer,
  MEDIA_SECRET,
  runTool,
  untilLine,
} from '../../test/ops.ts';
import { openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { signMedia } from '../features/files/index.ts';
import { rowsOf } from '../platform/sql.ts';
import { localStorage } from '../platform/storage/local.ts';
import { listTables, referencedFiles, rowCount } from './catalog.ts';
import { journalOf } from './migrations.ts';
import { move } from './move.ts';
import { openSql } from './sql.ts';

const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/**
 * The move needs a PostgreSQL server (TEST_DATABASE_URL, or TEST_PG_URL which CI sets in its
 * PGlite pass too) and starts from the PGlite template: it runs in CI's PGlite pass; in the
 * PostgreSQL pass (no PGlite template; migrating one would take half a minute) it is skipped.
 */
describe.skipIf(!pgServer() || !inject('pgliteTemplate'))('npm run move: embedded → PostgreSQL', () => {
  let dataDir: string;
  let filesDir: string;
  let target: Awaited<ReturnType<typeof emptyPostgres>>;
  let recordIds: string[] = [];
  const counts = new Map<string, number>();
  const sums = new Map<string, string>();

  beforeAll(async () => {
    const install = await embeddedInstall();
    dataDir = install.dataDir;
    target = await emptyPostgres();
    filesDir = mkdtempSync(join(tmpdir(), 'pineguard-moved-files-'));
    // While the installation is open (as under a running server) the move refuses to read it.
    const busy = runTool(['move', '--data-dir', dataDir, '--to', target.url]);
    expect(await busy.exited).toBe(1);
    expect(busy.lines.join('\n')).toMatch(/stop the server first/);
    const list = await install.t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
      token: await signInTo(install.t, 'demo_admin', 'KH2026'),
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 50 },
    });
    recordIds = list.value.result.list.map((r) => r.id);
    await install.close();
    // What the source holds, read independently of the tool.
    const source = await openSql({ dataDir });
    for (const t of await listTables(source)) counts.set(t.name, await rowCount(source, t.name));
    for (const f of await referencedFiles(source))
      sums.set(f.key, sha(readFileSync(join(dataDir, 'files', f.key))));
    await source.close();
  }, 300_000);

  afterAll(async () => {
    await target?.drop();
    for (const dir of [dataDir, filesDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('killed half way (kill -9) and run again, it copies everything once and verifies', async () => {
    const args = [
      'move',
      '--data-dir',
      dataDir,
      '--to',
      target.url,
      '--files',
      'local',
      '--files-dir',
      filesDir,
    ];
    const first = runTool([...args, '--batch', '500']);
    // areas (GB/T 2260, ~45,000 rows) is copied in many batches: killed after its first.
    await untilLine(first, /rows areas [1-9]\d*\//);
    first.child.kill('SIGKILL');
    await first.exited;

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ phase: string }>(`select phase from pineguard_ops.state`);
      expect(rows[0]?.phase).not.toBe('done');
      // Rows and their progress are written together: what is there is what the progress says.
      const progress = await client.query<{ rows: string }>(
        `select rows::text from pineguard_ops.tables where name = 'areas'`,
      );
      const there = await client.query<{ n: string }>(`select count(*)::text as n from areas`);
      expect(there.rows[0]?.n).toBe(progress.rows[0]?.rows ?? '0');

      const second = runTool([...args, '--batch', '2000']);
      expect(await second.exited, second.lines.join('\n')).toBe(0);
      expect(second.lines.join('\n')).toMatch(/resuming/);
      expect(second.lines.join('\n')).toMatch(/verified: \d+ tables/);
      expect(second.lines.join('\n')).toMatch(/read back [1-9]\d* file\(s\) through the media service/);

      // Every table has exactly the source's rows (none lost, none twice).
      for (const [table, n] of counts) {
        const got = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        expect({ table, n: got.rows[0]?.n }).toEqual({ table, n });
      }
      const migrated = await client.query<{ n: number }>(
        `select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrated.rows[0]?.n).toBe(journalOf(migrationsFolder).entries.length);
    } finally {
      await client.end();
    }
    expect(sums.size).toBeGreaterThan(100);
    for (const [key, sum] of sums)
      expect({ key, sum: sha(readFileSync(join(filesDir, key))) }).toEqual({ key, sum });

    // A third run finds the move done and checks it again (in process: no tool start-up).
    const lines: string[] = [];
    const again = await move({
      dataDir,
      to: target.url,
      files: localStorage(filesDir),
      force: false,
      batch: 500,
      log: (l) => lines.push(l),
    });
    expect(lines.join('\n')).toMatch(/already done/);
    expect(again.tables.find((t) => t.name === 'areas')?.rows).toBe(counts.get('areas'));
  }, 300_000);

  it('the moved installation serves its records and signed media through the API', async () => {
    const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    const t = await createTestApp({
      database: { ...database, drop: () => database.close() },
      storage: localStorage(filesDir),
      env: { MEDIA_URL_SECRET: MEDIA_SECRET },
    });
    try {
      const token = await signInTo(t, 'demo_admin', 'KH2026');
      const list = await t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
        token,
        body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 50 },
      });
      expect(list.code).toBe(0);
      expect(list.value.result.list.map((r) => r.id).sort()).toEqual([...recordIds].sort());
      const [row] = rowsOf<{ id: string; sha256: string }>(
        await database.db.execute(sql`select id, sha256 from files where kind = 'photo' order by id limit 1`),
      );
      if (!row) throw new Error('no photo moved');
      const media = await t.app.inject({
        method: 'GET',
        url: signMedia(t.deps.config.media, row.id, 'full').url,
      });
      expect(media.statusCode).toBe(200);
      expect(sha(media.rawPayload)).toBe(row.sha256);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a target that is not empty unless --force, and with --force empties it and moves', async () => {
    const other = await emptyPostgres();
    try {
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      await client.query('create table someone_elses (id int)');
      await client.end();
      const refused = move({ dataDir, to: other.url, files: null, force: false, batch: 500, log: () => {} });
      await expect(refused).rejects.toThrow(/not empty.*--force/);
      // Told to, it empties the target and moves.
      const lines: string[] = [];
      const forced = await move({
        dataDir,
        to: other.url,
        files: null,
        force: true,
        batch: 5000,
        log: (l) => lines.push(l),
      });
      expect(lines.join('\n')).toMatch(/emptying the target/);
      for (const [table, n] of counts)
        expect({ table, n: forced.tables.find((t) => t.name === table)?.rows }).toEqual({ table, n });
      const check = new pg.Client({ connectionString: other.url });
      await check.connect();
      const gone = await check.query(`select to_regclass('public.someone_elses') as t`);
      await check.end();
      expect(gone.rows[0]?.t).toBeNull();
    } finally {
      await other.drop();
    }
  }, 300_000);
});
