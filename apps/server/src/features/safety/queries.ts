import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { safetyAttendees, safetyRecords, sections, users, workers } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';
import { containsPattern } from '../../platform/sql.ts';

export type SafetyRow = typeof safetyRecords.$inferSelect;
export type SafetyInsert = typeof safetyRecords.$inferInsert;

export type SafetyFilter = {
  kind?: string | undefined;
  sectionCode?: string | undefined;
  dateBegin?: string | undefined;
  dateEnd?: string | undefined;
  keyWords?: string | undefined;
  /** A section manager's sections: their records and the project-wide ones. */
  sectionScope?: string[] | undefined;
};

function whereOf(projectCode: string, f: SafetyFilter): SQL | undefined {
  const like = containsPattern(f.keyWords);
  return and(
    eq(safetyRecords.projectCode, projectCode),
    f.kind ? eq(safetyRecords.kind, f.kind) : undefined,
    f.sectionCode ? eq(safetyRecords.sectionCode, f.sectionCode) : undefined,
    f.dateBegin ? gte(safetyRecords.heldOn, f.dateBegin) : undefined,
    f.dateEnd ? lte(safetyRecords.heldOn, f.dateEnd) : undefined,
    like
      ? or(
          ilike(safetyRecords.title, like),
          ilike(safetyRecords.host, like),
          ilike(safetyRecords.place, like),
        )
      : undefined,
    f.sectionScope
      ? or(
          isNull(safetyRecords.sectionCode),
          f.sectionScope.length ? inArray(safetyRecords.sectionCode, f.sectionScope) : sql`false`,
        )
      : undefined,
  );
}

/** A ledger line with what the list shows beside it: section name, creator, attendee count. */
const listColumns = {
  record: safetyRecords,
  sectionName: sections.name,
  createdByName: users.name,
  attendeeCount: sql<number>`(select count(*)::int from ${safetyAttendees} a where a.record_id = ${safetyRecords.id})`,
};
export type SafetyListRow = {
  record: SafetyRow;
  sectionName: string | null;
  createdByName: string | null;
  attendeeCount: number;
};

function selectLines(db: Executor) {
  return db
    .select(listColumns)
    .from(safetyRecords)
    .leftJoin(
      sections,
      and(eq(sections.projectCode, safetyRecords.projectCode), eq(sections.code, safetyRecords.sectionCode)),
    )
    .leftJoin(users, eq(users.id, safetyRecords.createdBy));
}

export async function listRecords(db: Executor, projectCode: string, filter: SafetyFilter, page: Page) {
  const where = whereOf(projectCode, filter);
  const [counted, rows] = await Promise.all([
    pageTotal(db, sql`from ${safetyRecords} where ${where}`),
    withPage(
      selectLines(db).where(where).orderBy(desc(safetyRecords.heldOn), desc(safetyRecords.id)).$dynamic(),
      page,
    ),
  ]);
  return { ...counted, rows: rows as SafetyListRow[] };
}

/** The records of a period for the print view, oldest first, at most `limit`; and how many matched. */
export async function recordsForPrint(
  db: Executor,
  projectCode: string,
  filter: SafetyFilter,
  limit: number,
) {
  const where = whereOf(projectCode, filter);
  const rows = await selectLines(db)
    .where(where)
    .orderBy(safetyRecords.heldOn, safetyRecords.id)
    .limit(limit);
  const [n] = await db.select({ n: count() }).from(safetyRecords).where(where);
  return { rows: rows as SafetyListRow[], matched: n?.n ?? 0 };
}

export async function findRecord(db: Executor, projectCode: string, id: string) {
  const [row] = await selectLines(db)
    .where(and(eq(safetyRecords.projectCode, projectCode), eq(safetyRecords.id, id)))
    .limit(1);
  return row as SafetyListRow | undefined;
}

/** The attendees of some records, by record (name order). */
export async function attendeesOf(db: Executor, recordIds: string[]) {
  if (!recordIds.length) return [];
  return db
    .select({
      recordId: safetyAttendees.recordId,
      id: workers.id,
      name: workers.name,
      workType: workers.job,
      sectionName: sections.name,
    })
    .from(safetyAttendees)
    .innerJoin(workers, eq(workers.id, safetyAttendees.workerId))
    .leftJoin(
      sections,
      and(eq(sections.projectCode, workers.projectCode), eq(sections.code, workers.sectionCode)),
    )
    .where(inArray(safetyAttendees.recordId, recordIds))
    .orderBy(workers.name, workers.id);
}

/** Which of `ids` are live workers of the project (and, with a section, of that section). */
export async function workersOfProject(db: Executor, projectCode: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: workers.id, sectionCode: workers.sectionCode })
    .from(workers)
    .where(and(eq(workers.projectCode, projectCode), isNull(workers.deletedAt), inArray(workers.id, ids)));
}

export async function insertRecord(db: Executor, values: SafetyInsert, attendeeIds: string[]) {
  const [row] = await db.insert(safetyRecords).values(values).returning();
  if (attendeeIds.length) {
    await db.insert(safetyAttendees).values(attendeeIds.map((workerId) => ({ recordId: row!.id, workerId })));
  }
  return row!;
}
