/**
 * Clock-in: the permission a manager turns on (when the rules allow), the field app's clock-in
 * itself (idempotent by uuid), a worker's clock-ins and "on duty today" for the dashboard.
 */
import {
  addDays,
  chinaDayStart,
  chinaToday,
  type ClockInBody,
  clockInBody,
  type ClockInItem,
  type ClockInValue,
  t,
} from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import { fileOfProject } from '../files/index.ts';
import * as users from '../users/index.ts';
import * as cq from './clockInQueries.ts';
import { fileUrl, forgetTotals, todayOf, type WorkerContext, workerOf } from './context.ts';
import { addHistory, sectionOf } from './detailQueries.ts';
import * as q from './queries.ts';
import { clockInProblems } from './rules.ts';

/** Turns a worker's clock-in permission on (only when the rules allow, saying what is missing) or off. */
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
    await addHistory(tx, {
      workerId: id,
      actorId: ctx.auth.userId,
      action: 'clockIn',
      text: allow ? 'on' : 'off',
    });
  });
}

/* ---- Clock-in from the field app ---- */

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
  const w = await cq.workerByPhone(db, ctx.projectCode, phone);
  if (!w) throw fail.invalid('clockInNoWorker', { phone });
  const existing = await cq.findClockIn(db, body.uuid);
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
    const section = await sectionOf(db, ctx.projectCode, w.sectionCode);
    throw fail.invalid('clockInOtherSection', { section: section?.name ?? w.sectionCode });
  }
  const row = await cq.insertClockIn(db, {
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
    const again = await cq.findClockIn(db, body.uuid);
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
  const { rows, total, totalExact } = await cq.listClockIns(ctx.deps.database.db, query.lwryId, query);
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
  const [from, to] = [chinaDayStart(today), chinaDayStart(addDays(today, 1))];
  const codes = typeof projectCodes === 'string' ? [projectCodes] : projectCodes;
  const { db } = deps.database;
  return onDutyMemo.get(db, JSON.stringify([codes, today, sectionCodes ?? null]), () =>
    cq.countOnDuty(db, codes, from, to, sectionCodes),
  );
}
