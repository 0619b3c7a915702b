import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  chinaDateTime,
  chinaStamp,
  downloadTypeOf,
  EXPORT_KEEP_DAYS,
  type ExportBody,
  type ExportFormat,
  type ExportQuery,
  type ExportRecord,
  type Lang,
  type RecordRow,
} from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { XLSX_TYPE } from '../../platform/download.ts';
import { fail } from '../../platform/errors.ts';
import { csvRow } from '../../platform/excel.ts';
import {
  cancelJob,
  enqueueJob,
  type JobContext,
  type JobRow,
  registerDailyJob,
  registerJobKind,
} from '../../platform/jobs.ts';
import { filesByIds, signMedia } from '../files/index.ts';
import { notify } from '../notices/index.ts';
import { checkRecordFilter, type RecordPageFilter, recordPages } from '../records/index.ts';
import { exportColumns, mediaIds } from './columns.ts';
import { writeExcel } from './excel.ts';
import { writeGeoJson } from './geojson.ts';
import * as q from './queries.ts';
import { writeShapefileZip } from './shapefile.ts';
import { zipFiles, type ZipEntry } from './zip.ts';

export const EXPORT_JOB = 'exports.write';
export const EXPORT_CLEANUP_JOB = 'exports.cleanup';
const BATCH = 1000;

/** Who asked, kept on the job: the export reads the records as that person would list them. */
type AuthSnapshot = Omit<AuthContext, 'permissions'> & { permissions: string[] };
type ExportJobParams = {
  exportId: string;
  format: ExportFormat;
  filter: RecordPageFilter;
  media: 'all' | 'photo' | 'video';
  lang: Lang;
  /** The site's address as the caller reached it: photo links in the Excel file start with it. */
  origin: string;
  auth: AuthSnapshot;
};

const extensionOf: Record<ExportFormat, string> = {
  shapefile: 'zip',
  excel: 'xlsx',
  geojson: 'geojson',
  media: 'zip',
};
const contentTypeOf: Record<ExportFormat, string> = {
  shapefile: 'application/zip',
  excel: XLSX_TYPE,
  geojson: 'application/geo+json',
  media: 'application/zip',
};
const formatWord: Record<ExportFormat, { 'zh-CN': string; en: string }> = {
  shapefile: { 'zh-CN': '矢量数据', en: 'shapefile' },
  excel: { 'zh-CN': '采集数据', en: 'records' },
  geojson: { 'zh-CN': '点位', en: 'geojson' },
  media: { 'zh-CN': '照片视频', en: 'media' },
};

export function toWire(r: q.ExportView): ExportRecord {
  return {
    id: r.id,
    recordName: r.name,
    downloadType: r.downloadType as 1 | 2 | 3,
    format: r.format as ExportFormat,
    addTime: chinaDateTime(r.createdAt),
    status: Number(r.status) as ExportRecord['status'],
    progress: Number(r.progress),
    downloadUrl: Number(r.status) === 1 ? `/api/download/file/${r.id}` : '',
    rows: r.rows,
    size: r.size,
    error: r.error,
  };
}

/**
 * Starts an export of the data list's filter: checks it as the list would (the project's own
 * table, the caller's sections), stores the export record (status 0) and queues the job. Answers
 * at once; the drawer follows the record.
 */
export async function startExport(
  deps: AppDeps,
  auth: AuthContext,
  lang: Lang,
  format: ExportFormat,
  query: ExportQuery,
  body: ExportBody,
  origin: string,
): Promise<ExportRecord> {
  const projectCode = query.prjCode;
  // Never silently export the caller's own project when another is named (the route's project
  // check refuses a prjCode other than the session's; the body must agree with the query).
  if (!auth.isSuperAdmin && projectCode !== auth.projectCode) throw fail.forbidden('otherProject');
  if (body.prjCode && body.prjCode !== projectCode) throw fail.forbidden('otherProject');
  if (body.prjStandCode && body.prjStandCode !== query.prjStandCode) {
    throw fail.invalid('tableNotInProject', { code: body.prjStandCode });
  }
  const filter: RecordPageFilter = {
    prjStandCode: query.prjStandCode,
    prjCode: projectCode,
    ...(body.biaoduan ? { biaoduan: body.biaoduan } : {}),
    ...(body.begin ? { begin: body.begin } : {}),
    ...(body.end ? { end: body.end } : {}),
    ...(body.keyWords ? { keyWords: body.keyWords } : {}),
    ...(body.codeState ? { codeState: body.codeState } : {}),
  };
  await checkRecordFilter(deps, auth, projectCode, filter);
  const now = new Date();
  const name = `${formatWord[format][lang]}_${query.prjStandCode}_${chinaStamp(now)}.${extensionOf[format]}`;
  const { db } = deps.database;
  const record = await q.insertExport(db, {
    userId: auth.userId,
    projectCode,
    name,
    format,
    downloadType: downloadTypeOf[format],
    filter,
  });
  const params: ExportJobParams = {
    exportId: record.id,
    format,
    filter,
    media: query.media ?? 'all',
    lang,
    origin,
    auth: { ...auth, permissions: [...auth.permissions] },
  };
  const job = await enqueueJob(deps, { kind: EXPORT_JOB, projectCode, userId: auth.userId, params });
  await q.updateExport(db, record.id, { jobId: job.id });
  return toWire((await q.findExport(db, record.id))!);
}

/** GET /api/download/recordList: the caller's exports of the last week, newest first. */
export async function recentExports(deps: AppDeps, auth: AuthContext): Promise<ExportRecord[]> {
  const since = new Date(Date.now() - EXPORT_KEEP_DAYS * 86_400_000);
  return (await q.recentExports(deps.database.db, auth.userId, since)).map(toWire);
}

async function ownExport(deps: AppDeps, auth: AuthContext, id: string) {
  const row = await q.findExport(deps.database.db, id);
  // Another person's export is "not found", not "forbidden": its existence is not theirs to learn.
  if (!row || row.userId !== auth.userId) throw fail.notFound();
  return row;
}

/** The finished file, for the caller who asked for it. */
export async function openExport(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number | null }> {
  const row = await ownExport(deps, auth, id);
  if (Number(row.status) === -1) throw fail.notFound('exportExpired');
  if (Number(row.status) !== 1 || !row.storageKey) throw fail.conflict('exportNotReady');
  const stream = await deps.storage.get(row.storageKey);
  return {
    stream,
    fileName: row.fileName ?? row.name,
    contentType: contentTypeOf[row.format as ExportFormat] ?? 'application/octet-stream',
    size: row.size,
  };
}

/** Cancels a running export: its job stops at its next page, the record reads as failed (cancelled). */
export async function cancelExport(deps: AppDeps, auth: AuthContext, id: string): Promise<ExportRecord> {
  const row = await ownExport(deps, auth, id);
  if (Number(row.status) !== 0) throw fail.conflict('exportNotCancellable');
  if (row.jobId) await cancelJob(deps, row.jobId);
  await q.updateExport(deps.database.db, id, {
    status: 2,
    error: '已取消 / cancelled',
    finishedAt: new Date(),
  });
  return toWire((await q.findExport(deps.database.db, id))!);
}

/** Once an export has ended (finished, or failed for good), its owner gets a notice. */
async function onExportSettled(deps: AppDeps, record: ExportRecord, userId: string, projectCode: string) {
  const finished = record.status === 1;
  await notify(deps, {
    recipientId: userId,
    projectCode,
    kind: finished ? 'exportFinished' : 'exportFailed',
    key: finished ? 'noticeExportFinished' : 'noticeExportFailed',
    params: { name: record.recordName, reason: record.error ?? '' },
    link: '',
  });
}

function restoreAuth(s: AuthSnapshot): AuthContext {
  return { ...s, permissions: new Set(s.permissions) };
}

/** Pages of rows of the filter, reporting progress and stopping when the job is cancelled. */
async function* rowsOf(ctx: JobContext, params: ExportJobParams, total: number): AsyncGenerator<RecordRow[]> {
  const auth = restoreAuth(params.auth);
  let seen = 0;
  for await (const page of recordPages(ctx.deps, auth, params.filter.prjCode!, params.filter, BATCH)) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    yield page.rows;
    seen += page.rows.length;
    // The last 5 % is for packing and storing the file.
    await ctx.progress(Math.min(95, total ? (seen / total) * 95 : 95), { rows: seen });
  }
}

async function runExport(job: JobRow, ctx: JobContext): Promise<unknown> {
  const params = job.params as ExportJobParams;
  const { deps } = ctx;
  const { db } = deps.database;
  const record = await q.findExportRow(db, params.exportId);
  if (!record || record.status !== 0) return { skipped: true };
  const dir = await mkdtemp(join(tmpdir(), 'pineguard-export-'));
  try {
    const auth = restoreAuth(params.auth);
    const projectCode = params.filter.prjCode!;
    const { columns: descriptors, total } = await checkRecordFilter(deps, auth, projectCode, params.filter);
    const columns = exportColumns(descriptors, params.lang);
    const rows = rowsOf(ctx, params, total);
    const base = record.name.replace(/\.[^.]+$/, '');
    const asciiBase = params.filter.prjStandCode;
    let written: { file: string; rows: number };
    if (params.format === 'excel') {
      // Links to photos stay valid as long as the export is kept.
      const media = { ...deps.config.media, ttlMinutes: EXPORT_KEEP_DAYS * 24 * 60 };
      const link = (fileId: string) => `${params.origin}${signMedia(media, fileId, 'full').url}`;
      written = await writeExcel(rows, columns, join(dir, 'export.xlsx'), params.filter.prjStandCode, link);
    } else if (params.format === 'shapefile') {
      written = await writeShapefileZip(rows, columns, dir, asciiBase);
    } else if (params.format === 'geojson') {
      written = await writeGeoJson(rows, columns, join(dir, 'export.geojson'));
    } else {
      written = await writeMediaZip(deps, rows, columns, join(dir, 'media.zip'), projectCode, params.media);
    }
    const size = (await stat(written.file)).size;
    const key = `exports/${projectCode}/${record.id}/${base}.${extensionOf[params.format]}`;
    await deps.storage.put(key, createReadStream(written.file), contentTypeOf[params.format]);
    // Cancelled while the file was being stored: keep nothing.
    const current = await q.findExportRow(db, record.id);
    if (current?.status !== 0) {
      await deps.storage.delete(key).catch(() => undefined);
      return { cancelled: true };
    }
    await q.updateExport(db, record.id, {
      status: 1,
      progress: 100,
      storageKey: key,
      fileName: record.name,
      size,
      rows: written.rows,
      finishedAt: new Date(),
    });
    await onExportSettled(
      deps,
      toWire((await q.findExport(db, record.id))!),
      record.userId,
      record.projectCode,
    );
    return { rows: written.rows, size };
  } catch (error) {
    // The runner retries; on the last attempt the record is failed with the reason.
    if (job.attempts >= job.maxAttempts && !ctx.signal.aborted) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await q.updateExport(db, record.id, { status: 2, error: reason, finishedAt: new Date() });
      await onExportSettled(
        deps,
        toWire((await q.findExport(db, record.id))!),
        record.userId,
        record.projectCode,
      );
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The photos and videos of the selected records, under <record id>/<column>_<n>.<ext>, and an index CSV. */
async function writeMediaZip(
  deps: AppDeps,
  rows: AsyncIterable<RecordRow[]>,
  columns: ReturnType<typeof exportColumns>,
  file: string,
  projectCode: string,
  which: 'all' | 'photo' | 'video',
): Promise<{ file: string; rows: number }> {
  const mediaColumns = columns.filter((c) => c.kind === 'media');
  let count = 0;
  const index: string[] = ['record,column,file,name'];
  async function* entries(): AsyncGenerator<ZipEntry> {
    for await (const batch of rows) {
      count += batch.length;
      const refs = batch.flatMap((row) =>
        mediaColumns.flatMap((c) => mediaIds(row[c.code]).map((id, n) => ({ row, column: c.code, id, n }))),
      );
      const files = new Map(
        (
          await filesByIds(
            deps.database.db,
            refs.map((r) => r.id),
          )
        ).map((f) => [f.id, f]),
      );
      for (const ref of refs) {
        const f = files.get(ref.id);
        if (!f || f.projectCode !== projectCode) continue;
        const kind = f.kind === 'video' ? 'video' : 'photo';
        if (which !== 'all' && which !== kind) continue;
        const ext = (/\.[A-Za-z0-9]{1,8}$/.exec(f.originalName)?.[0] ?? '').toLowerCase();
        const name = `${ref.row.id}/${ref.column}_${ref.n + 1}${ext}`;
        // The original name is the uploader's text: formula-safe, like every exported cell.
        index.push(csvRow([ref.row.id, ref.column, name, f.originalName]));
        yield { name, open: () => deps.storage.get(f.storageKey) };
      }
    }
    yield { name: 'index.csv', content: `\ufeff${index.join('\r\n')}\r\n` };
  }
  await zipFiles(file, entries());
  return { file, rows: count };
}

/** Daily: exports older than a week lose their file and read as expired (−1). */
async function expireExports(_job: JobRow, ctx: JobContext): Promise<unknown> {
  const { db } = ctx.deps.database;
  const before = new Date(Date.now() - EXPORT_KEEP_DAYS * 86_400_000);
  let expired = 0;
  for (;;) {
    const batch = await q.exportsToExpire(db, before);
    if (!batch.length) return { expired };
    for (const e of batch) {
      if (e.storageKey) await ctx.deps.storage.delete(e.storageKey).catch(() => undefined);
      await q.markExpired(db, e.id);
      expired += 1;
    }
  }
}

registerJobKind(EXPORT_JOB, runExport, { maxAttempts: 2, timeoutMs: 60 * 60_000 });
registerJobKind(EXPORT_CLEANUP_JOB, expireExports);
registerDailyJob(EXPORT_CLEANUP_JOB, { hour: 3, minute: 30 });

export { expireExports as runExportCleanup };
