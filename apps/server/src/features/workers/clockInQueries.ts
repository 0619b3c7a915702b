/**
 * Clock-ins' SQL: the worker an account clocks in as (by phone), one clock-in per uuid, a worker's
 * clock-ins page and who was on duty on a day.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clockIns, sections, users, workers } from '../../db/schema/index.ts';
import { countOrEstimate, type Page, withPage } from '../../platform/pagination.ts';

/** The live worker of a project whose phone is `phone` (the account ↔ worker link). */
export async function workerByPhone(db: Executor, projectCode: string, phone: string) {
  const [row] = await db
    .select()
    .from(workers)
    .where(and(eq(workers.projectCode, projectCode), eq(workers.phone, phone), isNull(workers.deletedAt)))
    .orderBy(desc(workers.createdAt))
    .limit(1);
  return row;
}

export async function findClockIn(db: Executor, uuid: string) {
  const [row] = await db.select().from(clockIns).where(eq(clockIns.uuid, uuid)).limit(1);
  return row;
}

/** Inserts a clock-in once per uuid; undefined when the uuid was already there. */
export async function insertClockIn(db: Executor, values: typeof clockIns.$inferInsert) {
  const [row] = await db
    .insert(clockIns)
    .values(values)
    .onConflictDoNothing({ target: clockIns.uuid })
    .returning({ id: clockIns.id });
  return row;
}

export async function listClockIns(db: Executor, workerId: string, page: Page) {
  const query = db
    .select({
      id: clockIns.id,
      at: clockIns.at,
      receivedAt: clockIns.receivedAt,
      sectionCode: clockIns.sectionCode,
      sectionName: sections.name,
      gpsLong: clockIns.gpsLong,
      gpsLat: clockIns.gpsLat,
      gpsRange: clockIns.gpsRange,
      faceFileId: clockIns.faceFileId,
      account: users.account,
    })
    .from(clockIns)
    .leftJoin(
      sections,
      and(eq(sections.projectCode, clockIns.projectCode), eq(sections.code, clockIns.sectionCode)),
    )
    .leftJoin(users, eq(users.id, clockIns.userId))
    .where(eq(clockIns.workerId, workerId))
    .orderBy(desc(clockIns.at), desc(clockIns.id))
    .$dynamic();
  const rows = await withPage(query, page);
  const total = await countOrEstimate(db, sql`from ${clockIns} where ${clockIns.workerId} = ${workerId}`);
  return { rows, ...total };
}

/** Distinct workers of a project who clocked in between `from` (inclusive) and `to` (exclusive). */
export async function countOnDuty(
  db: Executor,
  projectCodes: string[],
  from: Date,
  to: Date,
  /** Only these sections' workers (a section manager's dashboard). */
  sectionCodes?: string[],
): Promise<number> {
  if (!projectCodes.length || sectionCodes?.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${clockIns.workerId})::int` })
    .from(clockIns)
    .where(
      and(
        inArray(clockIns.projectCode, projectCodes),
        gte(clockIns.at, from),
        lt(clockIns.at, to),
        sectionCodes
          ? inArray(
              clockIns.workerId,
              db
                .select({ id: workers.id })
                .from(workers)
                .where(
                  and(inArray(workers.projectCode, projectCodes), inArray(workers.sectionCode, sectionCodes)),
                ),
            )
          : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
