import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryDataListValue } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addRecords, embeddedInstall, emptyPostgres, MEDIA_SECRET } from '../../test/ops.ts';
import { signInTo } from '../../test/records.ts';
import { startLocalS3 } from '../../test/s3.ts';
import { openDatabase } from '../db/client.ts';
import { signMedia } from '../features/files/index.ts';
import { rowsOf } from '../platform/sql.ts';
import { localStorage } from '../platform/storage/local.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { backup, restore } from './backup.ts';
import { listTables, rowCount } from './catalog.ts';
import { sumOf } from './files.ts';
import { openSql, type Place } from './sql.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function countsOf(place: Place): Promise<Map<string, number>> {
  const db = await openSql(place);
  try {
    const out = new Map<string, number>();
    for (const t of await listTables(db)) out.set(t.name, await rowCount(db, t.name));
    return out;
  } finally {
    await db.close();
  }
}

async function surveyIds(t: TestApp): Promise<string[]> {
  const list = await t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
    token: await signInTo(t, 'demo_admin', 'KH2026'),
    body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 50 },
  });
  return list.value.result.list.map((r) => r.id).sort();
}

/**
 * The drill: load data, back up, write more, restore into a fresh target, compare. PGlite with
 * files on disk (the embedded install, server stopped); on PostgreSQL (TEST_DATABASE_URL) with
 * files on S3 (s3rver), backed up while the app keeps running.
 */
describe(`backup and restore drill (${onPostgres ? 'PostgreSQL + S3' : 'PGlite + local files'})`, () => {
  it('restores the backed-up state: row counts, file checksums, records and a signed media URL', async () => {
    let source: { t: TestApp; place: Place; files: Storage; reopen(): Promise<TestApp> };
    if (onPostgres) {
      const s3 = await startLocalS3();
      cleanups.push(() => s3.stop());
      const t = await createTestApp({ storage: s3.storage, env: { MEDIA_URL_SECRET: MEDIA_SECRET } });
      cleanups.push(() => t.close());
      await t.initAdmin({ demo: true });
      await addRecords(t, 5);
      const url = (t.deps.database as { url?: string }).url!;
      source = { t, place: { url }, files: s3.storage, reopen: async () => t };
    } else {
      const install = await embeddedInstall();
      cleanups.push(() => rmSync(install.dataDir, { recursive: true, force: true }));
      await install.close();
      const dataDir = install.dataDir;
      const files = localStorage(join(dataDir, 'files'));
      source = {
        t: install.t,
        place: { dataDir },
        files,
        async reopen() {
          const database = await openDatabase({ dataDir });
          const t = await createTestApp({
            database: { ...database, drop: () => database.close() },
            storage: files,
            env: { MEDIA_URL_SECRET: MEDIA_SECRET },
          });
          cleanups.push(async () => {
            await t.close();
            await database.close();
          });
          return t;
        },
      };
    }
    const expected = await countsOf(source.place);
    const out = join(tempDir('pineguard-backup-'), 'backup');
    const manifest = await backup({ source: source.place, files: source.files, out, log: () => {} });
    for (const t of manifest.tables)
      expect({ t: t.name, n: t.rows }).toEqual({ t: t.name, n: expected.get(t.name) });
    // Every file a row refers to is in the backup.
    expect(manifest.files.length).toBeGreaterThan(100);
    const inBackup = localStorage(join(out, 'files'));
    for (const f of manifest.files.slice(0, 20)) expect((await sumOf(inBackup, f.key)).sha256).toBe(f.sha256);

    // Written after the backup: not in what is restored.
    const later = await source.reopen();
    const before = await surveyIds(later);
    const added = await addRecords(later, 2);
    expect(before).toHaveLength(5);

    let target: Place;
    let targetFiles: Storage;
    if (onPostgres) {
      const db = await emptyPostgres();
      cleanups.push(() => db.drop());
      const s3 = await startLocalS3();
      cleanups.push(() => s3.stop());
      target = { url: db.url };
      targetFiles = s3.storage;
    } else {
      target = { dataDir: tempDir('pineguard-restored-') };
      targetFiles = localStorage(join(target.dataDir, 'files'));
    }
    const report = await restore({
      from: out,
      target,
      files: targetFiles,
      force: false,
      batch: 2000,
      log: () => {},
    });
    expect(report.files.checked).toBe(manifest.files.length);
    const restored = await countsOf(target);
    for (const [name, n] of expected) expect({ name, n: restored.get(name) }).toEqual({ name, n });
    for (const f of manifest.files)
      expect({ key: f.key, sum: (await sumOf(targetFiles, f.key)).sha256 }).toEqual({
        key: f.key,
        sum: f.sha256,
      });

    const database = await openDatabase(
      'url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir },
    );
    const t = await createTestApp({
      database: { ...database, drop: () => database.close() },
      storage: targetFiles,
      env: { MEDIA_URL_SECRET: MEDIA_SECRET },
    });
    try {
      const ids = await surveyIds(t);
      expect(ids).toEqual(before);
      for (const id of added) expect(ids).not.toContain(id);
      const [photo] = rowsOf<{ id: string; sha256: string }>(
        await database.db.execute(
          sql`select id, sha256 from files where kind = 'photo' and original_name = 'tree.png' limit 1`,
        ),
      );
      if (!photo) throw new Error('no photo restored');
      const media = await t.app.inject({
        method: 'GET',
        url: signMedia(t.deps.config.media, photo.id, 'full').url,
      });
      expect(media.statusCode).toBe(200);
      expect(createHash('sha256').update(media.rawPayload).digest('hex')).toBe(photo.sha256);
    } finally {
      await t.close();
      await database.close();
    }
  }, 300_000);
});
