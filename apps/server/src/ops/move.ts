import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { rowsOf } from '../platform/sql.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { localStorage } from '../platform/storage/local.ts';
import { mediaDownload } from '../features/files/service.ts';
import { assertNotInUse } from './lock.ts';
import { databaseSource } from './sources.ts';
import { openSql, type Sql } from './sql.ts';
import { transfer, type TransferReport } from './transfer.ts';

/** Serialises tools writing one PostgreSQL target (two moves at once would interleave batches). */
const TARGET_LOCK = 0x50_47_44_02;

export async function lockTarget(target: Sql): Promise<void> {
  if (target.driver !== 'postgres') return;
  const [row] = await target.query<{ ok: boolean }>(`select pg_try_advisory_lock($1) as ok`, [TARGET_LOCK]);
  if (!row?.ok)
    throw new Error('另一个迁移/恢复正在写入目标库 / Another move or restore is writing this target');
}

export type MoveOptions = {
  dataDir: string;
  to: string;
  /** Where the files go; null leaves them under DATA_DIR/files, where a server on this machine reads them. */
  files: Storage | null;
  force: boolean;
  batch: number;
  log: (line: string) => void;
};

/** An embedded installation (PGlite under DATA_DIR, files on disk) copied to PostgreSQL (and S3). */
export async function move(o: MoveOptions): Promise<TransferReport & { readBack: number }> {
  const dataDir = resolve(o.dataDir);
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(`${dataDir} 下没有嵌入式数据库 / No embedded database under ${dataDir}/pglite`);
  }
  assertNotInUse(dataDir);
  const sourceFiles = localStorage(join(dataDir, 'files'));
  const source = databaseSource(await openSql({ dataDir }));
  let report: TransferReport;
  try {
    const target = await openSql({ url: o.to });
    try {
      await lockTarget(target);
      o.log(`move ${source.label} → ${target.label}`);
      report = await transfer({
        source,
        target,
        files: { from: sourceFiles, to: o.files },
        force: o.force,
        batch: o.batch,
        log: o.log,
      });
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  const readBack = await readBackMedia(o.to, o.files ?? sourceFiles, o.log);
  o.log(`read back ${readBack} file(s) through the media service, checksums as uploaded`);
  return { ...report, readBack };
}

/**
 * A sample of files served by the application's own media code from the new database and
 * storage, each compared with the SHA-256 taken at upload: the moved installation serves them.
 */
export async function readBackMedia(
  url: string,
  storage: Storage,
  log: (line: string) => void,
  sample = 5,
): Promise<number> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    // The copy's own sums where it copied the files (a demo seed once left files that differ
    // from their rows' SHA-256); else the upload's.
    const copied = await database.db.execute(
      sql`select to_regclass('pineguard_ops.files') is not null as ok`,
    );
    const ownSums = !!rowsOf<{ ok: boolean }>(copied)[0]?.ok;
    const join = ownSums
      ? sql`left join pineguard_ops.files o on o.key = f.storage_key`
      : sql`left join (select null::text as key, null::text as sha256) o on false`;
    const rows = rowsOf<{ id: string; sha256: string }>(
      await database.db.execute(
        sql`select f.id, coalesce(o.sha256, f.sha256) as sha256 from files f ${join} order by f.id limit ${sample}`,
      ),
    );
    // The media service reads only the database and the storage of its deps.
    const deps = { database, storage } as unknown as AppDeps;
    for (const row of rows) {
      const file = await mediaDownload(deps, row.id, 'full', undefined);
      const hash = createHash('sha256');
      for await (const chunk of file.body) hash.update(chunk as Buffer);
      if (hash.digest('hex') === row.sha256) continue;
      // Files left in place were not copied: bytes unlike their row's were so before the move.
      if (ownSums) throw new Error(`file ${row.id} reads back with other bytes`);
      log(`WARNING: file ${row.id} differs from its upload's SHA-256 (as in the source)`);
    }
    return rows.length;
  } finally {
    await database.close();
  }
}
