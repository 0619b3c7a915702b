/**
 * The rules of a worker's record: who sees a full ID number (and that reading one is audited),
 * what an ID number tells (birth date, sex, age, region), what a new or edited worker must
 * satisfy, what approval needs, and when a worker may clock in (approved, insured today, a face).
 */
import {
  ageOn,
  ExamineStatus,
  fieldLabels,
  fileKindLabels,
  type Lang,
  type LwryInsertBody,
  maskIdNumber,
  parseIdNumber,
  t,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { fileOfProject } from '../files/index.ts';
import { sectionScope, todayOf, type WorkerContext } from './context.ts';
import { areaName, sectionOf } from './detailQueries.ts';
import * as q from './queries.ts';

/** Full ID numbers are shown only with workers.idNumber; everyone else sees them masked. */
export function seesFullIdNumber(auth: AuthContext): boolean {
  return auth.isSuperAdmin || auth.permissions.has('workers.idNumber');
}

/** Reading a worker's full ID number leaves an audit line. */
export async function auditFullIdRead(db: Executor, ctx: WorkerContext, w: { id: string; name: string }) {
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

/** What a worker lacks to be approved: both ID card photos and a face. */
export function missingForApproval(w: q.WorkerRow, lang: Lang): string[] {
  const missing: string[] = [];
  if (!w.idCardFrontId) missing.push(fieldLabels.idCardFront![lang]);
  if (!w.idCardBackId) missing.push(fieldLabels.idCardBack![lang]);
  if (!w.currentFaceId) missing.push(fieldLabels.fileId![lang]);
  return missing;
}

/** Insured, and the policy covers `today` (the SQL twin is queries.ts insuranceValidOn). */
export function insuranceValid(
  w: Pick<q.WorkerRow, 'insured' | 'insuranceStart' | 'insuranceEnd'>,
  today: string,
): boolean {
  return Boolean(
    w.insured && w.insuranceStart && w.insuranceEnd && w.insuranceStart <= today && w.insuranceEnd >= today,
  );
}

/** An ID number read for the form: birth date, sex, age, region, and whether this project has it. */
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
    regionName: await areaName(db, v.regionCode),
    existing: (await q.findByIdNumber(db, ctx.projectCode, v.idNumber)) ?? null,
  };
}

/** A file named by a worker form must be an image of the right kind uploaded in this project. */
export async function checkFile(
  ctx: WorkerContext,
  id: string | null,
  kind: 'idCard' | 'face',
  field: string,
) {
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
  const section = await sectionOf(ctx.deps.database.db, ctx.projectCode, code);
  if (!section) throw fail.invalid('workerSectionUnknown', { code });
  const scope = await sectionScope(ctx);
  if (scope && !scope.includes(code)) throw fail.forbidden('workerSectionNotYours');
  return section;
}

export type Fields = Omit<LwryInsertBody, 'projectcode'>;

/**
 * The checks of a new or edited worker: a section of the project (and the caller's), an ID number
 * once per project and valid today, files of the right kind. Answers what the ID number tells.
 */
export async function validateFields(ctx: WorkerContext, body: Fields, exceptId?: string) {
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
