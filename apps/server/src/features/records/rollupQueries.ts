import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordCells, recordCounts } from '../../db/schema/index.ts';
import { inList } from '../../platform/scopeFilter.ts';
import { rowsOf } from './queries.ts';
import { groupCellDeltas, groupDeltas, MAP_BASE_CELL, type RollupDelta } from './rollup.ts';

/**
 * The rollup's SQL: record_counts (per day) and record_cells (per map cell) moved by every write,
 * rebuilt from records when data came in past the service, and summed for the overview's figures.
 * What a record adds is computed in rollup.ts; counters.ts keeps the remembered sums fresh.
 */

export type CountDelta = RollupDelta;

/**
 * Adds deltas to the per-day counters and to the map's cells (record_cells), one row per group
 * (the batch's increments summed first).
 */
export async function bumpCounts(db: Executor, deltas: CountDelta[]): Promise<void> {
  const cellValues = groupCellDeltas(deltas);
  if (cellValues.length) {
    await db
      .insert(recordCells)
      .values(cellValues)
      .onConflictDoUpdate({
        target: [
          recordCells.projectCode,
          recordCells.cx,
          recordCells.cy,
          recordCells.tableCode,
          recordCells.sectionCode,
          recordCells.state,
        ],
        set: {
          n: sql`${recordCells.n} + excluded.n`,
          sumLong: sql`${recordCells.sumLong} + excluded.sum_long`,
          sumLat: sql`${recordCells.sumLat} + excluded.sum_lat`,
        },
      });
  }
  const values = groupDeltas(deltas);
  if (!values.length) return;
  await db
    .insert(recordCounts)
    .values(values)
    .onConflictDoUpdate({
      target: [
        recordCounts.projectCode,
        recordCounts.tableCode,
        recordCounts.sectionCode,
        recordCounts.state,
        recordCounts.day,
        recordCounts.township,
      ],
      set: {
        n: sql`${recordCounts.n} + excluded.n`,
        qty: sql`${recordCounts.qty} + excluded.qty`,
        tons: sql`${recordCounts.tons} + excluded.tons`,
        m3: sql`${recordCounts.m3} + excluded.m3`,
        tags: sql`${recordCounts.tags} + excluded.tags`,
        treated: sql`${recordCounts.treated} + excluded.treated`,
      },
    });
}

/**
 * Derives a project's record_cells again from its records (as migration 0021 did for all): for data
 * loaded past the service (benches, tests' bulk inserts) or to repair the rollup.
 */
export async function rebuildMapCells(db: Executor, projectCode: string): Promise<void> {
  const b = MAP_BASE_CELL;
  await db.execute(sql`delete from record_cells where project_code = ${projectCode}`);
  await db.execute(sql`insert into record_cells
      (project_code, cx, cy, table_code, section_code, state, n, sum_long, sum_lat)
    select project_code, floor(gps_long / ${b}::float8)::int, floor(gps_lat / ${b}::float8)::int,
      table_code, section_code, state, count(*)::int, sum(gps_long), sum(gps_lat)
    from records
    where project_code = ${projectCode} and deleted_at is null and not (gps_long = 0 and gps_lat = 0)
    group by 1, 2, 3, 4, 5, 6`);
}

/* ------------------------------------------------------------------ rollup reads (overview) */

export type RollupKey = 'project' | 'table' | 'section' | 'state' | 'day' | 'township';
const rollupColumns: Record<RollupKey, SQL> = {
  project: sql`c.project_code`,
  table: sql`c.table_code`,
  section: sql`c.section_code`,
  state: sql`c.state`,
  day: sql`c.day::text`,
  township: sql`c.township`,
};

export type RollupFilter = {
  projectCodes: string[];
  tableCodes: string[];
  sectionCodes?: string[] | undefined;
  states?: string[] | undefined;
  /** China days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
};

export type RollupRow = Partial<Record<RollupKey, string>> & {
  n: number;
  qty: number;
  tons: number;
  m3: number;
  tags: number;
  treated: number;
};
const sumColumns = ['n', 'qty', 'tons', 'm3', 'tags', 'treated'] as const;

/** Sums of the per-day rollup grouped by a fixed set of keys (never the records table). */
export async function rollupSums(db: Executor, f: RollupFilter, by: RollupKey[]): Promise<RollupRow[]> {
  if (!f.projectCodes.length || !f.tableCodes.length) return [];
  // A project or table list is never empty here (answered above); sections and states may be.
  const parts: SQL[] = [inList(sql`c.project_code`, f.projectCodes), inList(sql`c.table_code`, f.tableCodes)];
  if (f.sectionCodes) parts.push(inList(sql`c.section_code`, f.sectionCodes));
  if (f.states) parts.push(inList(sql`c.state`, f.states));
  if (f.from) parts.push(sql`c.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`c.day <= ${f.to}::date`);
  const keys = by.map((k) => sql`${rollupColumns[k]} as ${sql.raw(`"${k}"`)}`);
  const sums = sumColumns.map((k) => sql.raw(`sum(c.${k})::float8 as ${k}`));
  const select = sql.join([...keys, ...sums], sql`, `);
  const group = by.length
    ? sql`group by ${sql.join(
        by.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const result = await db.execute(
    sql`select ${select} from record_counts c where ${sql.join(parts, sql` and `)} ${group}`,
  );
  return rowsOf<RollupRow>(result).map((r) => ({
    ...r,
    n: Number(r.n),
    qty: Number(r.qty),
    tons: Number(r.tons),
    m3: Number(r.m3),
    tags: Number(r.tags),
    treated: Number(r.treated),
  }));
}

/** The last day holding live records, per table of a project (from the rollup). */
export async function lastDays(db: Executor, projectCode: string): Promise<Map<string, string>> {
  const result = await db.execute(sql`select c.table_code, max(c.day)::text as day from record_counts c
    where c.project_code = ${projectCode} and c.n > 0 group by 1`);
  return new Map(rowsOf<{ table_code: string; day: string }>(result).map((r) => [r.table_code, r.day]));
}
