import { count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert into files returned nothing');
  return row;
}

export function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db
    .select()
    .from(files)
    .where(eq(files.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

/*
 * filesByIds' statement prepared once per database handle (a named statement on PostgreSQL, its
 * rows still mapped by Drizzle into FileRow): a record's detail asks it on every call, and
 * Drizzle building the select each time cost more CPU than the statement.
 */
const byIdsStatements = new WeakMap<object, { execute(v: { ids: string[] }): Promise<FileRow[]> }>();
function byIdsStatement(db: Db) {
  let statement = byIdsStatements.get(db);
  if (!statement) {
    statement = db
      .select()
      .from(files)
      .where(sql`${files.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('files_by_ids');
    byIdsStatements.set(db, statement);
  }
  return statement;
}

/** Files by id (one query for a batch of records' media). */
export function filesByIds(db: Db, ids: string[]): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return byIdsStatement(db).execute({ ids: [...new Set(ids)] });
}

/** How many files a project holds (project deletion asks). */
export async function projectFileCount(db: Executor, projectCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(files).where(eq(files.projectCode, projectCode));
  return row?.n ?? 0;
}

/** Files and bytes of a project by kind (the project's storage page). */
export async function projectStorageUsage(db: Executor, projectCode: string) {
  const rows = await db
    .select({ kind: files.kind, files: count(), bytes: sql<string>`coalesce(sum(${files.bytes}), 0)` })
    .from(files)
    .where(eq(files.projectCode, projectCode))
    .groupBy(files.kind)
    .orderBy(files.kind);
  return rows.map((r) => ({ kind: r.kind, files: r.files, bytes: Number(r.bytes) }));
}
