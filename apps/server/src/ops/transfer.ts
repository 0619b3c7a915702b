import { isDeepStrictEqual } from 'node:util';
import { migrationsFolder } from '../db/migrate.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { type FileRef, listTables, readSequences, rowCount, writeSequences } from './catalog.ts';
import { checkObjects, copyObjects, type FileSum } from './files.ts';
import { migrationsUpTo } from './migrations.ts';
import {
  copiedFiles,
  emptyTables,
  inTransaction,
  quietSession,
  readState,
  recordFile,
  setPhase,
  startState,
  tableProgress,
  writeBatch,
} from './progress.ts';
import { databaseSource, type RowSource } from './sources.ts';
import type { Sql } from './sql.ts';

export type TransferOptions = {
  source: RowSource;
  target: Sql;
  /** Where the source's files are, and where they go; `to` null leaves them where they are. */
  files: { from: Storage; to: Storage | null };
  force: boolean;
  batch: number;
  log: (line: string) => void;
};

export type TransferReport = {
  tables: { name: string; rows: number }[];
  files: { copied: number; checked: number; missing: string[] };
  resumed: boolean;
};

/** Is there anything in the target (the application's schemas or a foreign move's bookkeeping)? */
async function targetIsEmpty(target: Sql): Promise<boolean> {
  const [row] = await target.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle', 'pineguard_ops') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  );
  return (row?.n ?? 0) === 0;
}

async function wipe(target: Sql): Promise<void> {
  await target.query(`drop schema if exists pineguard_ops cascade`);
  await target.query(`drop schema if exists drizzle cascade`);
  await target.query(`drop schema if exists public cascade`);
  await target.query(`create schema public`);
}

/**
 * Copies a source (a database or a backup) into a target database: schema by this release's
 * migrations at the source's level, rows table by table in key order and batches, sequences,
 * files with their SHA-256; verifies; then migrates the target to this release. Run again after
 * an interruption, it goes on from where the target's bookkeeping says it stopped.
 */
export async function transfer(o: TransferOptions): Promise<TransferReport> {
  const level = await o.source.level();
  if (!level.count)
    throw new Error('源数据库未迁移，无可复制 / The source database was never migrated: nothing to copy');
  let state = await readState(o.target);
  if (state && state.source !== o.source.label && !o.force) {
    throw new Error(
      `目标库存有来自 ${state.source} 的未完成复制；加 --force 清空重来 / The target holds a copy from ${state.source}; pass --force to empty it and start again`,
    );
  }
  // --force starts over whatever the target holds; resuming is running again without it.
  if (!state || o.force) {
    if (!(await targetIsEmpty(o.target))) {
      if (!o.force)
        throw new Error(
          `目标库不为空；加 --force 将清空它 / The target database is not empty (${o.target.label}); pass --force to drop everything in it`,
        );
      o.log(`emptying the target (--force)`);
      await wipe(o.target);
    }
    await startState(o.target, o.source.label, level.count);
    state = await readState(o.target);
  }
  const resumed = state!.phase !== 'migrating';
  if (state!.level !== level.count)
    throw new Error('源数据库的迁移版本已变 / The source was migrated since this copy began');

  if (state!.phase === 'migrating') {
    o.log(`schema: migrations 1..${level.count} (${level.last})`);
    await o.target.migrate(migrationsUpTo(level.count));
    const tables = await listTables(o.target);
    await inTransaction(o.target, async () => {
      await emptyTables(o.target, tables);
      await setPhase(o.target, 'copying');
    });
  } else o.log(`resuming (phase ${state!.phase})`);

  const tables = await o.source.tables();
  const report: TransferReport = { tables: [], files: { copied: 0, checked: 0, missing: [] }, resumed };
  if ((await readState(o.target))!.phase === 'copying') {
    if (!(await quietSession(o.target))) o.log('note: no right to pause triggers; copying with checks on');
    for (const t of tables) await copyTable(o, t);
    await writeSequences(o.target, await o.source.sequences());
    await setPhase(o.target, 'files');
  }

  const refs = await o.source.fileKeys();
  const typeOf = new Map(refs.map((r) => [r.key, r.contentType]));
  if ((await readState(o.target))!.phase === 'files') {
    if (o.files.to) {
      const copy = await copyObjects({
        from: o.files.from,
        to: o.files.to,
        keys: refs.map((r) => r.key),
        done: await copiedFiles(o.target),
        contentType: (key) => typeOf.get(key) ?? 'application/octet-stream',
        record: (key, sum) => recordFile(o.target, key, sum.sha256, sum.bytes),
        log: o.log,
      });
      report.files.copied = copy.copied;
      report.files.missing = copy.missing;
    } else {
      for (const r of refs) if ((await o.files.from.size(r.key)) === null) report.files.missing.push(r.key);
    }
    await setPhase(o.target, 'verifying');
  }

  if ((await readState(o.target))!.phase === 'verifying') {
    report.files.checked = await verify(o, tables, refs);
    o.log(`schema: migrating to this release`);
    await o.target.migrate(migrationsFolder);
    await setPhase(o.target, 'done');
  } else {
    o.log('already done: verifying again');
    report.files.checked = await verify(o, tables, refs, true);
  }
  for (const t of tables) report.tables.push({ name: t.name, rows: await rowCount(o.target, t.name) });
  if (report.files.missing.length) {
    o.log(`WARNING: ${report.files.missing.length} file(s) the rows refer to are missing in the source`);
  }
  return report;
}

let lastLine = 0;

async function copyTable(o: TransferOptions, t: Awaited<ReturnType<RowSource['tables']>>[number]) {
  const progress = await tableProgress(o.target, t.name);
  if (progress.done) return;
  const total = await o.source.count(t);
  let at = { key: progress.key, rows: progress.rows };
  for (;;) {
    const page = await o.source.page(t, at, o.batch);
    const done = page.rows.length < o.batch;
    at = { key: page.key, rows: at.rows + page.rows.length };
    await writeBatch(o.target, t, page.rows, { ...at, done });
    // A line per table's first batch, then at most one a second, and its last.
    if (done || at.rows === page.rows.length || Date.now() - lastLine >= 1000) {
      o.log(`rows ${t.name} ${at.rows}/${total}`);
      lastLine = Date.now();
    }
    if (done) return;
  }
}

/** Counts, a sample of rows compared field by field, sequences, and every file's checksum. */
async function verify(
  o: TransferOptions,
  tables: Awaited<ReturnType<RowSource['tables']>>,
  refs: FileRef[],
  after = false,
) {
  const problems: string[] = [];
  const mirror = databaseSource(o.target);
  for (const t of tables) {
    const [want, got] = [await o.source.count(t), await rowCount(o.target, t.name)];
    if (want !== got) problems.push(`${t.name}: ${got} rows, source has ${want}`);
    // After the target moved on to this release its rows may have new columns: counts only.
    if (after) continue;
    const start = { key: null, rows: 0 };
    const a = (await o.source.page(t, start, 5)).rows.map((r) => JSON.parse(r) as unknown);
    const b = (await mirror.page(t, start, 5)).rows.map((r) => JSON.parse(r) as unknown);
    if (!isDeepStrictEqual(a, b)) problems.push(`${t.name}: sampled rows differ`);
  }
  if (!after) {
    const want = await o.source.sequences();
    const got = await readSequences(o.target);
    for (const s of want) {
      const g = got.find((x) => x.name === s.name);
      if (!g || g.lastValue !== s.lastValue || g.isCalled !== s.isCalled)
        problems.push(`sequence ${s.name} differs`);
    }
  }
  let checked = 0;
  if (o.files.to) {
    const sums = await copiedFiles(o.target);
    // The copy's sums are of the source's bytes: a file that differs from its row's SHA-256 was
    // already so in the source. It is copied as it is and named, not counted as a failed copy.
    const stale = refs.filter((r) => r.sha256 && sums.get(r.key) && sums.get(r.key)!.sha256 !== r.sha256);
    if (stale.length) {
      o.log(
        `WARNING: ${stale.length} file(s) already differ from their upload's SHA-256 in the source: ${stale
          .slice(0, 5)
          .map((r) => r.key)
          .join(', ')}`,
      );
    }
    const wanted = new Set(refs.map((r) => r.key));
    const present = new Map<string, FileSum>([...sums].filter(([k]) => wanted.has(k)));
    problems.push(...(await checkObjects(o.files.to, present)));
    checked = present.size;
  }
  if (problems.length) {
    throw new Error(`校验失败 / Verification failed:\n  ${problems.slice(0, 50).join('\n  ')}`);
  }
  o.log(
    `verified: ${tables.length} tables' row counts${after ? '' : ', sampled rows, sequences'}, ${checked} files' checksums`,
  );
  return checked;
}
