import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { finished } from 'node:stream/promises';
import type { Storage } from '../platform/storage/storage.ts';
import { localStorage } from '../platform/storage/local.ts';
import { copyObject } from './files.ts';
import { journalOf } from './migrations.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { assertNotInUse } from './lock.ts';
import { lockTarget } from './move.ts';
import { backupSource, databaseSource, type Manifest, tableFile } from './sources.ts';
import { openSql, type Place } from './sql.ts';
import { transfer, type TransferReport } from './transfer.ts';

/**
 * A backup folder: manifest.json (tables, row counts, sequences, every file's SHA-256), the rows
 * as gzipped JSON lines per table, and the files the rows refer to under files/. Written to
 * <out>.partial and renamed when whole, so a folder named <out> is always complete.
 */
export async function backup(o: {
  source: Place;
  files: Storage;
  out: string;
  allowMissing?: boolean;
  log: (line: string) => void;
}): Promise<Manifest> {
  const out = resolve(o.out);
  if (existsSync(out) && readdirSync(out).length)
    throw new Error(`${out} 已存在且不为空 / ${out} exists and is not empty`);
  if ('dataDir' in o.source) assertNotInUse(o.source.dataDir);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(join(partial, 'tables'), { recursive: true });
  const sql = await openSql(o.source);
  const source = databaseSource(sql);
  let manifest: Manifest;
  try {
    // One snapshot for every table and the list of files: rows and files agree even while a
    // PostgreSQL-backed server keeps writing.
    await sql.query('begin isolation level repeatable read read only');
    const tables: Manifest['tables'] = [];
    for (const t of await source.tables()) {
      const gzip = createGzip();
      const file = createWriteStream(tableFile(partial, t.name));
      gzip.pipe(file);
      let at = { key: null as string | null, rows: 0 };
      for (;;) {
        const page = await source.page(t, at, 2000);
        for (const row of page.rows) if (!gzip.write(`${row}\n`)) await once(gzip, 'drain');
        at = { key: page.key, rows: at.rows + page.rows.length };
        if (page.rows.length < 2000) break;
      }
      gzip.end();
      await finished(file);
      tables.push({ ...t, rows: at.rows });
      o.log(`rows ${t.name} ${at.rows}`);
    }
    const sequences = await source.sequences();
    const level = await source.level();
    const refs = await source.fileKeys();
    await sql.query('commit');
    const store = localStorage(join(partial, 'files'));
    const files: Manifest['files'] = [];
    const missing: string[] = [];
    for (const [i, r] of refs.entries()) {
      if ((await o.files.size(r.key)) === null) {
        missing.push(r.key);
        continue;
      }
      const sum = await copyObject(o.files, store, r.key, r.contentType);
      if (r.sha256 && r.sha256 !== sum.sha256)
        o.log(`WARNING: ${r.key} differs from its upload's SHA-256 (backed up as stored)`);
      files.push({ ...r, ...sum });
      if ((i + 1) % 50 === 0 || i + 1 === refs.length) o.log(`files ${i + 1}/${refs.length}`);
    }
    if (missing.length && !o.allowMissing) {
      throw new Error(
        `数据引用的 ${missing.length} 个文件在存储中缺失 / ${missing.length} file(s) the rows refer to are missing from storage: ${missing.slice(0, 5).join(', ')}`,
      );
    }
    manifest = {
      format: 'pineguard-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      source: { driver: sql.driver, label: sql.label },
      migrations: level,
      tables,
      sequences,
      files,
    };
    writeFileSync(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 1));
  } finally {
    await sql.close();
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  o.log(`backup written to ${out}: ${manifest.tables.length} tables, ${manifest.files.length} files`);
  return manifest;
}

export function readManifest(dir: string): Manifest {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 'pineguard-backup')
    throw new Error(`${dir} 不是备份 / ${dir} is not a PineGuard backup`);
  const entries = journalOf(migrationsFolder).entries;
  const { count, last } = manifest.migrations;
  if (count > entries.length || entries[count - 1]?.tag !== last) {
    throw new Error(
      `备份来自更新或未知的版本 (${last}) / The backup is from a newer or unknown release (${last})`,
    );
  }
  return manifest;
}

/** A backup into an empty database (refused otherwise unless forced); resumable like a move. */
export async function restore(o: {
  from: string;
  target: Place;
  files: Storage;
  force: boolean;
  batch: number;
  log: (line: string) => void;
}): Promise<TransferReport> {
  const from = resolve(o.from);
  const manifest = readManifest(from);
  if ('dataDir' in o.target) assertNotInUse(o.target.dataDir);
  const source = backupSource(from, manifest);
  const target = await openSql(o.target);
  try {
    await lockTarget(target);
    o.log(`restore ${from} (${manifest.createdAt}) → ${target.label}`);
    return await transfer({
      source,
      target,
      files: { from: localStorage(join(from, 'files')), to: o.files },
      force: o.force,
      batch: o.batch,
      log: o.log,
    });
  } finally {
    await source.close();
    await target.close();
  }
}
