import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/** Files by id (one query for a batch of records' media). */
export function filesByIds(db: Db, ids: string[]): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]));
}
