import {
  chinaDateTime,
  ErrorCode,
  type KsssDetailItem,
  type KsssItem,
  type KsssUploadItem,
  type Lang,
} from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import * as q from './queries.ts';
import { settleEndedJobs } from './scheduling.ts';

/** The census lists: per sub-compartment, per tree, and the upload tasks with their state. */

export type DeadTreeContext = { deps: AppDeps; auth: AuthContext; projectCode: string; lang: Lang };

/** A time as the lists show it (China time, to the second); empty when not set. */
const shownTime = (d: Date | null) => (d ? chinaDateTime(d) : '');
const fileUrl = (id: string | null) => (id ? `/api/file/${id}` : '');

export function toCensusItem(r: q.CensusListRow): KsssItem {
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
    updateTime: shownTime(c.updatedAt),
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
    addTime: shownTime(x.createdAt),
    finishTime: shownTime(x.finishedAt),
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
