/**
 * Adding, editing and deleting a worker: each writes the worker's history and the audit log, and
 * forgets the list's remembered totals.
 */
import { ExamineStatus, type LwryUpdateBody, maskIdNumber } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { notifyHolders } from '../notices/index.ts';
import { forgetTotals, todayOf, type WorkerContext, workerOf } from './context.ts';
import { addHistory, insertFace } from './detailQueries.ts';
import * as q from './queries.ts';
import { clockInProblems, type Fields, validateFields } from './rules.ts';

/** The form's fields as the workers table's columns. */
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
    last = (await insertFace(tx, { workerId, fileId, createdBy: ctx.auth.userId })).id;
  return last;
}

/** Adds a worker, pending review; the project's reviewers are told. */
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
    await addHistory(tx, {
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

/** Edits a worker; a new identity goes back to review, and clock-in follows the rules. */
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
    await addHistory(tx, history);
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

/** The columns an edit changed, for the history line. */
function changedFields(before: q.WorkerRow, after: q.WorkerRow): string[] {
  const skip = new Set(['updatedAt']);
  return (Object.keys(after) as (keyof q.WorkerRow)[]).filter(
    (k) => !skip.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

/** Deletes a worker (marked deleted, not erased) and turns their clock-in off. */
export async function remove(ctx: WorkerContext, id: string) {
  forgetTotals();
  const w = (await workerOf(ctx, id)).worker;
  await ctx.deps.database.db.transaction(async (tx) => {
    await q.updateWorker(tx, id, { deletedAt: new Date(), clockIn: false });
    await addHistory(tx, { workerId: id, actorId: ctx.auth.userId, action: 'delete', text: w.name });
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
