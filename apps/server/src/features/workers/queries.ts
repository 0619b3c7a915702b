import { addDays, type LwryListBody } from '@pineguard/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  areas,
  clockIns,
  sections,
  users,
  workerFaces,
  workerHistory,
  workers,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../platform/sql.ts';
import { countOrEstimate, keysetAfter, type Page, withPage } from '../../platform/pagination.ts';

export type WorkerRow = typeof workers.$inferSelect;
export type WorkerFilters = Omit<LwryListBody, 'pageNum' | 'pageSize' | 'cursor'>;

/** Insured and the policy covers `today`. */
export function insuranceValidOn(today: string): SQL {
  return sql`(${workers.insured} and ${workers.insuranceStart} <= ${today} and ${workers.insuranceEnd} >= ${today})`;
}

/**
 * Each shape of keyword goes to its own index: a whole ID number to the unique btree, a phone
 * prefix (3–11 digits) and a longer ID-number prefix to the text_pattern_ops btrees, a name to
 * the trigram GIN (3+ characters) or, shorter, to the GIN of its characters and pairs.
 */
function keywordKind(keyword: string): 'idNumber' | 'phone' | 'idPrefix' | 'nameGrams' | 'name' {
  if (/^\d{17}[\dXx]$/.test(keyword)) return 'idNumber';
  if (/^\d{3,11}$/.test(keyword)) return 'phone';
  if (/^\d{12,17}[Xx]?$/.test(keyword)) return 'idPrefix';
  return [...keyword].length <= 2 ? 'nameGrams' : 'name';
}

function keywordWhere(keyword: string): SQL {
  switch (keywordKind(keyword)) {
    case 'idNumber':
      return eq(workers.idNumber, keyword.toUpperCase());
    case 'phone':
      return sql`${workers.phone} like ${`${keyword}%`}`;
    case 'idPrefix':
      return sql`${workers.idNumber} like ${`${keyword.toUpperCase()}%`}`;
    case 'nameGrams':
      // Too short for trigrams: the name's characters and pairs (workers_name_grams_idx).
      return sql`worker_name_grams(${workers.name}) @> array[${keyword.toLowerCase()}]::text[]`;
    case 'name':
      return sql`${workers.name} ilike ${containsPattern(keyword)}`;
  }
}

/** China midnight of a yyyy-MM-dd date as timestamptz. */
const chinaMidnight = (d: string) => sql`${`${d}T00:00:00+08:00`}::timestamptz`;

/** The WHERE of the list, the export and the statistics. `sectionScope` undefined = all sections. */
export function workerWhere(
  projectCode: string,
  f: WorkerFilters,
  today: string,
  sectionScope: string[] | undefined,
): SQL {
  const keyword = f.keyword?.trim() ?? '';
  const keywordCond = keyword ? keywordWhere(keyword) : undefined;
  const valid = insuranceValidOn(today);
  return and(
    eq(workers.projectCode, projectCode),
    isNull(workers.deletedAt),
    sectionScope
      ? sectionScope.length
        ? inArray(workers.sectionCode, sectionScope)
        : sql`false`
      : undefined,
    f.sectionCode ? eq(workers.sectionCode, f.sectionCode) : undefined,
    f.addTimeBegin ? gte(workers.createdAt, chinaMidnight(f.addTimeBegin) as never) : undefined,
    f.addTimeEnd ? lt(workers.createdAt, chinaMidnight(addDays(f.addTimeEnd, 1)) as never) : undefined,
    f.examineStatus !== undefined ? eq(workers.reviewStatus, f.examineStatus) : undefined,
    f.bxLimit === undefined
      ? undefined
      : f.bxLimit === 0
        ? sql`not ${valid}`
        : and(valid, lte(workers.insuranceEnd, addDays(today, f.bxLimit))),
    f.ifFace === undefined
      ? undefined
      : f.ifFace
        ? isNotNull(workers.currentFaceId)
        : isNull(workers.currentFaceId),
    f.ifToubao === undefined ? undefined : eq(workers.insured, f.ifToubao === 1),
    keywordCond,
  )!;
}

/**
 * Filters whose rows are best found through their own index and then sorted: a name keyword (GIN
 * of grams or trigrams) and insurance ending within N days (the insurance_end btree). Walking the
 * newest-first index and testing each row costs as many rows as precede the tenth match: a name
 * nobody has walked the whole project (2.8 s p99 at 100k workers), and insurance ending soon is
 * bought around hiring, so its matches sit far down the newest-first order.
 */
export function matchesFirst(f: WorkerFilters): boolean {
  const keyword = f.keyword?.trim();
  const nameKeyword = keyword ? ['nameGrams', 'name'].includes(keywordKind(keyword)) : false;
  // Beyond a quarter most insured workers match: the newest-first walk finds a page at once.
  return nameKeyword || (f.bxLimit !== undefined && f.bxLimit > 0 && f.bxLimit <= 90);
}

/** The list's sort key as text: created_at at full (microsecond) precision, then id. */
const sortKey = sql<string>`${workers.createdAt}::text`;

const listColumns = {
  worker: workers,
  key: sortKey,
  sectionName: sections.name,
  addUser: users.name,
  faceFileId: workerFaces.fileId,
};

function listSelect(db: Executor) {
  return db
    .select(listColumns)
    .from(workers)
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
    .leftJoin(users, eq(users.id, workers.createdBy))
    .leftJoin(workerFaces, eq(workerFaces.id, workers.currentFaceId));
}
export type WorkerListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];

const keysetOf = (after: readonly (string | number | null)[]) =>
  keysetAfter([sql`${workers.createdAt}`, sql`${workers.id}`], [after[0]!, after[1]!], 'desc');

/**
 * One page of the list, newest first. With `after` (a decoded cursor: created_at text, id) the
 * page is read by keyset from the (project, created_at desc, id desc) index; otherwise by a
 * bounded OFFSET.
 */
export async function listWorkers(
  db: Executor,
  where: SQL,
  page: Page,
  after?: readonly (string | number | null)[],
  sortMatches = false,
) {
  // The page is chosen on workers alone, then joined (in the same statement): joining first let
  // the planner hash-join every row of the project and sort them. With `sortMatches` the order is
  // an expression no index gives, so the planner finds the matches by the filter's own index and
  // sorts only them (see matchesFirst).
  const newest = sortMatches ? sql`${workers.createdAt} + interval '0 s'` : workers.createdAt;
  const ids = db
    .select({ id: workers.id })
    .from(workers)
    .where(after ? and(where, keysetOf(after)) : where)
    .orderBy(desc(newest), desc(workers.id))
    .$dynamic();
  const chosen = (after ? ids.limit(page.pageSize) : withPage(ids, page)).as('chosen');
  const rows = await listSelect(db)
    .innerJoin(chosen, eq(chosen.id, workers.id))
    .orderBy(desc(workers.createdAt), desc(workers.id));
  const last = rows.length === page.pageSize ? rows[rows.length - 1] : undefined;
  return { rows, next: last ? [last.key, last.worker.id] : undefined };
}

/** The list's total: exact up to 10,000, then the planner's estimate (totalExact false). */
export async function countWorkers(db: Executor, where: SQL) {
  return countOrEstimate(db, sql`from ${workers} where ${where}`);
}

/** Rows for the export in batches, newest first, by keyset: memory holds one batch at a time. */
export async function* workerBatches(db: Executor, where: SQL, size = 2000): AsyncGenerator<WorkerListRow[]> {
  let after: string[] | undefined;
  for (;;) {
    const rows = await listSelect(db)
      .where(after ? and(where, keysetOf(after)) : where)
      .orderBy(desc(workers.createdAt), desc(workers.id))
      .limit(size);
    if (!rows.length) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    // The key is the database's text of created_at: a JS Date would drop the microseconds and
    // skip rows created within the same millisecond as the batch's last one.
    after = [last.key, last.worker.id];
    if (rows.length < size) return;
  }
}

export async function findWorker(db: Executor, projectCode: string, id: string) {
  const [row] = await listSelect(db)
    .where(and(eq(workers.id, id), eq(workers.projectCode, projectCode), isNull(workers.deletedAt)))
    .limit(1);
  return row;
}

/** The project of a worker id (any project), to tell "not found" from "another project". */
export async function projectOfWorker(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectCode: workers.projectCode })
    .from(workers)
    .where(and(eq(workers.id, id), isNull(workers.deletedAt)));
  return row?.projectCode;
}

export async function findByIdNumber(db: Executor, projectCode: string, idNumber: string) {
  const [row] = await db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(
      and(eq(workers.projectCode, projectCode), eq(workers.idNumber, idNumber), isNull(workers.deletedAt)),
    );
  return row;
}

export async function insertWorker(db: Executor, values: typeof workers.$inferInsert): Promise<WorkerRow> {
  const [row] = await db.insert(workers).values(values).returning();
  return row!;
}

export async function updateWorker(db: Executor, id: string, values: Partial<typeof workers.$inferInsert>) {
  const [row] = await db
    .update(workers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workers.id, id))
    .returning();
  return row!;
}

export async function lockWorkers(db: Executor, projectCode: string, ids: string[]) {
  return db
    .select()
    .from(workers)
    .where(and(inArray(workers.id, ids), eq(workers.projectCode, projectCode), isNull(workers.deletedAt)))
    .for('update');
}

export async function listFaces(db: Executor, workerId: string) {
  return db
    .select()
    .from(workerFaces)
    .where(eq(workerFaces.workerId, workerId))
    .orderBy(asc(workerFaces.createdAt), asc(workerFaces.id))
    .limit(100);
}

export async function insertFace(db: Executor, values: typeof workerFaces.$inferInsert) {
  const [row] = await db.insert(workerFaces).values(values).returning();
  return row!;
}

export async function findFace(db: Executor, workerId: string, faceId: string) {
  const [row] = await db
    .select()
    .from(workerFaces)
    .where(and(eq(workerFaces.id, faceId), eq(workerFaces.workerId, workerId)));
  return row;
}

export async function addHistory(
  db: Executor,
  values: typeof workerHistory.$inferInsert | (typeof workerHistory.$inferInsert)[],
) {
  const list = Array.isArray(values) ? values : [values];
  if (list.length) await db.insert(workerHistory).values(list);
}

export async function listHistory(db: Executor, workerId: string) {
  return db
    .select({
      at: workerHistory.at,
      action: workerHistory.action,
      text: workerHistory.text,
      actor: users.name,
    })
    .from(workerHistory)
    .leftJoin(users, eq(users.id, workerHistory.actorId))
    .where(eq(workerHistory.workerId, workerId))
    .orderBy(asc(workerHistory.at), asc(workerHistory.id))
    .limit(200);
}

export async function sectionOf(db: Executor, projectCode: string, code: string) {
  const [row] = await db
    .select({ code: sections.code, name: sections.name, managerId: sections.managerId })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), eq(sections.code, code)));
  return row;
}

export async function areaName(db: Executor, code: string): Promise<string> {
  const [row] = await db
    .select({ name: areas.name, parent: areas.parentCode })
    .from(areas)
    .where(eq(areas.code, code));
  if (!row) return '';
  const chain = [row.name];
  let parent = row.parent;
  for (let i = 0; parent && i < 2; i++) {
    const [p] = await db
      .select({ name: areas.name, parent: areas.parentCode })
      .from(areas)
      .where(eq(areas.code, parent));
    if (!p) break;
    chain.unshift(p.name);
    parent = p.parent;
  }
  return chain.join('');
}

/** Workers allowed to clock in whose insurance no longer covers `today`. */
export async function clockInsToExpire(db: Executor, today: string) {
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
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
    .where(and(eq(workers.clockIn, true), isNull(workers.deletedAt), not(insuranceValidOn(today))))
    .orderBy(workers.id)
    .limit(1000);
}

/**
 * Workers whose insurance covers `today` but ends within `days` days and who were not yet noticed
 * for that end date (the daily check's "insurance ending" notice), with their section manager.
 */
export async function insuranceEndingToNotice(db: Executor, today: string, days: number) {
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
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
    .where(
      and(
        isNull(workers.deletedAt),
        insuranceValidOn(today),
        lte(workers.insuranceEnd, addDays(today, days)),
        sql`${workers.insuranceNoticeEnd} is distinct from ${workers.insuranceEnd}`,
      ),
    )
    .orderBy(workers.id)
    .limit(1000);
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
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
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
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
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
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
    .where(ending)
    .orderBy(asc(workers.insuranceEnd), asc(workers.id))
    .limit(50);
  const [endingCount] = await db.select({ n: count() }).from(workers).where(ending);
  const weekExpr = sql<string>`to_char(date_trunc('week', ${workers.createdAt} at time zone 'Asia/Shanghai'), 'YYYY-MM-DD')`;
  const perWeek = await db
    .select({ week: weekExpr, count: count() })
    .from(workers)
    .where(and(where, gte(workers.createdAt, chinaMidnight(addDays(today, -7 * 26)) as never)))
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

/* ---- Clock-ins ---- */

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
