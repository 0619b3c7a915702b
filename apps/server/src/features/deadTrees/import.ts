import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { chinaToday, type Lang, t } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { XLSX_TYPE } from '../../platform/download.ts';
import { filesByIds, insertFile } from '../files/index.ts';
import { listSections } from '../projects/index.ts';
import { ImportRefused, type Parsed, parseCensus } from './parse.ts';
import * as q from './queries.ts';
import { addSheet, streamBook } from './workbook.ts';

/**
 * Running one import task (the job's work, jobs.ts): read and check the whole file (parse.ts),
 * write the error report, then the accepted rows with the task's final state in one transaction.
 */

export type ImportProgress = (percent: number) => Promise<void> | void;

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
  await deps.storage.put(storageKey, Readable.from([bytes]), XLSX_TYPE);
  const base = task.fileName.replace(/\.xlsx$/i, '');
  const row = await insertFile(deps.database.db, {
    projectCode: task.projectCode,
    ownerId: task.createdBy,
    kind: 'export',
    originalName: `${base}_${zh ? '错误报告' : 'errors'}.xlsx`.slice(0, 255),
    contentType: XLSX_TYPE,
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
  let read = 0; // of the sheet, 0–1
  let parsed: Parsed;
  try {
    const source = await deps.storage.get(file.storageKey);
    const ticker = setInterval(() => {
      void progress(read * 60).catch(() => {});
    }, 250);
    try {
      parsed = await parseCensus(source, { lang, today: chinaToday(), sections }, options.signal, (f) => {
        read = f;
      });
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
