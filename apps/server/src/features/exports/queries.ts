import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exportRecords, jobs } from '../../db/schema/index.ts';

export type ExportInsert = typeof exportRecords.$inferInsert;
export type ExportRow = typeof exportRecords.$inferSelect;

export async function insertExport(db: Executor, row: ExportInsert): Promise<ExportRow> {
  const [created] = await db.insert(exportRecords).values(row).returning();
  return created!;
}

export async function updateExport(db: Executor, id: string, set: Partial<ExportInsert>): Promise<void> {
  await db.update(exportRecords).set(set).where(eq(exportRecords.id, id));
}

/**
 * An export with its job's state: a record still "exporting" whose job failed or was cancelled
 * (the instance died on the last attempt, say) reads as failed with the job's reason, and the
 * progress is the job's.
 */
const withJob = {
  id: exportRecords.id,
  userId: exportRecords.userId,
  projectCode: exportRecords.projectCode,
  name: exportRecords.name,
  format: exportRecords.format,
  downloadType: exportRecords.downloadType,
  status: sql<number>`case when ${exportRecords.status} = 0 and ${jobs.status} in ('failed', 'cancelled') then 2 else ${exportRecords.status} end`,
  progress: sql<number>`case when ${exportRecords.status} = 0 then coalesce(${jobs.progress}, 0) else ${exportRecords.progress} end`,
  storageKey: exportRecords.storageKey,
  fileName: exportRecords.fileName,
  size: exportRecords.size,
  rows: exportRecords.rows,
  error: sql<
    string | null
  >`coalesce(${exportRecords.error}, case when ${exportRecords.status} = 0 then ${jobs.error} end)`,
  jobId: exportRecords.jobId,
  createdAt: exportRecords.createdAt,
};
export type ExportView = {
  [K in keyof typeof withJob]: K extends 'status' | 'progress' ? number : ExportRow[K & keyof ExportRow];
};

/** The user's exports since `since`, newest first (at most 200: a week of one person's exports). */
export async function recentExports(db: Executor, userId: string, since: Date): Promise<ExportView[]> {
  return (await db
    .select(withJob)
    .from(exportRecords)
    .leftJoin(jobs, eq(jobs.id, exportRecords.jobId))
    .where(and(eq(exportRecords.userId, userId), gte(exportRecords.createdAt, since)))
    .orderBy(desc(exportRecords.createdAt), desc(exportRecords.id))
    .limit(200)) as ExportView[];
}

export async function findExport(db: Executor, id: string): Promise<ExportView | undefined> {
  const [row] = await db
    .select(withJob)
    .from(exportRecords)
    .leftJoin(jobs, eq(jobs.id, exportRecords.jobId))
    .where(eq(exportRecords.id, id));
  return row as ExportView | undefined;
}

export async function findExportRow(db: Executor, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(exportRecords).where(eq(exportRecords.id, id));
  return row;
}

/** Exports older than `before` not yet marked expired (a batch): their files are to be deleted. */
export async function exportsToExpire(db: Executor, before: Date, limit = 500) {
  return db
    .select({ id: exportRecords.id, storageKey: exportRecords.storageKey })
    .from(exportRecords)
    .where(and(lt(exportRecords.createdAt, before), ne(exportRecords.status, -1)))
    .limit(limit);
}

export async function markExpired(db: Executor, id: string): Promise<void> {
  await db.update(exportRecords).set({ status: -1, storageKey: null }).where(eq(exportRecords.id, id));
}
