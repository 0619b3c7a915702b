import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { burnPoints } from '../../db/schema/index.ts';
import { pageTotal, type Page, withPage } from '../../platform/pagination.ts';

export type BurnPointRow = typeof burnPoints.$inferSelect;
export type BurnPointInsert = typeof burnPoints.$inferInsert;

export type BurnPointFilter = {
  keyWords?: string | undefined;
  type?: string | undefined;
  state?: string | undefined;
};

function whereOf(projectCode: string, filter: BurnPointFilter): SQL | undefined {
  const like = filter.keyWords ? `%${filter.keyWords.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    eq(burnPoints.projectCode, projectCode),
    filter.type ? eq(burnPoints.kind, filter.type) : undefined,
    filter.state ? eq(burnPoints.state, filter.state) : undefined,
    like ? or(ilike(burnPoints.name, like), ilike(burnPoints.personInCharge, like)) : undefined,
  );
}

export async function listBurnPoints(db: Executor, projectCode: string, filter: BurnPointFilter, page: Page) {
  const where = whereOf(projectCode, filter);
  const counted = await pageTotal(db, sql`from ${burnPoints} where ${where}`);
  const rows = await withPage(
    db
      .select()
      .from(burnPoints)
      .where(where)
      .orderBy(desc(burnPoints.createdAt), desc(burnPoints.id))
      .$dynamic(),
    page,
  );
  return { ...counted, rows };
}

/** Every burn point of a project (a project has a handful; bounded for safety). */
export function allBurnPoints(db: Executor, projectCode: string): Promise<BurnPointRow[]> {
  return db
    .select()
    .from(burnPoints)
    .where(eq(burnPoints.projectCode, projectCode))
    .orderBy(asc(burnPoints.name))
    .limit(1000);
}

export function findBurnPoint(
  db: Executor,
  projectCode: string,
  id: string,
): Promise<BurnPointRow | undefined> {
  return db
    .select()
    .from(burnPoints)
    .where(and(eq(burnPoints.projectCode, projectCode), eq(burnPoints.id, id)))
    .limit(1)
    .then((r) => r[0]);
}

export function nameTaken(
  db: Executor,
  projectCode: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  return db
    .select({ id: burnPoints.id })
    .from(burnPoints)
    .where(
      and(
        eq(burnPoints.projectCode, projectCode),
        eq(burnPoints.name, name),
        exceptId ? ne(burnPoints.id, exceptId) : undefined,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertBurnPoint(db: Executor, values: BurnPointInsert): Promise<BurnPointRow> {
  const [row] = await db.insert(burnPoints).values(values).returning();
  return row!;
}

export async function updateBurnPoint(
  db: Executor,
  projectCode: string,
  id: string,
  values: Partial<BurnPointInsert>,
): Promise<BurnPointRow | undefined> {
  const [row] = await db
    .update(burnPoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(burnPoints.projectCode, projectCode), eq(burnPoints.id, id)))
    .returning();
  return row;
}

export async function deleteBurnPoint(
  db: Executor,
  projectCode: string,
  id: string,
): Promise<BurnPointRow | undefined> {
  const [row] = await db
    .delete(burnPoints)
    .where(and(eq(burnPoints.projectCode, projectCode), eq(burnPoints.id, id)))
    .returning();
  return row;
}

/** The registered points among `names` (a records page's burn points): name and state. */
export function pointsNamed(
  db: Executor,
  projectCode: string,
  names: string[],
): Promise<{ name: string; state: string }[]> {
  if (!names.length) return Promise.resolve([]);
  return db
    .select({ name: burnPoints.name, state: burnPoints.state })
    .from(burnPoints)
    .where(and(eq(burnPoints.projectCode, projectCode), inArray(burnPoints.name, names)));
}
