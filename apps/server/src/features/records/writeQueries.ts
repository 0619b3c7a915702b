import { inArray, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordHistory, records } from '../../db/schema/index.ts';

/**
 * The write path's SQL: storing a field batch once, the history, and the locked read-modify-write
 * of a review, deletion or correction. The rollup's counters move in the same transactions
 * (rollupQueries.ts bumpCounts).
 */

export type RecordInsert = typeof records.$inferInsert;
export type RecordRowDb = typeof records.$inferSelect;
export type HistoryInsert = typeof recordHistory.$inferInsert;

/** Inserts a batch; rows whose id exists already are left alone. Answers the ids inserted. */
export async function insertRecords(db: Executor, rows: RecordInsert[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(records)
    .values(rows)
    .onConflictDoNothing({ target: records.id })
    .returning({ id: records.id });
  return new Set(inserted.map((r) => r.id));
}

export async function projectsOfIds(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: records.id, projectCode: records.projectCode })
    .from(records)
    .where(inArray(records.id, ids));
  return new Map(rows.map((r) => [r.id, r.projectCode]));
}

export async function insertHistory(db: Executor, rows: HistoryInsert[]): Promise<void> {
  if (rows.length) await db.insert(recordHistory).values(rows);
}

export type Lockable = {
  id: string;
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  state: string;
  timeSubmit: Date;
  township: string;
  long: number;
  lat: number;
  fields: Record<string, unknown>;
  deletedAt: Date | null;
  collectorId: string;
};

/** Records by id for a change, locked in id order (concurrent reviewers never deadlock). */
export async function lockRecords(db: Executor, ids: string[]): Promise<Lockable[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: records.id,
      projectCode: records.projectCode,
      tableCode: records.tableCode,
      sectionCode: records.sectionCode,
      state: records.state,
      timeSubmit: records.timeSubmit,
      township: records.gpsXiang,
      long: records.gpsLong,
      lat: records.gpsLat,
      fields: records.fields,
      deletedAt: records.deletedAt,
      collectorId: records.collectorId,
    })
    .from(records)
    .where(inArray(records.id, ids))
    .orderBy(records.id)
    .for('update');
}

export async function setState(
  db: Executor,
  ids: string[],
  state: string,
  reason: string | null,
): Promise<void> {
  if (ids.length)
    await db.update(records).set({ state, stateReason: reason }).where(inArray(records.id, ids));
}

export async function setDeleted(db: Executor, ids: string[], deleted: boolean): Promise<void> {
  if (ids.length) {
    await db
      .update(records)
      .set({ deletedAt: deleted ? sql`now()` : null })
      .where(inArray(records.id, ids));
  }
}

export async function updateFields(
  db: Executor,
  id: string,
  values: {
    fields: Record<string, unknown>;
    searchText: string;
    editorId: string;
    descriptorVersion: number;
  },
): Promise<void> {
  await db
    .update(records)
    .set({ ...values, timeEdit: sql`now()` })
    .where(eq(records.id, id));
}
