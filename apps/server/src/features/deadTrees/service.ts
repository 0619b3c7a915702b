import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  chinaToday,
  ErrorCode,
  type KsssDetailItem,
  type KsssItem,
  ksssTemplateColumns,
  type KsssUploadItem,
  type Lang,
  pineSpecies,
  t,
} from '@pineguard/contract';
import type ExcelJS from 'exceljs';
import { loadExcel, batchWritten } from '../../platform/excel.ts';
import { withUtf8Fix } from './xlsxUtf8.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import { filesByIds, insertFile, storeUpload } from '../files/index.ts';
import { listSections } from '../projects/index.ts';
import * as q from './queries.ts';
import {
  type CensusRow,
  checkHeaders,
  isBlankRow,
  MAX_REPORTED_ERRORS,
  MAX_ROWS,
  type RowError,
  validateRow,
} from './sheet.ts';

export type DeadTreeContext = { deps: AppDeps; auth: AuthContext; projectCode: string; lang: Lang };

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Shanghai wall-clock time, yyyy-MM-dd HH:mm:ss. */
const chinaTime = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
const fileUrl = (id: string | null) => (id ? `/api/file/${id}` : '');

// ---------------------------------------------------------------- lists

function toCensusItem(r: q.CensusListRow): KsssItem {
  const c = r.census;
  return {
    id: c.id,
    xiaobanCode: c.xiaobanCode,
    sectionCode: c.sectionCode,
    sectionName: r.sectionName ?? c.sectionCode,
    township: c.township,
    village: c.village,
    deadCount: c.deadCount,
    felledCount: c.felledCount,
    remainingCount: c.deadCount - c.felledCount,
    surveyDate: c.surveyDate,
    updateTime: chinaTime(c.updatedAt),
  };
}

function toTreeItem(r: q.TreeRow): KsssDetailItem {
  return {
    id: r.id,
    xiaobanCode: r.xiaobanCode,
    treeNo: r.treeNo,
    species: r.species,
    dbh: r.dbh,
    height: r.height,
    longitude: r.longitude,
    latitude: r.latitude,
    state: r.state === 1 ? 1 : 0,
    surveyDate: r.surveyDate,
    felledDate: r.felledDate ?? '',
    remark: r.remark,
  };
}

function toUploadItem(r: q.ImportListRow): KsssUploadItem {
  const x = r.task;
  return {
    id: x.id,
    fileName: x.fileName,
    rows: x.rows,
    accepted: x.accepted,
    rejected: x.rejected,
    state: x.state as KsssUploadItem['state'],
    progress: x.progress,
    message: x.message,
    userName: r.userName ?? '',
    addTime: chinaTime(x.createdAt),
    finishTime: chinaTime(x.finishedAt),
    fileUrl: fileUrl(x.fileId),
    errorUrl: fileUrl(x.errorFileId),
  };
}

export async function censusList(ctx: DeadTreeContext, input: Page & { xiaobanCode?: string | undefined }) {
  const page = await q.censusPage(ctx.deps.database.db, ctx.projectCode, input.xiaobanCode, input);
  return { ...page, list: page.list.map(toCensusItem) };
}

export async function treeList(ctx: DeadTreeContext, input: Page & { xiaobanCode?: string | undefined }) {
  const page = await q.treePage(ctx.deps.database.db, ctx.projectCode, input.xiaobanCode, input);
  return { ...page, list: page.list.map(toTreeItem) };
}

/** Upload tasks of the project (the sub-compartment filter does not apply to files). */
export async function uploadList(ctx: DeadTreeContext, input: Page) {
  let page = await q.importPage(ctx.deps.database.db, ctx.projectCode, input);
  if (
    await settleEndedJobs(
      ctx.deps,
      page.list.map((r) => r.task),
    )
  ) {
    page = await q.importPage(ctx.deps.database.db, ctx.projectCode, input);
  }
  return { ...page, list: page.list.map(toUploadItem) };
}

export async function uploadTask(ctx: DeadTreeContext, id: string): Promise<KsssUploadItem> {
  let row = await q.findImport(ctx.deps.database.db, ctx.projectCode, id);
  if (row && (await settleEndedJobs(ctx.deps, [row.task]))) {
    row = await q.findImport(ctx.deps.database.db, ctx.projectCode, id);
  }
  if (!row) throw new AppError(ErrorCode.notFound, 'ksssTaskNotFound');
  return toUploadItem(row);
}

// ---------------------------------------------------------------- files out

/**
 * Text that a spreadsheet program would take for a formula is written as a plain string cell
 * (exceljs writes strings as strings, never as formulas); nothing else is needed, and the
 * value reads back unchanged.
 */
type SheetSpec = { name: string; headers: string[]; widths?: number[] };

function streamBook(sheets: (book: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): {
  stream: PassThrough;
} {
  const out = new PassThrough();
  loadExcel()
    .then((excel) => {
      const book = new excel.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      return sheets(book).then(() => book.commit());
    })
    .catch((error: unknown) => out.destroy(error as Error));
  return { stream: out };
}

function addSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, spec: SheetSpec) {
  const sheet = book.addWorksheet(spec.name);
  sheet.columns = spec.headers.map((header, i) => ({
    header,
    key: String(i),
    width: spec.widths?.[i] ?? 14,
  }));
  return sheet;
}

const stamp = () => chinaToday().replaceAll('-', '');

export function template(lang: Lang): { fileName: string; stream: PassThrough } {
  const zh = lang !== 'en';
  const { stream } = streamBook(async (book) => {
    const sheet = addSheet(book, {
      name: zh ? '枯死松树普查' : 'Dead pine census',
      headers: ksssTemplateColumns.map((c) => c.zh),
      widths: ksssTemplateColumns.map((c) => (c.key === 'remark' ? 24 : 12)),
    });
    sheet.commit();
    const help = addSheet(book, {
      name: zh ? '填写说明' : 'How to fill in',
      headers: zh ? ['列', '必填', '说明'] : ['Column', 'Required', 'Notes'],
      widths: [14, 8, 70],
    });
    const notes: Record<string, [string, string]> = {
      sectionCode: ['本项目的标段编号，可空', 'A section code of this project, may be empty'],
      township: ['乡镇名称', 'Township name'],
      village: ['行政村名称', 'Village name'],
      xiaobanCode: [
        '小班号：字母、数字、-、_，最多 30 位',
        'Sub-compartment: letters, digits, - and _, up to 30',
      ],
      treeNo: ['树号：同一小班内不重复', 'Tree number, unique within the sub-compartment'],
      species: [pineSpecies.join('、'), pineSpecies.join(', ')],
      dbh: ['胸径，厘米，1–200', 'Diameter at breast height, cm, 1–200'],
      height: ['树高，米，0.5–60', 'Tree height, m, 0.5–60'],
      longitude: ['经度（WGS 84），73–136', 'Longitude (WGS 84), 73–136'],
      latitude: ['纬度（WGS 84），3–54', 'Latitude (WGS 84), 3–54'],
      state: ['未伐 或 已伐', '未伐 (standing) or 已伐 (felled)'],
      surveyDate: ['调查日期，如 2026-10-15', 'Survey date, e.g. 2026-10-15'],
      felledDate: ['已伐的树必填，不早于调查日期', 'Required when felled, not before the survey'],
      remark: ['最多 200 字', 'At most 200 characters'],
    };
    for (const c of ksssTemplateColumns) {
      const [zhNote, enNote] = notes[c.key]!;
      help
        .addRow([
          zh ? c.zh : `${c.zh} (${c.en})`,
          c.required ? (zh ? '是' : 'yes') : '',
          zh ? zhNote : enNote,
        ])
        .commit();
    }
    help.commit();
  });
  return { fileName: zh ? '枯死松树普查导入模板.xlsx' : 'dead-pine-census-template.xlsx', stream };
}

export function exportCensus(ctx: DeadTreeContext, xiaobanCode?: string) {
  const zh = ctx.lang !== 'en';
  const { stream } = streamBook(async (book) => {
    const sheet = addSheet(book, {
      name: zh ? '枯死松树普查' : 'Dead pine census',
      headers: zh
        ? ['小班号', '标段', '乡镇', '村', '枯死松树(株)', '已伐(株)', '剩余(株)', '调查日期', '更新时间']
        : [
            'Sub-compartment',
            'Section',
            'Township',
            'Village',
            'Dead pines',
            'Felled',
            'Remaining',
            'Survey date',
            'Updated',
          ],
      widths: [16, 16, 14, 14, 12, 10, 10, 12, 20],
    });
    for await (const batch of q.censusBatches(ctx.deps.database.db, ctx.projectCode, xiaobanCode)) {
      for (const r of batch) {
        const c = toCensusItem(r);
        sheet
          .addRow([
            c.xiaobanCode,
            c.sectionName,
            c.township,
            c.village,
            c.deadCount,
            c.felledCount,
            c.remainingCount,
            c.surveyDate,
            c.updateTime,
          ])
          .commit();
      }
      await batchWritten(sheet);
    }
    sheet.commit();
  });
  const fileName = zh
    ? `枯死松树普查_${ctx.projectCode}_${stamp()}.xlsx`
    : `dead-pine-census_${ctx.projectCode}_${stamp()}.xlsx`;
  return { fileName, stream };
}

export function exportTrees(ctx: DeadTreeContext, xiaobanCode?: string) {
  const zh = ctx.lang !== 'en';
  const { stream } = streamBook(async (book) => {
    // The detail export has the template's columns: it can be corrected and imported again.
    const sheet = addSheet(book, {
      name: zh ? '枯死松树明细' : 'Dead pine trees',
      headers: ksssTemplateColumns.map((c) => (zh ? c.zh : c.en)),
    });
    for await (const batch of q.treeBatches(ctx.deps.database.db, ctx.projectCode, xiaobanCode)) {
      for (const r of batch) {
        sheet
          .addRow([
            r.sectionCode,
            r.township,
            r.village,
            r.xiaobanCode,
            r.treeNo,
            r.species,
            r.dbh,
            r.height ?? '',
            r.longitude,
            r.latitude,
            r.state === 1 ? '已伐' : '未伐',
            r.surveyDate,
            r.felledDate ?? '',
            r.remark,
          ])
          .commit();
      }
    }
    sheet.commit();
  });
  const fileName = zh
    ? `枯死松树明细_${ctx.projectCode}_${stamp()}.xlsx`
    : `dead-pine-trees_${ctx.projectCode}_${stamp()}.xlsx`;
  return { fileName, stream };
}

// ---------------------------------------------------------------- import

/**
 * How the import runs: jobs.ts hands it to the job runner (answers the job id); without one it
 * runs at once. Kept as a hook so the service does not depend on the runner.
 */
export type ImportScheduler = (deps: AppDeps, task: q.ImportRow, lang: Lang) => Promise<string | null>;

let scheduler: ImportScheduler = async (deps, task, lang) => {
  await runImport(deps, task.id, { lang });
  return null;
};

export function useImportScheduler(next: ImportScheduler): void {
  scheduler = next;
}

type JobStatusOf = (deps: AppDeps, jobId: string) => Promise<{ status: string; error: string } | undefined>;
let jobStatus: JobStatusOf = async () => undefined;

export function useJobStatus(next: JobStatusOf): void {
  jobStatus = next;
}

type JobCancel = (deps: AppDeps, jobId: string) => Promise<void>;
let jobCancel: JobCancel = async () => undefined;

export function useJobCancel(next: JobCancel): void {
  jobCancel = next;
}

/**
 * Cancels an import still waiting or importing: the task shows cancelled at once and its job is
 * stopped; nothing of the file is written (the final write checks the task under a lock).
 */
export async function cancelUpload(ctx: DeadTreeContext, id: string): Promise<KsssUploadItem> {
  const db = ctx.deps.database.db;
  const row = await q.findImport(db, ctx.projectCode, id);
  if (!row) throw new AppError(ErrorCode.notFound, 'ksssTaskNotFound');
  if (!(await q.cancelImport(db, ctx.projectCode, id, t('zh-CN', 'ksssCancelled')))) {
    throw new AppError(ErrorCode.conflict, 'ksssCancelTooLate');
  }
  if (row.task.jobId) await jobCancel(ctx.deps, row.task.jobId);
  return uploadTask(ctx, id);
}

/**
 * A task still waiting or importing whose job has ended without finishing it (its attempts used
 * after restarts, timed out, cancelled) is marked failed with the job's reason; nothing of its
 * file was written. Called when tasks are read, so the list never shows "importing" for ever.
 */
async function settleEndedJobs(deps: AppDeps, rows: q.ImportRow[]): Promise<boolean> {
  let changed = false;
  for (const row of rows) {
    if ((row.state !== 0 && row.state !== 1) || !row.jobId) continue;
    const job = await jobStatus(deps, row.jobId);
    if (!job || job.status === 'failed' || job.status === 'cancelled') {
      const reason = job?.error
        ? `${t('zh-CN', 'ksssInterrupted')}（${job.error}）`
        : t('zh-CN', 'ksssInterrupted');
      await q.updateImport(deps.database.db, row.id, { state: 3, message: reason, finishedAt: new Date() });
      changed = true;
    }
  }
  return changed;
}

/**
 * Stores an uploaded spreadsheet and starts its import. The same bytes already imported (or being
 * imported) in this project answer that earlier task, and nothing changes.
 */
export async function upload(
  ctx: DeadTreeContext,
  part: MultipartFile,
): Promise<{ task: KsssUploadItem; again: boolean }> {
  const { deps, projectCode, lang } = ctx;
  const name = part.filename.toLowerCase();
  if (!name.endsWith('.xlsx') && part.mimetype !== XLSX) {
    part.file.resume();
    throw new AppError(ErrorCode.unsupportedMediaType, 'ksssNotSpreadsheet');
  }
  let file;
  try {
    file = await storeUpload(deps, ctx.auth, projectCode, 'import', part, lang);
  } catch (error) {
    if (error instanceof AppError && error.appCode === ErrorCode.unsupportedMediaType) {
      throw new AppError(ErrorCode.unsupportedMediaType, 'ksssNotSpreadsheet');
    }
    throw error;
  }
  if (file.contentType !== XLSX && file.contentType !== 'application/zip') {
    throw new AppError(ErrorCode.unsupportedMediaType, 'ksssNotSpreadsheet');
  }
  const db = deps.database.db;
  const earlier = await q.importOfSameFile(db, projectCode, file.sha256);
  if (earlier) {
    return { task: await uploadTask(ctx, earlier.id), again: true };
  }
  const task = await q.insertImport(db, {
    projectCode,
    fileId: file.id,
    fileName: file.name.slice(0, 200),
    sha256: file.sha256,
    createdBy: ctx.auth.userId,
  });
  const jobId = await scheduler(deps, task, lang);
  if (jobId) await q.updateImport(db, task.id, { jobId });
  return { task: await uploadTask(ctx, task.id), again: false };
}

export type ImportProgress = (percent: number) => Promise<void> | void;

/** Counts the bytes a stream yields (progress of the read, by the file's size). */
function counting(source: Readable, onBytes: (n: number) => void): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        onBytes((chunk as Buffer).length);
        yield chunk as Buffer;
      }
    })(),
  );
}

class ImportRefused extends Error {}

type Parsed = { rows: CensusRow[]; total: number; errors: RowError[]; rejected: number };

/** Reads the first worksheet as a stream: header check, then every row validated. */
async function parseCensus(
  source: Readable,
  check: Parameters<typeof validateRow>[2],
  signal?: AbortSignal,
): Promise<Parsed> {
  const excel = withUtf8Fix(await loadExcel());
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const out: Parsed = { rows: [], total: 0, errors: [], rejected: 0 };
  const seen = new Map<string, number>();
  let headerSeen = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (signal?.aborted) throw new Error('aborted');
        // exceljs numbers cells from 1: values[0] is empty.
        const cells = (row.values as unknown[]).slice(1);
        if (!headerSeen) {
          headerSeen = true;
          const problem = checkHeaders(cells, check.lang);
          if (problem) throw new ImportRefused(problem);
          continue;
        }
        if (isBlankRow(cells)) continue;
        out.total += 1;
        if (out.total > MAX_ROWS)
          throw new ImportRefused(t(check.lang, 'ksssTooManyRows', { limit: MAX_ROWS }));
        const result = validateRow(cells, row.number, check);
        let errors = 'errors' in result ? result.errors : [];
        if ('row' in result) {
          const key = `${result.row.xiaobanCode}\u0000${result.row.treeNo}`;
          const first = seen.get(key);
          if (first !== undefined) {
            const column = check.lang === 'en' ? 'Tree no.' : '树号';
            errors = [
              { row: row.number, column, message: t(check.lang, 'ksssDuplicateTree', { row: first }) },
            ];
          } else {
            seen.set(key, row.number);
            out.rows.push(result.row);
          }
        }
        if (errors.length) {
          out.rejected += 1;
          for (const e of errors) if (out.errors.length < MAX_REPORTED_ERRORS) out.errors.push(e);
        }
      }
      break; // the first worksheet is the census; others (notes) are not read
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    if ((error as Error).message === 'aborted') throw error;
    throw new ImportRefused(t(check.lang, 'ksssUnreadable'));
  }
  if (!headerSeen) throw new ImportRefused(t(check.lang, 'ksssUnreadable'));
  if (!out.total) throw new ImportRefused(t(check.lang, 'ksssNoRows'));
  return out;
}

/** The error report: row, column, message; at most MAX_REPORTED_ERRORS lines and a count of the rest. */
async function writeErrorReport(
  deps: AppDeps,
  task: q.ImportRow,
  parsed: Parsed,
  lang: Lang,
): Promise<string> {
  const zh = lang !== 'en';
  const { stream } = streamBook(async (book) => {
    const sheet = addSheet(book, {
      name: zh ? '错误报告' : 'Errors',
      headers: zh ? ['行号', '列', '说明'] : ['Row', 'Column', 'Message'],
      widths: [8, 14, 60],
    });
    for (const e of parsed.errors) sheet.addRow([e.row, e.column, e.message]).commit();
    const listedRows = new Set(parsed.errors.map((e) => e.row)).size;
    if (parsed.rejected > listedRows) {
      sheet.addRow(['', '', t(lang, 'ksssMoreErrors', { count: parsed.rejected - listedRows })]).commit();
    }
    sheet.commit();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const storageKey = `${task.projectCode}/export/ksss/${randomUUID()}.xlsx`;
  await deps.storage.put(storageKey, Readable.from([bytes]), XLSX);
  const base = task.fileName.replace(/\.xlsx$/i, '');
  const row = await insertFile(deps.database.db, {
    projectCode: task.projectCode,
    ownerId: task.createdBy,
    kind: 'export',
    originalName: `${base}_${zh ? '错误报告' : 'errors'}.xlsx`.slice(0, 255),
    contentType: XLSX,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey,
  });
  return row.id;
}

/**
 * Runs one import task: reads and checks the whole file first, then writes its accepted rows and
 * the recounted census in ONE transaction with the task's final state, so a process killed at
 * any moment leaves either nothing or the whole file. A task already finished is left alone.
 */
export async function runImport(
  deps: AppDeps,
  importId: string,
  options: { lang?: Lang; progress?: ImportProgress; signal?: AbortSignal } = {},
): Promise<{ state: number; accepted: number; rejected: number }> {
  const db = deps.database.db;
  const lang = options.lang ?? 'zh-CN';
  const task = await q.importById(db, importId);
  if (!task) throw new Error(`no import task ${importId}`);
  if (task.state === 2 || task.state === 3) return task;
  let last = -1;
  const progress = async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (p === last || (p - last < 5 && p < 100)) return;
    last = p;
    await q.updateImport(db, importId, { progress: p });
    await options.progress?.(p);
  };
  // Cancelled meanwhile: nothing to do.
  if (!(await q.startImport(db, importId))) return { state: 3, accepted: 0, rejected: 0 };
  const fail = async (message: string) => {
    await q.updateImport(db, importId, { state: 3, message, finishedAt: new Date() });
    return { state: 3, accepted: 0, rejected: 0 };
  };
  const [file] = await filesByIds(db, [task.fileId]);
  if (!file) return fail(t(lang, 'ksssUnreadable'));
  const sections = new Set((await listSections(deps, task.projectCode)).map((s) => s.code));
  let read = 0;
  let parsed: Parsed;
  try {
    const source = counting(await deps.storage.get(file.storageKey), (n) => {
      read += n;
    });
    const ticker = setInterval(() => {
      void progress((read / Math.max(1, file.bytes)) * 60).catch(() => {});
    }, 250);
    try {
      parsed = await parseCensus(source, { lang, today: chinaToday(), sections }, options.signal);
    } finally {
      clearInterval(ticker);
    }
  } catch (error) {
    if (error instanceof ImportRefused) return fail(error.message);
    throw error;
  }
  await progress(60);
  const errorFileId = parsed.rejected ? await writeErrorReport(deps, task, parsed, lang) : null;
  const accepted = parsed.rows.length;
  const written = await db.transaction(async (tx) => {
    // Cancelled while it was read: write nothing.
    if ((await q.lockImportState(tx, importId)) !== 1) return false;
    await q.writeTrees(tx, task.projectCode, importId, parsed.rows);
    await q.updateImport(tx, importId, {
      state: 2,
      progress: 100,
      rows: parsed.total,
      accepted,
      rejected: parsed.rejected,
      errorFileId,
      message: t(lang, 'ksssImported', { accepted, rejected: parsed.rejected }),
      finishedAt: new Date(),
    });
    return true;
  });
  if (!written) return { state: 3, accepted: 0, rejected: 0 };
  await options.progress?.(100);
  return { state: 2, accepted, rejected: parsed.rejected };
}

/**
 * Tasks a dead process left waiting or importing wrote nothing (the rows go in with the final
 * state, in one transaction): they are marked failed with the reason, to be uploaded again.
 */
export async function failInterruptedImports(deps: AppDeps, ids?: string[]): Promise<number> {
  const rows = await q.interruptedImports(deps.database.db, ids);
  for (const row of rows) {
    await q.updateImport(deps.database.db, row.id, {
      state: 3,
      message: t('zh-CN', 'ksssInterrupted'),
      finishedAt: new Date(),
    });
  }
  return rows.length;
}
