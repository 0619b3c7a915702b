/**
 * Counts of workers: the statistics page (census), the dashboard's card of approved workers and
 * what a project or a section holds (it cannot be deleted while it holds any).
 */
import { addDays, chinaDayStart } from '@pineguard/contract';
import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections, workers } from '../../db/schema/index.ts';
import { insuranceValidOn, workerSection } from './queries.ts';

export async function workerCountInProject(db: Executor, projectCode: string, sectionCode?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workers)
    .where(
      and(
        eq(workers.projectCode, projectCode),
        sectionCode ? eq(workers.sectionCode, sectionCode) : isNull(workers.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function census(db: Executor, where: SQL, today: string) {
  const bySection = await db
    .select({ sectionCode: workers.sectionCode, sectionName: sections.name, count: count() })
    .from(workers)
    .leftJoin(sections, workerSection())
    .where(where)
    .groupBy(workers.sectionCode, sections.name)
    .orderBy(workers.sectionCode);
  const byStatus = await db
    .select({ status: workers.reviewStatus, count: count() })
    .from(workers)
    .where(where)
    .groupBy(workers.reviewStatus)
    .orderBy(workers.reviewStatus);
  const [clock] = await db
    .select({ n: count() })
    .from(workers)
    .where(and(where, eq(workers.clockIn, true)));
  const ending = and(where, insuranceValidOn(today), lte(workers.insuranceEnd, addDays(today, 30)));
  const endingRows = await db
    .select({ id: workers.id, name: workers.name, sectionName: sections.name, bxEnd: workers.insuranceEnd })
    .from(workers)
    .leftJoin(sections, workerSection())
    .where(ending)
    .orderBy(asc(workers.insuranceEnd), asc(workers.id))
    .limit(50);
  const [endingCount] = await db.select({ n: count() }).from(workers).where(ending);
  const weekExpr = sql<string>`to_char(date_trunc('week', ${workers.createdAt} at time zone 'Asia/Shanghai'), 'YYYY-MM-DD')`;
  const perWeek = await db
    .select({ week: weekExpr, count: count() })
    .from(workers)
    .where(and(where, gte(workers.createdAt, chinaDayStart(addDays(today, -7 * 26)))))
    .groupBy(weekExpr)
    .orderBy(weekExpr);
  return {
    bySection,
    byStatus,
    clockIn: clock?.n ?? 0,
    endingRows,
    endingCount: endingCount?.n ?? 0,
    perWeek,
  };
}

/** Approved (reviewStatus 1), not deleted workers of some projects (the dashboard's card). */
export async function approvedWorkerCount(
  db: Executor,
  projectCodes: string[],
  /** Only these sections' workers (a section manager's dashboard). */
  sectionCodes?: string[],
): Promise<number> {
  if (!projectCodes.length || sectionCodes?.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(workers)
    .where(
      and(
        inArray(workers.projectCode, projectCodes),
        sectionCodes ? inArray(workers.sectionCode, sectionCodes) : undefined,
        eq(workers.reviewStatus, 1),
        isNull(workers.deletedAt),
      ),
    );
  return row?.n ?? 0;
}
