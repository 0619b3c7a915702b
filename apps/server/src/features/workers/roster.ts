/**
 * The roster as people read it: the list (filters, keyset pages, totals remembered briefly), one
 * worker's page and the statistics page. Adding, editing and deleting are in rosterEdit.ts.
 */
import {
  ageOn,
  type LwryCensus,
  type LwryDetail,
  type LwryItem,
  type LwryListBody,
  type LwryListValue,
  maskIdNumber,
} from '@pineguard/contract';
import { fail } from '../../platform/errors.ts';
import * as projects from '../projects/index.ts';
import { userNames } from '../users/index.ts';
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts';
import { fileUrl, flag, listTotals, sectionScope, todayOf, type WorkerContext, workerOf } from './context.ts';
import { census } from './countQueries.ts';
import { areaName, listFaces, listHistory } from './detailQueries.ts';
import { toFace } from './faces.ts';
import * as q from './queries.ts';
import { auditFullIdRead, insuranceValid, seesFullIdNumber } from './rules.ts';

/** A row of the list as the spec names it (the detail adds to it). */
export function toItem(
  row: { worker: q.ListedWorker } & Pick<q.WorkerListRow, 'faceFileId' | 'sectionName' | 'addUser'>,
  today: string,
  fullId: boolean,
): LwryItem {
  const w = row.worker;
  return {
    id: w.id,
    name: w.name,
    idNumber: fullId ? w.idNumber : maskIdNumber(w.idNumber),
    phone: w.phone,
    sex: flag(w.sex === 1),
    birthday: w.birthDate,
    age: ageOn(w.birthDate, today),
    sectionCode: w.sectionCode,
    sectionName: row.sectionName ?? w.sectionCode,
    team: w.team,
    job: w.job,
    ifFace: flag(Boolean(w.currentFaceId)),
    faceUrl: fileUrl(row.faceFileId),
    ifToubao: flag(w.insured),
    bxStart: w.insuranceStart,
    bxEnd: w.insuranceEnd,
    bxValid: flag(insuranceValid(w, today)),
    examineStatus: w.reviewStatus as 0 | 1 | 2,
    examineReason: w.reviewReason,
    allowCard: flag(w.clockIn),
    complete: flag(Boolean(w.idCardFrontId && w.idCardBackId && w.currentFaceId)),
    addTime: w.createdAt.toISOString(),
    addUser: row.addUser ?? '',
  };
}

/** One page of workers, newest first, by the §3 filters; ID numbers masked. */
export async function list(ctx: WorkerContext, body: LwryListBody): Promise<LwryListValue> {
  const today = todayOf(ctx);
  const after = decodeCursor(body.cursor, 2);
  if (body.cursor && (!after || !isTimestampText(after[0]) || !isUuid(after[1]))) {
    throw fail.invalid('cursorInvalid');
  }
  const scope = await sectionScope(ctx);
  const { pageNum: _n, pageSize: _s, cursor: _c, ...filters } = body;
  // The filter's terms are built only when a page statement is compiled or a total is loaded.
  let whereSql: ReturnType<typeof q.workerWhere> | undefined;
  const where = () => (whereSql ??= q.workerWhere(ctx.projectCode, filters, today, scope));
  const { db } = ctx.deps.database;
  // Everything workerWhere reads: the project, today, the caller's sections and the filters.
  const totalKey = JSON.stringify([ctx.projectCode, today, scope ?? null, filters]);
  const [{ rows, next }, counted, sections] = await Promise.all([
    q.listWorkers(db, totalKey, where, body, after, q.matchesFirst(filters)),
    listTotals.get(db, totalKey, () => q.countWorkers(db, where())),
    projects.sectionNames(db, ctx.projectCode),
  ]);
  const names = await userNames(
    db,
    rows.flatMap((r) => (r.worker.createdBy ? [r.worker.createdBy] : [])),
  );
  const named = (r: q.WorkerPageRow) => ({
    ...r,
    sectionName: sections.get(r.worker.sectionCode) ?? null,
    addUser: r.worker.createdBy ? (names.get(r.worker.createdBy)?.name ?? null) : null,
  });
  return {
    list: rows.map((r) => toItem(named(r), today, false)),
    total: counted.total,
    totalExact: counted.totalExact,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

/** created_at as PostgreSQL prints it ('2026-11-23 08:00:00.123456+00'), with a real calendar date. */
function isTimestampText(v: unknown): boolean {
  const m =
    typeof v === 'string' &&
    /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const isUuid = (v: unknown) =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** One worker's page: the row, faces, history and region; a full ID number only with workers.idNumber. */
export async function detail(ctx: WorkerContext, id: string): Promise<LwryDetail> {
  const { db } = ctx.deps.database;
  const today = todayOf(ctx);
  const row = await workerOf(ctx, id);
  const full = seesFullIdNumber(ctx.auth);
  const w = row.worker;
  const [faces, history, regionName] = await Promise.all([
    listFaces(db, w.id),
    listHistory(db, w.id),
    areaName(db, w.regionCode),
  ]);
  if (full) await auditFullIdRead(db, ctx, w);
  return {
    ...toItem(row, today, full),
    projectcode: w.projectCode,
    regionCode: w.regionCode,
    regionName,
    idNumberMasked: !full,
    insurer: w.insurer,
    policyNo: w.policyNo,
    idCardFront: w.idCardFrontId,
    idCardBack: w.idCardBackId,
    idCardFrontUrl: fileUrl(w.idCardFrontId),
    idCardBackUrl: fileUrl(w.idCardBackId),
    faces: faces.map((f) => toFace(f, w.currentFaceId)),
    history: history.map((h) => ({ at: h.at.toISOString(), action: h.action, text: h.text, actor: h.actor })),
  };
}

/** The statistics page (劳务统计): counts by section and review status, clock-in, insurance ending, weeks. */
export async function statistics(ctx: WorkerContext): Promise<LwryCensus> {
  const today = todayOf(ctx);
  const where = q.workerWhere(ctx.projectCode, {}, today, await sectionScope(ctx));
  const c = await census(ctx.deps.database.db, where, today);
  return {
    total: c.bySection.reduce((n, s) => n + s.count, 0),
    bySection: c.bySection.map((s) => ({
      sectionCode: s.sectionCode,
      sectionName: s.sectionName ?? s.sectionCode,
      count: s.count,
    })),
    byStatus: c.byStatus.map((s) => ({ examineStatus: s.status as 0 | 1 | 2, count: s.count })),
    allowCard: c.clockIn,
    insuranceEnding: c.endingRows.map((r) => ({
      id: r.id,
      name: r.name,
      sectionName: r.sectionName ?? '',
      bxEnd: r.bxEnd ?? '',
    })),
    insuranceEndingCount: c.endingCount,
    perWeek: c.perWeek,
  };
}
