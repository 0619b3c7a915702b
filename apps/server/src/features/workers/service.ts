import { PassThrough } from 'node:stream';
import {
  ageOn,
  chinaToday,
  ErrorCode,
  ExamineStatus,
  fileKindLabels,
  fieldLabels,
  fileKinds,
  type Lang,
  type LwryCensus,
  type LwryDetail,
  type LwryFace,
  type LwryInsertBody,
  type LwryItem,
  type LwryListBody,
  type LwryListValue,
  type LwryUpdateBody,
  addDays,
  type ClockInBody,
  type ClockInItem,
  type ClockInValue,
  clockInBody,
  maskIdNumber,
  parseIdNumber,
  t,
} from '@pineguard/contract';
import { loadExcel, batchWritten } from '../../platform/excel.ts';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts';
import { fileOfProject } from '../files/index.ts';
import { notify, notifyHolders } from '../notices/index.ts';
import * as projects from '../projects/index.ts';
import * as users from '../users/index.ts';
import * as q from './queries.ts';

/** Who asks, in which project, in which language, on which China date. */
export type WorkerContext = {
  deps: AppDeps;
  auth: AuthContext;
  projectCode: string;
  lang: Lang;
  today?: string;
};

const todayOf = (ctx: WorkerContext) => ctx.today ?? chinaToday();
const fileUrl = (id: string | null) => (id ? `/api/file/${id}` : null);
const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** A user whose only role here is section manager sees and manages their own sections only. */
async function sectionScope(ctx: WorkerContext): Promise<string[] | undefined> {
  const { auth } = ctx;
  if (auth.isSuperAdmin || !auth.roleCodes.length) return undefined;
  if (!auth.roleCodes.every((c) => c === 'section_manager')) return undefined;
  return projects.managedSectionCodes(ctx.deps.database.db, ctx.projectCode, auth.userId);
}

export function seesFullIdNumber(auth: AuthContext): boolean {
  return auth.isSuperAdmin || auth.permissions.has('workers.idNumber');
}

function missingForApproval(w: q.WorkerRow, lang: Lang): string[] {
  const missing: string[] = [];
  if (!w.idCardFrontId) missing.push(fieldLabels.idCardFront![lang]);
  if (!w.idCardBackId) missing.push(fieldLabels.idCardBack![lang]);
  if (!w.currentFaceId) missing.push(fieldLabels.fileId![lang]);
  return missing;
}

function insuranceValid(w: q.WorkerRow, today: string): boolean {
  return Boolean(
    w.insured && w.insuranceStart && w.insuranceEnd && w.insuranceStart <= today && w.insuranceEnd >= today,
  );
}

function toItem(row: q.WorkerListRow, today: string, fullId: boolean): LwryItem {
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

/** The worker of the current project (and of the caller's sections), or a clear refusal. */
async function workerOf(ctx: WorkerContext, id: string, db: Executor = ctx.deps.database.db) {
  const row = await q.findWorker(db, ctx.projectCode, id);
  if (!row) {
    const other = await q.projectOfWorker(db, id);
    if (other) throw new AppError(ErrorCode.forbidden, 'otherProject');
    throw fail.notFound('workerNotFound');
  }
  const scope = await sectionScope(ctx);
  if (scope && !scope.includes(row.worker.sectionCode)) throw fail.forbidden('workerSectionNotYours');
  return row;
}

/**
 * Totals of recent list filters in this process: a page turn (or a second caller with the same
 * filter) does not count again within TOTAL_TTL_MS. Every worker change made here forgets them;
 * another instance's change shows within the TTL. See docs/decisions/0093-worker-totals.md.
 */
const TOTAL_TTL_MS = 10_000;
const TOTALS_MAX = 500;
const totals = new Map<string, { at: number; total: number; totalExact: boolean }>();
function forgetTotals() {
  totals.clear();
}

export async function list(ctx: WorkerContext, body: LwryListBody): Promise<LwryListValue> {
  const today = todayOf(ctx);
  const after = decodeCursor(body.cursor, 2);
  if (body.cursor && (!after || !isTimestampText(after[0]) || !isUuid(after[1]))) {
    throw fail.invalid('cursorInvalid');
  }
  const scope = await sectionScope(ctx);
  const { pageNum: _n, pageSize: _s, cursor: _c, ...filters } = body;
  const where = q.workerWhere(ctx.projectCode, filters, today, scope);
  const { db } = ctx.deps.database;
  const cacheKey = JSON.stringify([ctx.projectCode, today, scope ?? null, filters]);
  const cached = totals.get(cacheKey);
  const [{ rows, next }, counted] = await Promise.all([
    q.listWorkers(db, where, body, after, q.matchesFirst(filters)),
    cached && Date.now() - cached.at < TOTAL_TTL_MS ? cached : q.countWorkers(db, where),
  ]);
  if (counted !== cached) {
    if (totals.size >= TOTALS_MAX) totals.delete(totals.keys().next().value!);
    totals.set(cacheKey, { ...counted, at: Date.now() });
  }
  return {
    list: rows.map((r) => toItem(r, today, false)),
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

export async function detail(ctx: WorkerContext, id: string): Promise<LwryDetail> {
  const { db } = ctx.deps.database;
  const today = todayOf(ctx);
  const row = await workerOf(ctx, id);
  const full = seesFullIdNumber(ctx.auth);
  const w = row.worker;
  const [faces, history, regionName] = await Promise.all([
    q.listFaces(db, w.id),
    q.listHistory(db, w.id),
    q.areaName(db, w.regionCode),
  ]);
  if (full) {
    await audit(db, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'read',
      entity: 'worker',
      entityId: w.id,
      summary: w.name,
      params: { kind: 'idNumber', name: w.name },
    });
  }
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

function toFace(f: { id: string; fileId: string; createdAt: Date }, currentId: string | null): LwryFace {
  return {
    id: f.id,
    fileId: f.fileId,
    url: `/api/file/${f.fileId}`,
    current: flag(f.id === currentId),
    addTime: f.createdAt.toISOString(),
  };
}

export async function loadIdCard(ctx: WorkerContext, idNumber: string) {
  const today = todayOf(ctx);
  const parsed = parseIdNumber(idNumber, today);
  if (!parsed.ok) throw fail.invalid(parsed.problem);
  const { db } = ctx.deps.database;
  const v = parsed.value;
  return {
    idNumber: v.idNumber,
    birthday: v.birthDate,
    sex: v.sex,
    age: ageOn(v.birthDate, today),
    regionCode: v.regionCode,
    regionName: await q.areaName(db, v.regionCode),
    existing: (await q.findByIdNumber(db, ctx.projectCode, v.idNumber)) ?? null,
  };
}

async function checkFile(ctx: WorkerContext, id: string | null, kind: 'idCard' | 'face', field: string) {
  if (!id) return;
  const file = await fileOfProject(ctx.deps, ctx.projectCode, id);
  const ok =
    file &&
    (file.kind === kind || (kind === 'idCard' && file.kind === 'photo')) &&
    file.contentType.startsWith('image/');
  if (!ok) {
    throw fail.invalid('workerFileInvalid', {
      field: fieldLabels[field]?.[ctx.lang] ?? field,
      kind: fileKindLabels[kind][ctx.lang],
    });
  }
}

async function checkSection(ctx: WorkerContext, code: string) {
  const section = await q.sectionOf(ctx.deps.database.db, ctx.projectCode, code);
  if (!section) throw fail.invalid('workerSectionUnknown', { code });
  const scope = await sectionScope(ctx);
  if (scope && !scope.includes(code)) throw fail.forbidden('workerSectionNotYours');
  return section;
}

type Fields = Omit<LwryInsertBody, 'projectcode'>;

async function validateFields(ctx: WorkerContext, body: Fields, exceptId?: string) {
  await checkSection(ctx, body.sectionCode);
  const taken = await q.findByIdNumber(ctx.deps.database.db, ctx.projectCode, body.idNumber);
  if (taken && taken.id !== exceptId) {
    throw fail.conflict('workerIdNumberTaken', { idNumber: maskIdNumber(body.idNumber), name: taken.name });
  }
  await checkFile(ctx, body.idCardFront, 'idCard', 'idCardFront');
  await checkFile(ctx, body.idCardBack, 'idCard', 'idCardBack');
  for (const id of body.faceFileIds) await checkFile(ctx, id, 'face', 'faceFileIds');
  const parsed = parseIdNumber(body.idNumber, todayOf(ctx));
  if (!parsed.ok) throw fail.invalid(parsed.problem);
  return parsed.value;
}

function columnsOf(body: Fields) {
  return {
    name: body.name,
    phone: body.phone,
    sectionCode: body.sectionCode,
    team: body.team,
    job: body.job,
    insured: body.ifToubao === 1,
    insurer: body.insurer,
    policyNo: body.policyNo,
    insuranceStart: body.bxStart,
    insuranceEnd: body.bxEnd,
    idCardFrontId: body.idCardFront,
    idCardBackId: body.idCardBack,
  };
}

async function addFaces(tx: Executor, ctx: WorkerContext, workerId: string, fileIds: string[]) {
  let last: string | undefined;
  for (const fileId of fileIds)
    last = (await q.insertFace(tx, { workerId, fileId, createdBy: ctx.auth.userId })).id;
  return last;
}

export async function insert(ctx: WorkerContext, body: Fields) {
  forgetTotals();
  const parsed = await validateFields(ctx, body);
  return ctx.deps.database.db.transaction(async (tx) => {
    const created = await q.insertWorker(tx, {
      ...columnsOf(body),
      projectCode: ctx.projectCode,
      idNumber: parsed.idNumber,
      sex: parsed.sex,
      birthDate: parsed.birthDate,
      regionCode: parsed.regionCode,
      createdBy: ctx.auth.userId,
    });
    const face = await addFaces(tx, ctx, created.id, body.faceFileIds);
    if (face) await q.updateWorker(tx, created.id, { currentFaceId: face });
    await q.addHistory(tx, {
      workerId: created.id,
      actorId: ctx.auth.userId,
      action: 'create',
      text: created.name,
    });
    await audit(tx, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'create',
      entity: 'worker',
      entityId: created.id,
      summary: `${created.name} ${maskIdNumber(created.idNumber)}`,
      params: { name: created.name },
    });
    // A new worker waits for review: the project's reviewers hear of it.
    await notifyHolders(
      ctx.deps,
      'workers.review',
      {
        projectCode: ctx.projectCode,
        kind: 'workerPending',
        key: 'noticeWorkerPending',
        params: { name: created.name },
        link: `/lwrymanager/list?id=${created.id}`,
      },
      tx,
    );
    return { id: created.id };
  });
}

export async function update(ctx: WorkerContext, body: LwryUpdateBody) {
  forgetTotals();
  const before = (await workerOf(ctx, body.id)).worker;
  const parsed = await validateFields(ctx, body, body.id);
  const today = todayOf(ctx);
  await ctx.deps.database.db.transaction(async (tx) => {
    const changes = {
      ...columnsOf(body),
      idNumber: parsed.idNumber,
      sex: parsed.sex,
      birthDate: parsed.birthDate,
      regionCode: parsed.regionCode,
    };
    let after = await q.updateWorker(tx, body.id, changes);
    const face = await addFaces(tx, ctx, body.id, body.faceFileIds);
    if (face && !after.currentFaceId) after = await q.updateWorker(tx, body.id, { currentFaceId: face });
    const history = [
      {
        workerId: body.id,
        actorId: ctx.auth.userId,
        action: 'update',
        text: changedFields(before, after).join(', '),
      },
    ];
    // A change of identity sends an approved worker back to review; clock-in follows the rules.
    if (
      before.reviewStatus === ExamineStatus.approved &&
      (before.idNumber !== after.idNumber || before.name !== after.name)
    ) {
      after = await q.updateWorker(tx, body.id, { reviewStatus: ExamineStatus.pending, clockIn: false });
      history.push({
        workerId: body.id,
        actorId: ctx.auth.userId,
        action: 'review',
        text: 'identity changed: back to pending',
      });
    } else if (after.clockIn && clockInProblems(after, today, ctx.lang).length) {
      after = await q.updateWorker(tx, body.id, { clockIn: false });
      history.push({
        workerId: body.id,
        actorId: ctx.auth.userId,
        action: 'clockIn',
        text: 'off: ' + clockInProblems(after, today, ctx.lang).join('; '),
      });
    }
    await q.addHistory(tx, history);
    await audit(tx, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'update',
      entity: 'worker',
      entityId: body.id,
      summary: after.name,
      params: { name: after.name },
      before: { ...before, idNumber: maskIdNumber(before.idNumber) },
      after: { ...after, idNumber: maskIdNumber(after.idNumber) },
    });
  });
}

function changedFields(before: q.WorkerRow, after: q.WorkerRow): string[] {
  const skip = new Set(['updatedAt']);
  return (Object.keys(after) as (keyof q.WorkerRow)[]).filter(
    (k) => !skip.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

export async function remove(ctx: WorkerContext, id: string) {
  forgetTotals();
  const w = (await workerOf(ctx, id)).worker;
  await ctx.deps.database.db.transaction(async (tx) => {
    await q.updateWorker(tx, id, { deletedAt: new Date(), clockIn: false });
    await q.addHistory(tx, { workerId: id, actorId: ctx.auth.userId, action: 'delete', text: w.name });
    await audit(tx, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'delete',
      entity: 'worker',
      entityId: id,
      summary: w.name,
      params: { name: w.name },
    });
  });
}

/** Why a worker may not clock in today; empty when they may. */
export function clockInProblems(w: q.WorkerRow, today: string, lang: Lang): string[] {
  const problems: string[] = [];
  if (w.reviewStatus !== ExamineStatus.approved) problems.push(t(lang, 'clockInNotApproved'));
  if (!w.insured) problems.push(t(lang, 'clockInNotInsured'));
  else if (!insuranceValid(w, today)) {
    problems.push(
      t(lang, 'clockInInsuranceNotValid', { start: w.insuranceStart ?? '-', end: w.insuranceEnd ?? '-' }),
    );
  }
  if (!w.currentFaceId) problems.push(t(lang, 'clockInNoFace'));
  return problems;
}

export async function updateAllowCard(ctx: WorkerContext, id: string, allow: boolean) {
  forgetTotals();
  const w = (await workerOf(ctx, id)).worker;
  if (allow) {
    const problems = clockInProblems(w, todayOf(ctx), ctx.lang);
    if (problems.length) {
      throw fail.invalid('clockInRefused', { reasons: problems.join(ctx.lang === 'en' ? '; ' : '；') });
    }
  }
  if (w.clockIn === allow) return;
  await ctx.deps.database.db.transaction(async (tx) => {
    await q.updateWorker(tx, id, { clockIn: allow });
    await q.addHistory(tx, {
      workerId: id,
      actorId: ctx.auth.userId,
      action: 'clockIn',
      text: allow ? 'on' : 'off',
    });
  });
}

export async function faces(ctx: WorkerContext, workerId: string): Promise<LwryFace[]> {
  const w = (await workerOf(ctx, workerId)).worker;
  return (await q.listFaces(ctx.deps.database.db, workerId)).map((f) => toFace(f, w.currentFaceId));
}

export async function faceAddInfo(ctx: WorkerContext, workerId: string) {
  await workerOf(ctx, workerId);
  return {
    lwryId: workerId,
    uploadUrl: '/api/file/upload?kind=face',
    bindUrl: '/api/lwry/faceUpdate',
    maxBytes: fileKinds.face.maxBytes,
    types: [...fileKinds.face.types],
  };
}

export async function faceUpdate(
  ctx: WorkerContext,
  body: { id: string; fileId?: string; faceId?: string; current: boolean },
) {
  forgetTotals();
  const w = (await workerOf(ctx, body.id)).worker;
  if (body.fileId) await checkFile(ctx, body.fileId, 'face', 'fileId');
  await ctx.deps.database.db.transaction(async (tx) => {
    let faceId = body.faceId;
    if (body.fileId) {
      faceId = (await q.insertFace(tx, { workerId: w.id, fileId: body.fileId, createdBy: ctx.auth.userId }))
        .id;
    } else if (!faceId || !(await q.findFace(tx, w.id, faceId))) {
      throw fail.notFound();
    }
    if (body.current || !w.currentFaceId) await q.updateWorker(tx, w.id, { currentFaceId: faceId });
    await q.addHistory(tx, {
      workerId: w.id,
      actorId: ctx.auth.userId,
      action: 'face',
      text: body.fileId ? 'added' : 'current',
    });
  });
  return faces(ctx, w.id);
}

export async function examine(
  ctx: WorkerContext,
  body: { userId: string | string[]; examineStatus: 1 | 2; reason: string },
) {
  forgetTotals();
  const ids = [...new Set(Array.isArray(body.userId) ? body.userId : [body.userId])];
  const scope = await sectionScope(ctx);
  const approve = body.examineStatus === ExamineStatus.approved;
  return ctx.deps.database.db.transaction(async (tx) => {
    const rows = await q.lockWorkers(tx, ctx.projectCode, ids);
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((id) => !found.has(id))!;
      if (await q.projectOfWorker(tx, missing)) throw new AppError(ErrorCode.forbidden, 'otherProject');
      throw fail.notFound('workerNotFound');
    }
    const skipped: { id: string; name: string; reason: string }[] = [];
    let done = 0;
    for (const w of rows) {
      if (scope && !scope.includes(w.sectionCode)) throw fail.forbidden('workerSectionNotYours');
      if (w.reviewStatus !== ExamineStatus.pending) {
        skipped.push({ id: w.id, name: w.name, reason: t(ctx.lang, 'workerNotPending') });
        continue;
      }
      const missing = approve ? missingForApproval(w, ctx.lang) : [];
      if (missing.length) {
        const sep = ctx.lang === 'en' ? ', ' : '、';
        skipped.push({
          id: w.id,
          name: w.name,
          reason: t(ctx.lang, 'workerIncomplete', { missing: missing.join(sep) }),
        });
        continue;
      }
      await q.updateWorker(tx, w.id, {
        reviewStatus: body.examineStatus,
        reviewReason: approve ? '' : body.reason,
        reviewedBy: ctx.auth.userId,
        reviewedAt: new Date(),
      });
      await q.addHistory(tx, {
        workerId: w.id,
        actorId: ctx.auth.userId,
        action: approve ? 'approve' : 'reject',
        text: body.reason,
      });
      await audit(tx, {
        actorId: ctx.auth.userId,
        projectCode: ctx.projectCode,
        action: approve ? 'approve' : 'reject',
        entity: 'worker',
        entityId: w.id,
        summary: `${w.name}${body.reason ? ` ${body.reason}` : ''}`,
        params: { name: w.name, reason: body.reason || null },
      });
      done++;
    }
    // A single worker that could not be examined is refused with the reason.
    if (ids.length === 1 && skipped.length === 1)
      throw fail.invalid('examineRefused', { name: skipped[0]!.name, reason: skipped[0]!.reason });
    return { approved: approve ? done : 0, rejected: approve ? 0 : done, skipped };
  });
}

/** Streams an .xlsx of the filtered workers: rows are read in keyset batches and written as they come. */
export async function exportExcel(ctx: WorkerContext, filters: q.WorkerFilters) {
  const today = todayOf(ctx);
  const full = seesFullIdNumber(ctx.auth);
  const where = q.workerWhere(ctx.projectCode, filters, today, await sectionScope(ctx));
  const { db } = ctx.deps.database;
  await audit(db, {
    actorId: ctx.auth.userId,
    projectCode: ctx.projectCode,
    action: 'export',
    entity: 'worker',
    entityId: ctx.projectCode,
    summary: ctx.projectCode,
    params: full ? { kind: 'fullIds' } : {},
    after: filters,
  });
  const zh = ctx.lang !== 'en';
  const stamp = today.replaceAll('-', '');
  const fileName = zh
    ? `劳务人员_${ctx.projectCode}_${stamp}.xlsx`
    : `workers_${ctx.projectCode}_${stamp}.xlsx`;
  const out = new PassThrough();
  const statusText = zh ? ['待审核', '已通过', '已驳回'] : ['pending', 'approved', 'rejected'];
  const yes = zh ? '是' : 'yes';
  const no = zh ? '否' : 'no';
  const write = async () => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(zh ? '劳务人员' : 'Workers');
    sheet.columns = (
      zh
        ? [
            '姓名',
            '身份证号',
            '性别',
            '出生日期',
            '手机号',
            '标段',
            '班组',
            '工种',
            '审核状态',
            '投保',
            '保险公司',
            '保单号',
            '保险开始',
            '保险结束',
            '人脸',
            '打卡权限',
            '添加时间',
          ]
        : [
            'Name',
            'ID number',
            'Sex',
            'Birth date',
            'Phone',
            'Section',
            'Team',
            'Job',
            'Review',
            'Insured',
            'Insurer',
            'Policy',
            'Insurance start',
            'Insurance end',
            'Face',
            'Clock-in',
            'Added',
          ]
    ).map((header, i) => ({ header, key: String(i), width: i === 1 ? 22 : 14 }));
    for await (const batch of q.workerBatches(db, where)) {
      for (const row of batch) {
        const w = row.worker;
        sheet
          .addRow([
            w.name,
            full ? w.idNumber : maskIdNumber(w.idNumber),
            w.sex === 1 ? (zh ? '男' : 'M') : zh ? '女' : 'F',
            w.birthDate,
            w.phone,
            row.sectionName ?? w.sectionCode,
            w.team,
            w.job,
            statusText[w.reviewStatus] ?? String(w.reviewStatus),
            w.insured ? yes : no,
            w.insurer,
            w.policyNo,
            w.insuranceStart ?? '',
            w.insuranceEnd ?? '',
            w.currentFaceId ? yes : no,
            w.clockIn ? yes : no,
            new Date(w.createdAt.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' '),
          ])
          .commit();
      }
      await batchWritten(sheet);
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return { fileName, stream: out };
}

export async function statistics(ctx: WorkerContext): Promise<LwryCensus> {
  const today = todayOf(ctx);
  const where = q.workerWhere(ctx.projectCode, {}, today, await sectionScope(ctx));
  const c = await q.census(ctx.deps.database.db, where, today);
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

/**
 * The daily check: clock-in goes off for every worker whose insurance no longer covers `today`,
 * with a history line and a notice to the section manager. Returns how many were turned off.
 */
export async function expireInsurance(deps: AppDeps, today: string = chinaToday()): Promise<number> {
  forgetTotals();
  let total = 0;
  for (;;) {
    const rows = await q.clockInsToExpire(deps.database.db, today);
    if (!rows.length) return total;
    await deps.database.db.transaction(async (tx) => {
      await q.turnOffClockIn(
        tx,
        rows.map((r) => r.id),
      );
      await q.addHistory(
        tx,
        rows.map((r) => ({
          workerId: r.id,
          actorId: null,
          action: 'clockIn',
          text: `off: insurance ended ${r.insuranceEnd ?? ''}`.trim(),
          data: { insuranceEnd: r.insuranceEnd, today },
        })),
      );
      for (const r of rows.filter((w) => w.managerId)) {
        await notify(
          deps,
          {
            recipientId: r.managerId!,
            projectCode: r.projectCode,
            kind: 'workerInsuranceEnded',
            key: 'insuranceEndedNotice',
            params: { name: r.name, section: r.sectionName ?? '', end: r.insuranceEnd ?? '-' },
            link: `/lwrymanager/list?id=${r.id}`,
          },
          tx,
        );
      }
    });
    total += rows.length;
  }
}

/** The daily check's horizon: workers whose insurance ends within this many days are noticed. */
export const INSURANCE_ENDING_DAYS = 30;

/**
 * The daily check's "insurance ending" notices: each worker whose insurance is valid today but ends
 * within `days` days is noticed once per end date (a changed end date is noticed again), to the
 * section manager, or when the section has none to the project's holders of workers.manage.
 * Returns how many workers were noticed.
 */
export async function noticeInsuranceEnding(
  deps: AppDeps,
  today: string = chinaToday(),
  days: number = INSURANCE_ENDING_DAYS,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await q.insuranceEndingToNotice(deps.database.db, today, days);
    if (!rows.length) return total;
    await deps.database.db.transaction(async (tx) => {
      // Only the rows this call marked are noticed: a second instance's run notices none twice.
      const marked = new Set(
        await q.markInsuranceNoticed(
          tx,
          rows.map((r) => r.id),
        ),
      );
      for (const r of rows.filter((w) => marked.has(w.id))) {
        const body = {
          projectCode: r.projectCode,
          kind: 'workerInsuranceEnding' as const,
          key: 'noticeInsuranceEnding' as const,
          params: { name: r.name, section: r.sectionName ?? '', end: r.insuranceEnd ?? '-' },
          link: `/lwrymanager/list?id=${r.id}`,
        };
        if (r.managerId) await notify(deps, { ...body, recipientId: r.managerId }, tx);
        else await notifyHolders(deps, 'workers.manage', body, tx);
      }
    });
    total += rows.length;
  }
}

/** A project's workers whose insurance ends within `days` days (the safety ledger shows them). */
export async function insuranceEnding(
  deps: AppDeps,
  projectCode: string,
  options: { today?: string; days?: number; limit?: number; sectionCodes?: string[] | undefined } = {},
) {
  const { rows, count } = await q.insuranceEndingInProject(
    deps.database.db,
    projectCode,
    options.today ?? chinaToday(),
    options.days ?? INSURANCE_ENDING_DAYS,
    options.limit ?? 200,
    options.sectionCodes,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sectionName: r.sectionName ?? '',
      bxEnd: r.bxEnd ?? '',
    })),
    count,
  };
}

/* ---- Clock-in from the field app ---- */

/** Midnight (China time) of `today` and of the next day: the bounds of a China date. */
function chinaDayBounds(today: string): [Date, Date] {
  return [new Date(`${today}T00:00:00+08:00`), new Date(`${addDays(today, 1)}T00:00:00+08:00`)];
}

/**
 * The signed-in account's worker clocks in. The account is linked to the worker of the selected
 * project whose phone is the account's phone (or, without one, whose phone is the account name).
 * Refused, with every reason, when clock-in permission is off or the worker may not clock in
 * today (not approved, not insured, insurance not valid, no face); idempotent by `uuid`.
 */
export async function clockIn(ctx: WorkerContext, input: ClockInBody): Promise<ClockInValue> {
  const body = clockInBody.parse(input);
  const db = ctx.deps.database.db;
  // The payload first: the face must be an image uploaded in this project.
  const face = await fileOfProject(ctx.deps, ctx.projectCode, body.faceFileId);
  if (!face || !face.contentType.startsWith('image/')) throw fail.invalid('clockInFaceInvalid');
  const user = await users.findLiveUser(db, ctx.auth.userId);
  const phone = user?.phone || ctx.auth.account;
  const w = await q.workerByPhone(db, ctx.projectCode, phone);
  if (!w) throw fail.invalid('clockInNoWorker', { phone });
  const existing = await q.findClockIn(db, body.uuid);
  if (existing) {
    if (existing.userId !== ctx.auth.userId || existing.projectCode !== ctx.projectCode) {
      throw fail.conflict('clockInUuidTaken');
    }
    return { id: existing.id, status: 'duplicate', workerId: w.id, workerName: w.name };
  }
  const reasons = [
    ...(w.clockIn ? [] : [t(ctx.lang, 'clockInPermissionOff')]),
    ...clockInProblems(w, todayOf(ctx), ctx.lang),
  ];
  if (reasons.length) {
    throw fail.forbidden('clockInDenied', { reasons: reasons.join(ctx.lang === 'en' ? '; ' : '；') });
  }
  if (body.sectionCode !== w.sectionCode) {
    const section = await q.sectionOf(db, ctx.projectCode, w.sectionCode);
    throw fail.invalid('clockInOtherSection', { section: section?.name ?? w.sectionCode });
  }
  const row = await q.insertClockIn(db, {
    uuid: body.uuid,
    workerId: w.id,
    userId: ctx.auth.userId,
    projectCode: ctx.projectCode,
    sectionCode: w.sectionCode,
    at: new Date(body.time),
    gpsLong: body.gps.long,
    gpsLat: body.gps.lat,
    gpsRange: body.gps.range,
    faceFileId: body.faceFileId,
  });
  onDutyMemo.forget();
  if (!row) {
    // The same uuid arrived on another connection at the same moment.
    const again = await q.findClockIn(db, body.uuid);
    if (!again || again.userId !== ctx.auth.userId) throw fail.conflict('clockInUuidTaken');
    return { id: again.id, status: 'duplicate', workerId: w.id, workerName: w.name };
  }
  return { id: row.id, status: 'created', workerId: w.id, workerName: w.name };
}

/** A worker's clock-ins, newest first (the worker detail's 打卡记录). */
export async function clockIns(
  ctx: WorkerContext,
  query: { lwryId: string; pageNum: number; pageSize: number },
): Promise<{ list: ClockInItem[]; total: number; totalExact: boolean }> {
  await workerOf(ctx, query.lwryId);
  const { rows, total, totalExact } = await q.listClockIns(ctx.deps.database.db, query.lwryId, query);
  return {
    list: rows.map((r) => ({
      id: r.id,
      time: r.at.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
      sectionCode: r.sectionCode,
      sectionName: r.sectionName ?? r.sectionCode,
      gpsLong: r.gpsLong,
      gpsLat: r.gpsLat,
      gpsRange: r.gpsRange,
      faceUrl: fileUrl(r.faceFileId),
      account: r.account ?? '',
    })),
    total,
    totalExact,
  };
}

/**
 * Who is on duty today, remembered 2 s per database (every dashboard call asks) and given 2 s more
 * while one call reloads it; a clock-in in this process forgets it at once, another instance's
 * shows within 4 s.
 */
const onDutyMemo = new Memo<number>(2_000, 2_000);

/** How many distinct workers of the projects clocked in on a China date (default today): "on duty today". */
export async function onDutyToday(
  deps: AppDeps,
  projectCodes: string | string[],
  today: string = chinaToday(),
  sectionCodes?: string[],
) {
  const [from, to] = chinaDayBounds(today);
  const codes = typeof projectCodes === 'string' ? [projectCodes] : projectCodes;
  const { db } = deps.database;
  return onDutyMemo.get(db, JSON.stringify([codes, today, sectionCodes ?? null]), () =>
    q.countOnDuty(db, codes, from, to, sectionCodes),
  );
}
