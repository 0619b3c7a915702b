import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
// An SQL fragment, not a service: the records feature owns what its filter's conditions mean.
import { recordScopeParts } from '../records/index.ts';

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

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

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

export type PointRow = {
  id: string;
  lng: number;
  lat: number;
  table_code: string;
  section_code: string;
  state: string;
  time_submit: string;
};

/** The records of the filter themselves, at most `limit`, newest first. */
export async function points(db: Executor, f: GisFilter, limit: number): Promise<PointRow[]> {
  const result = await db.execute(sql`select r.id, r.gps_long::float8 as lng, r.gps_lat::float8 as lat,
      r.table_code, r.section_code, r.state,
      to_char(r.time_submit at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as time_submit
    from records r
    where ${whereOf(f)}
    order by r.time_submit desc, r.id desc
    limit ${limit}`);
  return rowsOf<PointRow>(result);
}
