import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { droneCandidates, droneSettings, sections, users } from '../../db/schema/index.ts';
import { fail } from '../../platform/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { ErrorCode } from '@pineguard/contract';
import { assignedSectionCodes } from '../projects/index.ts';
import { cgcs2000 } from './crs.ts';
import { metres } from './sections.ts';
import type { DroneCtx } from './upload.ts';

/**
 * Verification tasks (issued candidates): the back office's list, the field worker's open tasks
 * nearest first, and the worker's answer (confirmed dead with photo and GPS, or not a dead pine /
 * not found with a reason). A confirmed one waits for its felling (close.ts).
 */
export const TASK_STATES = ['open', 'confirmed', 'not_pine', 'not_found', 'felled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export async function settings(ctx: Pick<DroneCtx, 'deps' | 'projectCode'>) {
  const [row] = await ctx.deps.database.db
    .select()
    .from(droneSettings)
    .where(eq(droneSettings.projectCode, ctx.projectCode));
  return row ?? { projectCode: ctx.projectCode, closeRadiusM: 5, openWindowDays: 14 };
}

export async function saveSettings(ctx: DroneCtx, input: { closeRadiusM: number; openWindowDays: number }) {
  await ctx.deps.database.db
    .insert(droneSettings)
    .values({ projectCode: ctx.projectCode, ...input })
    .onConflictDoUpdate({ target: droneSettings.projectCode, set: input });
  return settings(ctx);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const times = <T extends { issuedAt: Date | null; checkedAt: Date | null; closedAt: Date | null }>(r: T) => ({
  ...r,
  issuedAt: iso(r.issuedAt),
  checkedAt: iso(r.checkedAt),
  closedAt: iso(r.closedAt),
});

const taskColumns = {
  id: droneCandidates.id,
  orthophotoId: droneCandidates.orthophotoId,
  lng: droneCandidates.lng,
  lat: droneCandidates.lat,
  areaM2: droneCandidates.areaM2,
  score: droneCandidates.score,
  state: droneCandidates.state,
  sectionCode: droneCandidates.sectionCode,
  sectionName: sections.name,
  issuedAt: droneCandidates.issuedAt,
  checkedAt: droneCandidates.checkedAt,
  checkedByName: users.name,
  reason: droneCandidates.reason,
  fellingRecordId: droneCandidates.fellingRecordId,
  closedAt: droneCandidates.closedAt,
};

export async function taskList(
  ctx: DroneCtx,
  filter: {
    state?: TaskState | undefined;
    sectionCode?: string | undefined;
    overdue?: boolean | undefined;
    pageNum: number;
    pageSize: number;
  },
) {
  const db = ctx.deps.database.db;
  const window = (await settings(ctx)).openWindowDays;
  const where = and(
    eq(droneCandidates.projectCode, ctx.projectCode),
    filter.state ? eq(droneCandidates.state, filter.state) : inArray(droneCandidates.state, [...TASK_STATES]),
    filter.sectionCode ? eq(droneCandidates.sectionCode, filter.sectionCode) : undefined,
    filter.overdue
      ? and(
          eq(droneCandidates.state, 'open'),
          lt(droneCandidates.issuedAt, sql`now() - ${window} * interval '1 day'`),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(droneCandidates).where(where);
  const rows = await db
    .select(taskColumns)
    .from(droneCandidates)
    .leftJoin(
      sections,
      and(
        eq(sections.projectCode, droneCandidates.projectCode),
        eq(sections.code, droneCandidates.sectionCode),
      ),
    )
    .leftJoin(users, eq(users.id, droneCandidates.checkedBy))
    .where(where)
    .orderBy(desc(droneCandidates.issuedAt), asc(droneCandidates.id))
    .limit(filter.pageSize)
    .offset((filter.pageNum - 1) * filter.pageSize);
  const overdueBefore = Date.now() - window * 86_400_000;
  return {
    list: rows.map((r) => ({
      ...times(r),
      sectionName: r.sectionName ?? '',
      checkedByName: r.checkedByName ?? '',
      overdue: r.state === 'open' && !!r.issuedAt && r.issuedAt.getTime() < overdueBefore,
      cgcs2000: cgcs2000(r.lng, r.lat),
    })),
    total: total?.n ?? 0,
  };
}

/** Open tasks in the worker's sections (all sections for one assigned none), nearest first. */
export async function fieldTasks(ctx: DroneCtx, at: { lng?: number | undefined; lat?: number | undefined }) {
  const db = ctx.deps.database.db;
  const mine = await assignedSectionCodes(db, ctx.projectCode, ctx.auth.userId);
  const rows = await db
    .select(taskColumns)
    .from(droneCandidates)
    .leftJoin(
      sections,
      and(
        eq(sections.projectCode, droneCandidates.projectCode),
        eq(sections.code, droneCandidates.sectionCode),
      ),
    )
    .leftJoin(users, eq(users.id, droneCandidates.checkedBy))
    .where(
      and(
        eq(droneCandidates.projectCode, ctx.projectCode),
        eq(droneCandidates.state, 'open'),
        mine.length ? inArray(droneCandidates.sectionCode, mine) : undefined,
      ),
    )
    .limit(2000);
  const withDistance = rows.map((r) => ({
    ...times(r),
    sectionName: r.sectionName ?? '',
    distanceM:
      at.lng !== undefined && at.lat !== undefined ? Math.round(metres(at.lng, at.lat, r.lng, r.lat)) : null,
  }));
  withDistance.sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0) || a.id.localeCompare(b.id));
  return withDistance.slice(0, 200);
}

export type CheckInput = {
  result: 'confirmed' | 'not_pine' | 'not_found';
  reason?: string | undefined;
  lng?: number | undefined;
  lat?: number | undefined;
  photoFileId?: string | undefined;
};

/** The worker's answer to an open task; the same answer sent twice (a queued retry) is accepted once. */
export async function checkTask(ctx: DroneCtx, id: string, input: CheckInput) {
  const db = ctx.deps.database.db;
  const [row] = await db
    .select()
    .from(droneCandidates)
    .where(and(eq(droneCandidates.id, id), eq(droneCandidates.projectCode, ctx.projectCode)));
  if (!row || row.state === 'candidate' || row.state === 'dropped') throw fail.notFound();
  const mine = await assignedSectionCodes(db, ctx.projectCode, ctx.auth.userId);
  if (mine.length && !mine.includes(row.sectionCode))
    throw new AppError(ErrorCode.forbidden, 'droneNotInSections');
  if (row.state !== 'open') {
    if (row.state === input.result && row.checkedBy === ctx.auth.userId) return row;
    throw new AppError(ErrorCode.conflict, 'droneTaskClosed', { state: row.state });
  }
  if (input.result !== 'confirmed' && !input.reason?.trim()) {
    throw new AppError(ErrorCode.validation, 'droneReasonRequired', {}, { field: 'reason' });
  }
  const [done] = await db
    .update(droneCandidates)
    .set({
      state: input.result,
      reason: input.reason?.trim().slice(0, 200) ?? '',
      checkedBy: ctx.auth.userId,
      checkedAt: sql`now()`,
      checkLng: input.lng ?? null,
      checkLat: input.lat ?? null,
      photoFileId: input.photoFileId ?? null,
    })
    .where(and(eq(droneCandidates.id, id), eq(droneCandidates.state, 'open')))
    .returning();
  if (!done) throw new AppError(ErrorCode.conflict, 'droneTaskClosed', { state: 'changed' });
  return done;
}
