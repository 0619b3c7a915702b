import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode, type KsssUploadItem, t } from '@pineguard/contract';
import { XLSX_TYPE } from '../../platform/download.ts';
import { AppError } from '../../platform/errors.ts';
import { storeUpload } from '../files/index.ts';
import { type DeadTreeContext, uploadTask } from './list.ts';
import * as q from './queries.ts';
import { cancelImportJob, scheduleImport } from './scheduling.ts';

/** A census spreadsheet uploaded (stored, its import started once per file) or its import cancelled. */

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
  if (row.task.jobId) await cancelImportJob(ctx.deps, row.task.jobId);
  return uploadTask(ctx, id);
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
  if (!name.endsWith('.xlsx') && part.mimetype !== XLSX_TYPE) {
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
  if (file.contentType !== XLSX_TYPE && file.contentType !== 'application/zip') {
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
  const jobId = await scheduleImport(deps, task, lang);
  if (jobId) await q.updateImport(db, task.id, { jobId });
  return { task: await uploadTask(ctx, task.id), again: false };
}
