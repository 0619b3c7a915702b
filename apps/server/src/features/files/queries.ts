import { eq } from 'drizzle-orm';
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
