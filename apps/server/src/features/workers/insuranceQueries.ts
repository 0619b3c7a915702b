/**
 * The daily insurance checks' SQL: workers whose clock-in must go off (insurance ended), workers
 * to notice before it ends (once per end date), and a project's list of those ending soon.
 */
import { addDays } from '@pineguard/contract';
import { and, asc, count, eq, inArray, isNull, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections, workers } from '../../db/schema/index.ts';
import { insuranceValidOn, workerSection } from './queries.ts';

/**
 * Up to 1,000 live workers matching `where`, with their section's name and manager: who the
 * daily insurance jobs notify (and about whom).
 */
function workersToNotify(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: workers.id,
      projectCode: workers.projectCode,
      name: workers.name,
      insuranceEnd: workers.insuranceEnd,
      sectionName: sections.name,
      managerId: sections.managerId,
    })
    .from(workers)
    .leftJoin(sections, workerSection())
    .where(and(isNull(workers.deletedAt), where))
    .orderBy(workers.id)
    .limit(1000);
}

/** Workers allowed to clock in whose insurance no longer covers `today`. */
export function clockInsToExpire(db: Executor, today: string) {
  return workersToNotify(db, and(eq(workers.clockIn, true), not(insuranceValidOn(today))));
}

/**
 * Workers whose insurance covers `today` but ends within `days` days and who were not yet noticed
 * for that end date (the daily check's "insurance ending" notice), with their section manager.
 */
export function insuranceEndingToNotice(db: Executor, today: string, days: number) {
  return workersToNotify(
    db,
    and(
      insuranceValidOn(today),
      lte(workers.insuranceEnd, addDays(today, days)),
      sql`${workers.insuranceNoticeEnd} is distinct from ${workers.insuranceEnd}`,
    ),
  );
}

/** Marks the ending notice sent for each worker's current end date; answers the ids it marked (not already marked). */
export async function markInsuranceNoticed(db: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(workers)
    .set({ insuranceNoticeEnd: sql`${workers.insuranceEnd}` })
    .where(
      and(
        inArray(workers.id, ids),
        sql`${workers.insuranceNoticeEnd} is distinct from ${workers.insuranceEnd}`,
      ),
    )
    .returning({ id: workers.id });
  return rows.map((r) => r.id);
}

/** A project's workers whose insurance is valid today and ends within `days` days (soonest first, at most `limit`), and how many. */
export async function insuranceEndingInProject(
  db: Executor,
  projectCode: string,
  today: string,
  days: number,
  limit: number,
  sectionCodes?: string[],
) {
  const ending = and(
    eq(workers.projectCode, projectCode),
    sectionCodes
      ? sectionCodes.length
        ? inArray(workers.sectionCode, sectionCodes)
        : sql`false`
      : undefined,
    isNull(workers.deletedAt),
    insuranceValidOn(today),
    lte(workers.insuranceEnd, addDays(today, days)),
  );
  const rows = await db
    .select({ id: workers.id, name: workers.name, sectionName: sections.name, bxEnd: workers.insuranceEnd })
    .from(workers)
    .leftJoin(sections, workerSection())
    .where(ending)
    .orderBy(asc(workers.insuranceEnd), asc(workers.id))
    .limit(limit);
  const [n] = await db.select({ n: count() }).from(workers).where(ending);
  return { rows, count: n?.n ?? 0 };
}

export async function turnOffClockIn(db: Executor, ids: string[]) {
  if (ids.length)
    await db.update(workers).set({ clockIn: false, updatedAt: new Date() }).where(inArray(workers.id, ids));
}
