import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { areas } from '../../db/schema/index.ts';
import type { AreaRow } from './dataset.ts';

export type AreaRecord = typeof areas.$inferSelect;

export function findArea(db: Executor, code: string): Promise<AreaRecord | undefined> {
  return db
    .select()
    .from(areas)
    .where(eq(areas.code, code))
    .then((r) => r[0]);
}

/** The areas named and all their ancestors, walking up at most four levels. */
export async function areasWithAncestors(db: Executor, codes: string[]): Promise<Map<string, AreaRecord>> {
  const found = new Map<string, AreaRecord>();
  let wanted = [...new Set(codes)];
  for (let level = 0; level < 4 && wanted.length; level++) {
    const rows = await db.select().from(areas).where(inArray(areas.code, wanted));
    for (const row of rows) found.set(row.code, row);
    wanted = rows.map((r) => r.parentCode).filter((c): c is string => !!c && !found.has(c));
  }
  return found;
}

/** Name of each area code given (unknown codes are left out). */
export async function areaNames(db: Executor, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: areas.code, name: areas.name })
    .from(areas)
    .where(inArray(areas.code, [...new Set(codes)]));
  return new Map(rows.map((a) => [a.code, a.name]));
}

/** An area as the area calls answer it (spec §3 "Area entry"). */
const areaEntry = { code: areas.code, name: areas.name, father: areas.parentCode, sort: areas.sort };

export function areaChildren(db: Executor, parentCode: string | null) {
  return db
    .select(areaEntry)
    .from(areas)
    .where(parentCode ? eq(areas.parentCode, parentCode) : isNull(areas.parentCode))
    .orderBy(areas.sort);
}

export function areaEntryOf(db: Executor, code: string) {
  return db.select(areaEntry).from(areas).where(eq(areas.code, code));
}

/** Provinces, cities and counties, parents first, by sort. */
export function countyRows(db: Executor) {
  return db
    .select()
    .from(areas)
    .where(sql`${areas.level} <= 3`)
    .orderBy(areas.level, areas.sort);
}

export async function areaCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(areas);
  return row?.n ?? 0;
}

/** One statement with the dataset as a JSON parameter: ~45k rows in a second, not in batches. */
export async function insertAreas(db: Executor, rows: AreaRow[]): Promise<void> {
  await db.execute(sql`
    insert into areas (code, name, parent_code, level, sort)
    select code, name, "parentCode", level, sort
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as x(code text, name text, "parentCode" text, level smallint, sort integer)`);
}
