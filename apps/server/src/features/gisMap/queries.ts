import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scopeConditions } from '../../platform/scopeFilter.ts';
// An SQL fragment, not a service: the records feature owns what its filter's conditions mean.
import { MAP_BASE_CELL, recordScopeParts } from '../records/index.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * The GIS map's reads of the records table. Both are served by records_gis_idx
 * (project_code, gps_long, gps_lat, table_code, section_code, state, time_submit) over live
 * records: the viewport's longitude range is the index range, everything else is checked in the
 * index itself, so the aggregation is an index-only scan that never visits the table's heap.
 */

export type GisFilter = {
  projectCode: string;
  west: number;
  south: number;
  east: number;
  north: number;
  tableCode?: string | undefined;
  sectionCode?: string | undefined;
  /** The caller's sections (a section manager), undefined for everyone else. */
  sectionCodes?: string[] | undefined;
  state?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
};

function whereOf(f: GisFilter): SQL {
  const parts: SQL[] = [
    sql`r.project_code = ${f.projectCode}`,
    sql`r.deleted_at is null`,
    sql`r.gps_long >= ${f.west}::float8`,
    sql`r.gps_long <= ${f.east}::float8`,
    sql`r.gps_lat >= ${f.south}::float8`,
    sql`r.gps_lat <= ${f.north}::float8`,
    // A record without a position (0, 0) is not drawn.
    sql`not (r.gps_long = 0 and r.gps_lat = 0)`,
  ];
  if (f.tableCode !== undefined) parts.push(sql`r.table_code = ${f.tableCode}`);
  parts.push(...recordScopeParts(f));
  return sql.join(parts, sql` and `);
}

export type CellRow = {
  n: number | string;
  lng: number;
  lat: number;
  west: number;
  south: number;
  east: number;
  north: number;
};

/** Records of the filter grouped into square cells of `cellSize` degrees (grid anchored at 0, 0). */
export async function cells(db: Executor, f: GisFilter, cellSize: number): Promise<CellRow[]> {
  const result = await db.execute(sql`select count(*) as n,
      avg(r.gps_long)::float8 as lng, avg(r.gps_lat)::float8 as lat,
      min(r.gps_long)::float8 as west, min(r.gps_lat)::float8 as south,
      max(r.gps_long)::float8 as east, max(r.gps_lat)::float8 as north
    from records r
    where ${whereOf(f)}
    group by floor(r.gps_long / ${cellSize}::float8), floor(r.gps_lat / ${cellSize}::float8)`);
  return rowsOf<CellRow>(result);
}

/**
 * The same cells summed from record_cells (records/rollup.ts) for a cell edge that is
 * 2^k base cells: a few thousand counter rows instead of up to a million records. What it cannot
 * know: a date range (no day in the rollup: callers use `cells` then), and where in its base cell
 * a record lies. So a cell at the view's edge counts its whole base cells, and its bounds are
 * those of its base cells (at most one base cell, ~1 km, wider than its records').
 */
export async function cellsFromRollup(db: Executor, f: GisFilter, cellSize: number): Promise<CellRow[]> {
  const per = Math.round(cellSize / MAP_BASE_CELL);
  const b = MAP_BASE_CELL;
  const parts: SQL[] = [
    sql`c.project_code = ${f.projectCode}`,
    sql`c.cx between ${Math.floor(f.west / b)} and ${Math.floor(f.east / b)}`,
    sql`c.cy between ${Math.floor(f.south / b)} and ${Math.floor(f.north / b)}`,
    sql`c.n > 0`,
    ...scopeConditions('c', {
      tableCode: f.tableCode,
      sectionCode: f.sectionCode,
      sectionCodes: f.sectionCodes,
      state: f.state,
    }),
  ];
  const result = await db.execute(sql`select sum(c.n)::int as n,
      (sum(c.sum_long) / sum(c.n))::float8 as lng, (sum(c.sum_lat) / sum(c.n))::float8 as lat,
      (min(c.cx) * ${b}::float8) as west, (min(c.cy) * ${b}::float8) as south,
      ((max(c.cx) + 1) * ${b}::float8) as east, ((max(c.cy) + 1) * ${b}::float8) as north
    from record_cells c
    where ${sql.join(parts, sql` and `)}
    group by floor(c.cx / ${per}::float8), floor(c.cy / ${per}::float8)`);
  return rowsOf<CellRow>(result);
}

export type PointRow = {
  id: string;
  lng: number;
  lat: number;
  table_code: string;
  section_code: string;
  state: string;
  time_submit: string;
  qty: number | null;
  qty_unit: string | null;
};

/** Per table, the field whose value a point shows and the field naming its unit ('' when fixed). */
export type QuantityPick = { tableCode: string; code: string; unitColumn: string };

/** The records of the filter themselves, at most `limit`, newest first, with each one's headline quantity. */
export async function points(
  db: Executor,
  f: GisFilter,
  limit: number,
  picks: QuantityPick[] = [],
): Promise<PointRow[]> {
  // Field codes are descriptor codes (a fixed pattern), sent as parameters all the same.
  const pick = picks.length
    ? sql`left join (values ${sql.join(
        picks.map((p) => sql`(${p.tableCode}::text, ${p.code}::text, ${p.unitColumn}::text)`),
        sql`, `,
      )}) as h(table_code, code, unit_code) on h.table_code = r.table_code`
    : sql`left join (select null::text as code, null::text as unit_code) as h on false`;
  const result = await db.execute(sql`select r.id, r.gps_long::float8 as lng, r.gps_lat::float8 as lat,
      r.table_code, r.section_code, r.state,
      to_char(r.time_submit at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as time_submit,
      case when jsonb_typeof(r.fields -> h.code) = 'number' then (r.fields ->> h.code)::float8 end as qty,
      r.fields ->> h.unit_code as qty_unit
    from records r ${pick}
    where ${whereOf(f)}
    order by r.time_submit desc, r.id desc
    limit ${limit}`);
  return rowsOf<PointRow>(result);
}
